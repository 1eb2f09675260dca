/**
 * acctl as the benchmarks drive it: a server process on a fresh database seeded with policies, the
 * ledger of the decisions its clients were answered, a check of its answers before anything is
 * timed, and the load targets of its decision and token endpoints. Shared by the HTTP section and
 * the peer sections, which each start their own.
 */
import pg from 'pg';
import { freshDatabase } from '../../scripts/test-databases.js';
import { httpRequests } from '../fixtures/policies.js';
import { startServer, type BenchServer } from './children.js';
import { DecisionLedger } from './ledger.js';
import type { LoadTarget } from './load.js';
import { seedActivePolicies } from './seed.js';

export const batchSize = 100;

/** A decision server, its database, and the ledger of the decisions its clients were answered. */
export interface DecisionServer {
  server: BenchServer;
  database: string;
  databaseUrl: string;
  ledger: DecisionLedger;
}

/**
 * `script`: servers/acctl.ts (one process) or servers/acctl-cluster.ts (a primary and its workers).
 * `countRecordCalls`: PostgreSQL counts the calls of acctl_record_checked_decisions (track_functions), for
 * recordFunctionCalls. `auditDecisionEvents`: the server's setting, when not the default (`all`).
 */
export async function startDecisionServer(
  name: string,
  policies: Parameters<typeof seedActivePolicies>[1],
  options: { script?: string; countRecordCalls?: boolean; auditDecisionEvents?: 'digest' } = {},
): Promise<DecisionServer> {
  const databaseUrl = await freshDatabase();
  await seedActivePolicies(databaseUrl, policies);
  if (options.countRecordCalls)
    await onDatabase(
      databaseUrl,
      async (client) => void (await client.query(`ALTER DATABASE "${new URL(databaseUrl).pathname.slice(1)}" SET track_functions = 'pl'`)),
    );
  const server = await startServer(name, options.script ?? 'bench/servers/acctl.ts', {
    env: { BENCH_DATABASE_URL: databaseUrl, ...(options.auditDecisionEvents ? { BENCH_AUDIT_DECISION_EVENTS: options.auditDecisionEvents } : {}) },
  });
  return { server, databaseUrl, database: new URL(databaseUrl).pathname.slice(1), ledger: new DecisionLedger(name, `bench-${policies.length}`) };
}

/** POST to a decision route with a bearer token and a request id from the ledger, which learns of a 2xx answer. */
export async function postDecisions(
  target: DecisionServer,
  route: string,
  body: unknown,
  decisions: number,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const requestId = target.ledger.next(decisions);
  const response = await fetch(`${target.server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${String(target.server.ready.token)}`, 'x-request-id': requestId },
    body: JSON.stringify(body),
  });
  if (response.ok) target.ledger.acknowledge(response.headers.get('x-request-id'));
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** The answers the requests were written for, one by one and as a batch, before anything is timed. */
export async function checkDecisions(target: DecisionServer): Promise<void> {
  for (const { request, expected } of httpRequests) {
    const answer = await postDecisions(target, '/v1/decisions/evaluate', request, 1);
    if (answer.status !== 200 || (answer.body as { decision?: string }).decision !== expected)
      throw new Error(`${target.server.name}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const batch = Array.from({ length: batchSize }, (_, n) => httpRequests[n % httpRequests.length]);
  const answer = await postDecisions(target, '/v1/decisions/batch', { requests: batch.map((entry) => entry?.request) }, batchSize);
  const decisions = ((answer.body as { results?: Array<{ decision: string }> }).results ?? []).map((result) => result.decision);
  if (answer.status !== 200 || decisions.join() !== batch.map((entry) => entry?.expected).join())
    throw new Error(`${target.server.name}: the batch answered ${answer.status} ${decisions.join()}`);
}

/** The benchmark requests, one per body, and as one batch of `batchSize`. */
export const evaluateBodies = httpRequests.map(({ request }) => JSON.stringify(request));
export const batchBody = JSON.stringify({ requests: Array.from({ length: batchSize }, (_, n) => httpRequests[n % httpRequests.length]?.request) });

export function decisionTarget(target: DecisionServer, route: 'evaluate' | 'batch'): LoadTarget {
  return {
    url: target.server.url,
    path: `/v1/decisions/${route}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${String(target.server.ready.token)}` },
    bodies: route === 'evaluate' ? evaluateBodies : [batchBody],
    itemsPerRequest: route === 'evaluate' ? 1 : batchSize,
    ledger: target.ledger,
  };
}

export function tokenRequestFor(server: BenchServer): URLSearchParams {
  return new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: String(server.ready.client_id),
    client_secret: String(server.ready.client_secret),
  });
}

export function tokenTarget(server: BenchServer): LoadTarget {
  return {
    url: server.url,
    path: '/v1/oauth/token',
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    bodies: [tokenRequestFor(server).toString()],
    itemsPerRequest: 1,
  };
}

/**
 * How often the decision recorder's prediction of the audit log's tail missed
 * (domains/audit/decision-recorder.ts): every write calls acctl_record_checked_decisions, which
 * records in its own transaction or answers a miss without writing. So calls minus the write
 * transactions that hold decisions (distinct xmin; a write that gave up predicting after three
 * misses counts as one too) is a lower bound of the misses. Read once the server has stopped,
 * when its backends have reported their counts; needs startDecisionServer's countRecordCalls.
 */
export async function recordFunctionCalls(target: DecisionServer): Promise<{ calls: number; write_transactions: number; misses_at_least: number }> {
  return onDatabase(target.databaseUrl, async (client) => {
    const calls = Number(
      (await client.query("SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_user_functions WHERE funcname = 'acctl_record_checked_decisions'")).rows[0].n,
    );
    const transactions = Number((await client.query('SELECT count(DISTINCT xmin::text) AS n FROM decisions')).rows[0].n);
    return { calls, write_transactions: transactions, misses_at_least: Math.max(0, calls - transactions) };
  });
}

async function onDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
