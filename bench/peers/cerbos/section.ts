/**
 * The Cerbos peer (issue #11): the 10 payments policies the decision benchmark uses, translated into
 * Cerbos resource policies (translate.ts), served by the Cerbos PDP (pdp.ts), and driven by the same
 * load generator, at the same concurrency and for the same time, as acctl beside it in interleaved
 * rounds: one check per request (vs POST /v1/decisions/evaluate) and 100 per request (vs POST
 * /v1/decisions/batch). Before anything is timed, both must give the same decision for every sample
 * request. acctl records every decision in PostgreSQL before it answers; Cerbos, its audit off,
 * records nothing.
 */
import type { EngineRequest } from '../../../core/src/index.js';
import { httpRequests, paymentsPolicies } from '../../fixtures/policies.js';
import { batchSize, checkDecisions, decisionTarget, postDecisions, startDecisionServer } from '../../lib/acctl-server.js';
import type { IntegrityCheck } from '../../lib/ledger.js';
import { closedLoop, type LoadResult, type LoadTarget } from '../../lib/load.js';
import { describeMachine, type Machine } from '../../lib/machine.js';
import type { PgBackendCpu } from '../../lib/pg-cpu.js';
import { significant } from '../../lib/stats.js';
import { ProcessCpuMeter, type ProcessCost } from '../process-cpu.js';
import type { PeerSettings } from '../settings.js';
import { startCerbos, type CerbosPdp } from './pdp.js';
import { cerbosCheckBody, cerbosDecisions, cerbosResourcePolicies } from './translate.js';

export type CerbosPeerResults =
  | {
      ran: true;
      machine: Machine;
      cerbos_version: string;
      policies: number;
      batch_size: number;
      /** Every sample request, with both answers (they must agree). */
      agreement: Array<{ request: string; acctl: string; cerbos: string }>;
      acctl_evaluate: LoadResult;
      acctl_batch: LoadResult;
      cerbos_single: LoadResult;
      cerbos_batch: LoadResult;
      /** Each server process's CPU per decision during the measured runs. */
      cpu: Record<string, ProcessCost>;
      integrity: IntegrityCheck;
      /** acctl's decisions/s over Cerbos's (goal ≥ 2.0). */
      ratios: { single: number; batch: number };
    }
  | { ran: false; machine: Machine; reason: string };

const user = { id: 'usr_ada', type: 'USER', attributes: { department: 'payments' } };
/**
 * The benchmark's requests, then requests that reach the other rules: the time window (07:00-20:00
 * Berlin, on each server's clock, as decisions are: allow or deny depending on when the run is), a
 * service principal, a deny rule over an allow, another resource type and another department.
 */
const samples: EngineRequest[] = [
  ...httpRequests.map(({ request }) => request as EngineRequest),
  { principal: user, resource: { type: 'database', identifier: 'prod-payments-db-1' }, action: 'read', context: { risk_score: 20, mfa_verified: true } },
  { principal: { id: 'svc_ledger', type: 'SERVICE' }, resource: { type: 'database', identifier: 'prod-payments-db-7' }, action: 'read' },
  {
    principal: { ...user, attributes: { department: 'payments', oncall: 'true' } },
    resource: { type: 'database', identifier: 'prod-payments-db-1' },
    action: 'admin',
    context: { risk_score: 10, mfa_verified: true },
  },
  { principal: user, resource: { type: 'bucket', identifier: 'payments-exports-2026' }, action: 'read' },
  { principal: { ...user, attributes: { department: 'search' } }, resource: { type: 'bucket', identifier: 'payments-exports-2026' }, action: 'read' },
];

