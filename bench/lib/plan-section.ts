/**
 * The `plan` section (issue #35): POST /v1/decisions/plan beside POST /v1/decisions/evaluate on the
 * same acctl server (one process, one fresh database) with 1,000 active policies: the 10 payments
 * policies the requests address and 990 generated ones over the same resource types and actions.
 * Both routes are driven in the same interleaved rounds, so the machine's neighbours weigh on both
 * alike: one request at a time (the goal: a plan answers within 2x an evaluate), then 32 connections.
 */
import { generatedPolicies, httpRequests, paymentsPolicies, seededRandom } from '../fixtures/policies.js';
import type { PeerSettings } from '../peers/settings.js';
import { checkDecisions, decisionTarget, startDecisionServer, type DecisionServer } from './acctl-server.js';
import { latency, met, table, throughput } from './format.js';
import { closedLoop, type LoadResult, type LoadTarget } from './load.js';
import { significant } from './stats.js';

export const planPolicyCount = 1_000;

export interface PlanSummary {
  policies: number;
  /** One request at a time. */
  sequential: { evaluate: LoadResult; plan: LoadResult; plan_to_evaluate_p50: number; plan_to_evaluate_mean: number };
  /** Closed loop, `connections` connections. */
  peak: { evaluate: LoadResult; plan: LoadResult; plan_to_evaluate_throughput: number };
  /** The first plan's answer, for the reader: its kind and how many policies it names. */
  sample: { kind: string; policies: number };
}

/** The evaluate requests' principal, action, type and context, without the resource's identifier. */
const planBodies = httpRequests.map(({ request }) =>
  JSON.stringify({
    principal: request.principal,
    resource: { type: request.resource.type },
    action: request.action,
    ...(request.context ? { context: request.context } : {}),
  }),
);

function planTarget(target: DecisionServer): LoadTarget {
  // Plans are not decisions (the ledger counts those): no X-Request-Id bookkeeping.
  const { ledger: _ledger, ...evaluate } = decisionTarget(target, 'evaluate');
  return { ...evaluate, path: '/v1/decisions/plan', bodies: planBodies };
}

export async function planSection(settings: PeerSettings, log: (message: string) => void): Promise<PlanSummary> {
  const policies = [...paymentsPolicies(), ...generatedPolicies(planPolicyCount - paymentsPolicies().length, seededRandom(20261135))];
  const server = await startDecisionServer(`acctl, ${planPolicyCount} policies (plan)`, policies);
  try {
    await checkDecisions(server);
    const targets = { evaluate: decisionTarget(server, 'evaluate'), plan: planTarget(server) };
    const sample = await firstPlan(targets.plan);
    log(`  a plan over ${planPolicyCount} policies: ${sample.kind}, naming ${sample.policies} policies`);
    const options = { seconds: settings.seconds, rounds: settings.rounds, warmUpSeconds: settings.warmUpSeconds };
    const sequential = await closedLoop(targets, { ...options, connections: 1 });
    log(`  one at a time: evaluate p50 ${sequential.evaluate.latency_ms.p50} ms, plan p50 ${sequential.plan.latency_ms.p50} ms`);
    const peak = await closedLoop(targets, { ...options, connections: settings.connections });
    log(`  ${settings.connections} connections: evaluate ${peak.evaluate.requests_per_second} req/s, plan ${peak.plan.requests_per_second} req/s`);
    return {
      policies: planPolicyCount,
      sequential: {
        ...sequential,
        plan_to_evaluate_p50: significant(sequential.plan.latency_ms.p50 / sequential.evaluate.latency_ms.p50),
        plan_to_evaluate_mean: significant(sequential.plan.latency_ms.mean / sequential.evaluate.latency_ms.mean),
      },
      peak: { ...peak, plan_to_evaluate_throughput: significant(peak.plan.requests_per_second / peak.evaluate.requests_per_second) },
      sample,
    };
  } finally {
    await server.server.stop();
  }
}

async function firstPlan(target: LoadTarget): Promise<PlanSummary['sample']> {
  const response = await fetch(`${target.url}${target.path}`, { method: 'POST', headers: target.headers, body: target.bodies[0] });
  const body = (await response.json()) as { kind?: string; policies?: Record<string, number> };
  if (response.status !== 200 || typeof body.kind !== 'string') throw new Error(`POST /v1/decisions/plan answered ${response.status} ${JSON.stringify(body)}`);
  return { kind: body.kind, policies: Object.keys(body.policies ?? {}).length };
}

export function renderPlan(summary: PlanSummary): string {
  const { sequential, peak } = summary;
  return table([
    [
      `POST /v1/decisions/plan vs evaluate, ${summary.policies.toLocaleString('en-US')} active policies, one request at a time (p50 latency)`,
      latency(sequential.plan),
      `evaluate: ${latency(sequential.evaluate)}`,
      String(sequential.plan_to_evaluate_p50),
      '≤ 2',
      met(sequential.plan_to_evaluate_p50 <= 2),
    ],
    [
      'The same, mean latency',
      `${sequential.plan.latency_ms.mean} ms`,
      `evaluate: ${sequential.evaluate.latency_ms.mean} ms`,
      String(sequential.plan_to_evaluate_mean),
      '',
      '',
    ],
    [
      'The same at 32 connections (throughput, plan / evaluate)',
      throughput(peak.plan),
      `evaluate: ${throughput(peak.evaluate)}`,
      String(peak.plan_to_evaluate_throughput),
      'none',
      '',
    ],
  ]).join('\n');
}
