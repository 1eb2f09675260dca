import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { httpCall } from '../helpers/http.js';

/**
 * Writers for the concurrency tests of issue #19 (finding 8 and the mixed-writes test): each runs
 * its list of write kinds in turn over real HTTP, against the instances in turn, until its time or
 * its count runs out, and tallies every answer. The writes are those a deployment sees at once:
 * principals, policies, webhooks, API tokens, token requests good and bad, decisions.
 */

export interface Answer {
  kind: string;
  status: number;
  body: unknown;
}

export interface WriterTarget {
  /** The REST base (…/v1) of each instance; writer n starts at instance n. */
  bases: string[];
  /** An admin:all access token valid on every instance. */
  token: string;
  /** A client whose good secret the token requests use. */
  client: { clientId: string; clientSecret: string };
  /** A client the failed token requests name with a wrong secret. */
  victim: { clientId: string };
  /** Webhook receiver URLs: one that answers, one where nothing listens (failed deliveries, disabling). */
  receiverUrl: string;
  deadUrl: string;
}

export type WriteKind = 'principal' | 'policy' | 'webhook' | 'api_token' | 'token_request' | 'failed_token_request' | 'decision';

/** One writer's state: what it created and may change or delete next. */
interface WriterState {
  n: number;
  step: number;
  principals: string[];
  policies: Array<{ id: string; name: string }>;
  webhooks: string[];
  apiTokens: string[];
}

const allowRead = (type: string) => ({ effect: 'allow', principals: { type: 'USER' }, resources: { type, identifiers: ['*'] }, actions: ['read'] });

/**
 * Runs `writers` writers, writer n doing `kinds[n % kinds.length]` in turn, all in parallel, for at
 * most `durationMs` and at most `maxWritesPerWriter` writes each. Answers every answer.
 */