export async function cerbosPeer(settings: PeerSettings, pg: PgBackendCpu, log: (message: string) => void): Promise<CerbosPeerResults> {
  const machine = describeMachine();
  const policies = paymentsPolicies();
  let pdp: CerbosPdp;
  try {
    pdp = await startCerbos(cerbosResourcePolicies(policies), { maxResourcesPerRequest: batchSize });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`  the Cerbos PDP did not run: ${reason}`);
    return { ran: false, machine, reason };
  }
  try {
    log(`  Cerbos ${pdp.version} at ${pdp.url}; acctl with the same ${policies.length} policies`);
    const acctl = await startDecisionServer('acctl, 10 policies (Cerbos peer)', policies);
    await checkDecisions(acctl);
    const check = async (requests: EngineRequest[]): Promise<Array<'allow' | 'deny'>> => {
      const response = await fetch(`${pdp.url}/api/check/resources`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cerbosCheckBody(requests, 'agreement')),
      });
      if (!response.ok) throw new Error(`Cerbos answered ${response.status}: ${await response.text()}`);
      return cerbosDecisions(await response.json(), requests);
    };

    const agreement: Array<{ request: string; acctl: string; cerbos: string }> = [];
    for (const request of samples) {
      const ours = await postDecisions(acctl, '/v1/decisions/evaluate', request, 1);
      const [theirs] = await check([request]);
      agreement.push({ request: describe(request), acctl: String((ours.body as { decision?: string }).decision ?? ours.status), cerbos: theirs ?? 'none' });
    }
    const batch = Array.from({ length: batchSize }, (_, n) => httpRequests[n % httpRequests.length]?.request as EngineRequest);
    const batchAnswers = await check(batch);
    const expected = batch.map((_, n) => httpRequests[n % httpRequests.length]?.expected);
    const disagreements = agreement.filter((entry) => entry.acctl !== entry.cerbos);
    if (disagreements.length > 0 || batchAnswers.join() !== expected.join()) {
      throw new Error(
        `acctl and Cerbos disagree, so they would not be compared on the same logic: ${JSON.stringify(disagreements)}; batch ${batchAnswers.join()}`,
      );
    }
    log(`  same decisions on ${agreement.length} sample requests and a batch of ${batchSize}`);

    const cerbosTarget = (requests: EngineRequest[][], items: number): LoadTarget => ({
      url: pdp.url,
      path: '/api/check/resources',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      bodies: requests.map((group) => JSON.stringify(cerbosCheckBody(group, 'bench'))),
      itemsPerRequest: items,
    });
    const targets = {
      acctl_evaluate: decisionTarget(acctl, 'evaluate'),
      cerbos_single: cerbosTarget(
        httpRequests.map(({ request }) => [request as EngineRequest]),
        1,
      ),
      acctl_batch: decisionTarget(acctl, 'batch'),
      cerbos_batch: cerbosTarget([batch], batchSize),
    } satisfies Record<string, LoadTarget>;
    const processOf = (key: keyof typeof targets): [number, string | undefined] =>
      key.startsWith('cerbos') ? [pdp.pid, undefined] : [acctl.server.pid, acctl.database];
    const cpu = new ProcessCpuMeter(pg);
    log(`  ${settings.connections} connections, ${settings.rounds} interleaved rounds after ${settings.warmUpSeconds} s of warm-up each`);
    const peak = await closedLoop(targets, {
      ...settings,
      beforeRun: (key, phase) => (phase === 'measured' ? cpu.start(...processOf(key)) : undefined),
      afterRun: (key, phase, result) =>
        phase === 'measured' ? cpu.stop(key, processOf(key)[0], result.ok * targets[key].itemsPerRequest, processOf(key)[1]) : undefined,
    });
    for (const [key, result] of Object.entries(peak))
      log(`  ${key}: ${result.items_per_second.toLocaleString('en-US')} decisions/s, p50 ${result.latency_ms.p50} ms, p99 ${result.latency_ms.p99} ms`);
    const integrity = await acctl.ledger.check(acctl.databaseUrl);
    await acctl.server.stop();
    return {
      ran: true,
      machine,
      cerbos_version: pdp.version,
      policies: policies.length,
      batch_size: batchSize,
      agreement,
      ...peak,
      cpu: cpu.results(),
      integrity,
      ratios: {
        single: significant(peak.acctl_evaluate.items_per_second / peak.cerbos_single.items_per_second),
        batch: significant(peak.acctl_batch.items_per_second / peak.cerbos_batch.items_per_second),
      },
    };
  } finally {
    await pdp.stop();
  }
}

function describe(request: EngineRequest): string {
  const context = request.context ? ` ${JSON.stringify(request.context)}` : '';
  return `${request.principal.type} ${request.action} ${request.resource.type}/${request.resource.identifier}${context}`;
}