export async function runWriters(
  target: WriterTarget,
  options: { writers: number; kinds: WriteKind[][]; durationMs: number; maxWritesPerWriter: number },
): Promise<Answer[]> {
  const answers: Answer[] = [];
  const deadline = Date.now() + options.durationMs;
  const tag = randomBytes(3).toString('hex');
  const writer = async (n: number): Promise<void> => {
    const kinds = options.kinds[n % options.kinds.length]!;
    const state: WriterState = { n, step: 0, principals: [], policies: [], webhooks: [], apiTokens: [] };
    while (Date.now() < deadline && state.step < options.maxWritesPerWriter) {
      const kind = kinds[state.step % kinds.length]!;
      const base = target.bases[(n + state.step) % target.bases.length]!;
      const call = async (
        path: string,
        init: { method?: string; body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
      ): Promise<Answer> => {
        const answer = await httpCall(`${base}${path}`, {
          ...(init.method ? { method: init.method } : {}),
          ...(init.body !== undefined ? { body: init.body } : {}),
          ...(init.headers ? { headers: init.headers } : {}),
          ...(init.token === null ? {} : { token: init.token ?? target.token }),
        });
        const recorded = { kind, status: answer.status, body: answer.body };
        answers.push(recorded);
        return recorded;
      };
      await writeOnce(kind, state, target, call, `${tag}-${n}-${state.step}`);
      state.step++;
    }
  };
  await Promise.all(Array.from({ length: options.writers }, (_, n) => writer(n)));
  return answers;
}

type Call = (path: string, init?: { method?: string; body?: unknown; token?: string | null; headers?: Record<string, string> }) => Promise<Answer>;

/** One write of `kind`: creates, changes or deletes, depending on what the writer holds. */
async function writeOnce(kind: WriteKind, state: WriterState, target: WriterTarget, call: Call, unique: string): Promise<void> {
  const id = (answer: Answer): string | undefined => (answer.status < 300 ? (answer.body as { id?: string }).id : undefined);
  switch (kind) {
    case 'principal': {
      const existing = state.principals[0];
      if (!existing || state.principals.length < 2) {
        const created = id(await call('/principals', { body: { kind: 'user', name: `writer-${unique}`, attributes: { department: 'd1' } } }));
        if (created) state.principals.push(created);
      } else if (state.step % 3 === 0) {
        state.principals.shift();
        await call(`/principals/${existing}`, { method: 'DELETE' });
      } else {
        await call(`/principals/${existing}`, { method: 'PATCH', body: { attributes: { department: `d${state.step}` } } });
      }
      return;
    }
    case 'policy': {
      const existing = state.policies[0];
      if (!existing || state.policies.length < 2) {
        const name = `writer-${unique}`;
        const created = id(await call('/policies', { body: { name, status: 'active', rules: [allowRead(`doc-${state.n}`)] } }));
        if (created) state.policies.push({ id: created, name });
      } else if (state.step % 3 === 0) {
        state.policies.shift();
        await call(`/policies/${existing.id}`, { method: 'DELETE' });
      } else {
        await call(`/policies/${existing.id}`, {
          method: 'PUT',
          body: { name: existing.name, status: 'active', rules: [allowRead(`doc-${state.n}`), allowRead(`doc-${state.step}`)] },
        });
      }
      return;
    }
    case 'webhook': {
      if (state.webhooks.length < 2) {
        // Every event type, so every other write of the run has deliveries to enqueue for it.
        const url = state.step % 4 === 0 ? target.deadUrl : target.receiverUrl;
        const created = id(await call('/webhooks', { body: { url, event_types: ['*'], description: `writer ${unique}` } }));
        if (created) state.webhooks.push(created);
      } else {
        await call(`/webhooks/${state.webhooks.shift()!}`, { method: 'DELETE' });
      }
      return;
    }
    case 'api_token': {
      if (state.apiTokens.length < 2) {
        const created = id(await call('/auth/token', { body: { name: `writer-${unique}`, scopes: ['read:policies'] } }));
        if (created) state.apiTokens.push(created);
      } else {
        await call('/auth/revoke', { method: 'DELETE', body: { id: state.apiTokens.shift()! } });
      }
      return;
    }
    case 'token_request':
      await call('/oauth/token', {
        token: null,
        body: { grant_type: 'client_credentials', client_id: target.client.clientId, client_secret: target.client.clientSecret },
      });
      return;
    case 'failed_token_request':
      await call('/oauth/token', {
        token: null,
        body: { grant_type: 'client_credentials', client_id: target.victim.clientId, client_secret: `wrong-${unique}` },
      });
      return;
    case 'decision':
      await call('/decisions/evaluate', {
        body: {
          principal: { type: 'USER', id: `u-${state.n}`, attributes: { department: 'd1' } },
          resource: { type: `doc-${state.n}`, identifier: 'd-1' },
          action: 'read',
        },
      });
      return;
  }
}

/** The answers of 500 and above, for an assertion message that shows what failed. */
export function serverErrors(answers: readonly Answer[]): Answer[] {
  return answers.filter((answer) => answer.status >= 500);
}

/** How many answers of each kind succeeded (2xx): a run that wrote nothing proves nothing. */
export function successesByKind(answers: readonly Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) if (answer.status < 300) counts[answer.kind] = (counts[answer.kind] ?? 0) + 1;
  return counts;
}

/**
 * PostgreSQL's count of deadlocks detected in the database of `databaseUrl` (pg_stat_database).
 * A backend reports its counts when it exits or goes idle (at most every second, by PostgreSQL
 * 15's cumulative statistics), so `settled` first waits for every other backend on that database
 * to be gone: call it after the apps are closed.
 */
export async function deadlocksOf(databaseUrl: string, options: { settled?: boolean } = {}): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (options.settled) {
      for (let i = 0; i < 100; i++) {
        const others = await client.query<{ count: string }>(
          'SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        if (Number(others.rows[0]!.count) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await client.query('SELECT pg_stat_clear_snapshot()');
    const row = await client.query<{ deadlocks: string }>('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()');
    return Number(row.rows[0]!.deadlocks);
  } finally {
    await client.end();
  }
}

/** A loopback URL where nothing listens: deliveries to it fail at once (connection refused). */
export async function deadLoopbackUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}
