/**
 * Evaluations per second of the policy engine, in process, for 10 and 10,000 active policies.
 *
 *   npx tsx bench/engine.bench.ts
 *   npx tsx --expose-gc bench/engine.bench.ts    # steadier: collects garbage before every round
 *
 * Both sets hold the same 10 policies that address the benchmark requests; the 10,000-policy set adds
 * 9,990 generated ones over the same resource types and actions (so they share the index's buckets)
 * whose identifiers never address those requests. The index should make the two cost about the same.
 * Figures are given as ratios to a baseline measured in the same run (the reference scan over the 10
 * policies), so they compare across machines. Policies come from a seeded generator: every run
 * evaluates the same sets.
 */
import { compilePolicySet, evaluate, evaluateByScan, type EngineDecision, type EnginePolicy, type EngineRequest } from '../server/src/domains/policies/engine/index.js';
import type { PolicyCondition, PolicyRule } from '../server/src/generated/schema-types.js';

const WARM_UP_MS = 300;
/** Per variant, split into ROUNDS interleaved rounds. */
const MEASURE_MS = 2000;
const ROUNDS = 10;
/** Evaluations between looks at the clock: few enough for the 10,000-policy scan, which takes milliseconds each. */
const BATCH = 8;

const resourceTypes = ['database', 'bucket', 'queue', 'topic', 'secret', 'cluster', 'namespace', 'repository', 'pipeline', 'dashboard', 'table', 'function', 'api', 'certificate', 'vault', 'report'];
const actions = ['read', 'write', 'admin', 'delete', 'list', 'deploy'];
const principalTypes = ['USER', 'SERVICE', 'GROUP'];
const environments = ['prod', 'staging', 'dev'];
/** Teams of the generated policies; `payments` is left to the 10 policies the requests address. */
const teams = ['search', 'billing', 'identity', 'growth', 'mobile', 'web', 'data', 'ml', 'infra', 'security', 'support', 'sales', 'hr', 'legal', 'ops', 'edge', 'media', 'ads', 'maps', 'mail'];
const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney'];

/** mulberry32: a small seeded generator, so the sets are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generatedPolicies(count: number, random: () => number): EnginePolicy[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const some = <T>(items: readonly T[], max: number): T[] => [...new Set(Array.from({ length: 1 + Math.floor(random() * max) }, () => pick(items)))];
  const condition = (): PolicyCondition => {
    const kind = random();
    if (kind < 0.4) return { type: 'time', operator: 'between', value: { start: pick(['06:00', '08:00', '09:00', '22:00']), end: pick(['17:00', '18:00', '20:00', '06:00']), timezone: pick(zones) } };
    if (kind < 0.75) return { type: 'risk_score', operator: 'less_than', value: pick([30, 50, 70, 90]) };
    return { type: 'mfa_verified', operator: 'equals', value: true };
  };
  const rule = (): PolicyRule => {
    const team = pick(teams);
    return {
      effect: random() < 0.1 ? 'deny' : 'allow',
      principals: random() < 0.6 ? { type: pick(principalTypes), attributes: { department: some(teams, 3) } } : { type: pick(principalTypes) },
      resources: {
        type: pick(resourceTypes),
        identifiers: Array.from({ length: 1 + Math.floor(random() * 3) }, () => (random() < 0.3 ? `${pick(environments)}-${team}-*` : `${pick(environments)}-${team}-${pick(['db', 'cache', 'store', 'svc'])}-${Math.floor(random() * 50)}`)),
      },
      actions: some(actions, 3),
      conditions: Array.from({ length: Math.floor(random() * 3) }, condition),
    };
  };
  return Array.from({ length: count }, (_, n) => ({ id: `pol_gen_${n}`, version: 1 + Math.floor(random() * 5), name: `generated-${n}`, rules: Array.from({ length: 1 + Math.floor(random() * 4) }, rule) }));
}

/** The 10 policies a payments team might have; the benchmark requests are about their resources. */
function paymentsPolicies(): EnginePolicy[] {
  const policy = (n: number, name: string, rules: PolicyRule[]): EnginePolicy => ({ id: `pol_pay_${n}`, version: 1, name, rules });
  const read = (identifiers: string[], conditions: PolicyCondition[] = []): PolicyRule => ({
    effect: 'allow',
    principals: { type: 'USER', attributes: { department: ['payments', 'finance'] } },
    resources: { type: 'database', identifiers },
    actions: ['read'],
    conditions,
  });
  return [
    policy(0, 'payments-db-read', [read(['prod-payments-*'], [{ type: 'time', operator: 'between', value: { start: '07:00', end: '20:00', timezone: 'Europe/Berlin' } }, { type: 'risk_score', operator: 'less_than', value: 50 }])]),
    policy(1, 'payments-db-no-mfa-deny', [{ effect: 'deny', principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['prod-payments-*'] }, actions: ['read', 'write', 'admin'], conditions: [{ type: 'mfa_verified', operator: 'equals', value: false }] }]),
    policy(2, 'payments-db-write', [{ ...read(['prod-payments-db-1', 'prod-payments-db-2']), actions: ['write'], conditions: [{ type: 'mfa_verified', operator: 'equals', value: true }] }]),
    policy(3, 'payments-staging', [{ ...read(['staging-payments-*']), actions: ['read', 'write'] }]),
    policy(4, 'payments-oncall-admin', [{ ...read(['prod-payments-*']), actions: ['admin'], principals: { type: 'USER', attributes: { oncall: ['true'] } } }]),
    policy(5, 'payments-service-read', [{ ...read(['prod-payments-*']), principals: { type: 'SERVICE' } }]),
    policy(6, 'payments-bucket', [{ ...read(['payments-exports-*']), resources: { type: 'bucket', identifiers: ['payments-exports-*'] } }]),
    policy(7, 'payments-queue', [{ ...read(['payments-events']), resources: { type: 'queue', identifiers: ['payments-events'] }, actions: ['read', 'write'] }]),
    policy(8, 'payments-secrets', [{ ...read(['payments/*']), resources: { type: 'secret', identifiers: ['payments/*'] }, principals: { type: 'SERVICE' } }]),
    policy(9, 'payments-risky-deny', [{ effect: 'deny', principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['*'] }, actions: ['admin', 'delete'], conditions: [{ type: 'risk_score', operator: 'less_than', value: 101 }] }]),
  ];
}

const user = (mfa: boolean) => ({ principal: { id: 'usr_ada', type: 'USER', attributes: { department: 'payments' } }, context: { risk_score: 20, mfa_verified: mfa } });
/** An allow, a deny by a failed condition, a deny by a deny rule, and a default deny. */
const requests: EngineRequest[] = [
  { ...user(true), resource: { type: 'database', identifier: 'prod-payments-db-1' }, action: 'read' },
  { ...user(true), resource: { type: 'database', identifier: 'prod-payments-db-1' }, action: 'read', context: { risk_score: 80, mfa_verified: true } },
  { ...user(false), resource: { type: 'database', identifier: 'prod-payments-db-2' }, action: 'read' },
  { ...user(true), resource: { type: 'database', identifier: 'prod-ledger-db-9' }, action: 'read' },
];
/** A Monday, 12:00 in Berlin. */
const at = new Date('2026-06-15T10:00:00Z');

interface Variant {
  name: string;
  policies: number;
  decide: (request: EngineRequest) => EngineDecision;
}

interface Measurement {
  name: string;
  policies: number;
  evaluations: number;
  /** The median of the rounds. */
  evaluations_per_second: number;
}

let sink = 0;

/** With --expose-gc, each round starts with an empty young generation instead of the last variant's garbage. */
const collectGarbage = (globalThis as { gc?: () => void }).gc;

/** Evaluates for about `milliseconds`; evaluations per second. */
function runFor(variant: Variant, milliseconds: number): { evaluations: number; perSecond: number } {
  const started = performance.now();
  let evaluations = 0;
  let elapsed = 0;
  do {
    for (let n = 0; n < BATCH; n += 1) if (variant.decide(requests[(evaluations + n) % requests.length] as EngineRequest).decision === 'allow') sink += 1;
    evaluations += BATCH;
    elapsed = performance.now() - started;
  } while (elapsed < milliseconds);
  return { evaluations, perSecond: (evaluations / elapsed) * 1000 };
}

/**
 * Warms every variant up, then measures them in interleaved rounds and keeps each one's median: a
 * shared machine's load then weighs on all variants alike, and the ratios stay meaningful.
 */
function measureAll<K extends string>(variants: Record<K, Variant>): Record<K, Measurement> {
  const entries = Object.entries(variants) as [K, Variant][];
  for (const [, variant] of entries) runFor(variant, WARM_UP_MS);
  const samples = new Map<K, { perSecond: number[]; evaluations: number }>(entries.map(([key]) => [key, { perSecond: [], evaluations: 0 }]));
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round starts with the next variant, so no variant always follows the same one (and its garbage).
    for (let offset = 0; offset < entries.length; offset += 1) {
      const [key, variant] = entries[(round + offset) % entries.length] as [K, Variant];
      collectGarbage?.();
      const result = runFor(variant, MEASURE_MS / ROUNDS);
      const sample = samples.get(key);
      sample?.perSecond.push(result.perSecond);
      if (sample) sample.evaluations += result.evaluations;
    }
  }
  if (sink < 0) console.log(sink); // keeps the decisions observable, so no work is optimised away
  const measured = entries.map(([key, variant]): [K, Measurement] => {
    const sample = samples.get(key) ?? { perSecond: [], evaluations: 0 };
    return [key, { name: variant.name, policies: variant.policies, evaluations: sample.evaluations, evaluations_per_second: Math.round(median(sample.perSecond)) }];
  });
  return Object.fromEntries(measured) as Record<K, Measurement>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const small = paymentsPolicies();
const large = [...small, ...generatedPolicies(9_990, seededRandom(20261121))];

const compileStarted = performance.now();
const compiledLarge = compilePolicySet(large);
const compileMs = performance.now() - compileStarted;
const compiledSmall = compilePolicySet(small);

// Same answers from both sets, and the decisions the requests were written for, before any timing.
const expected = ['allow', 'deny', 'deny', 'deny'];
requests.forEach((request, n) => {
  const answers = [evaluateByScan(small, request, at), evaluate(compiledSmall, request, at), evaluate(compiledLarge, request, at)].map((decision) => JSON.stringify(decision));
  if (new Set(answers).size !== 1 || JSON.parse(answers[0] as string).decision !== expected[n]) throw new Error(`request ${n}: the sets disagree or the decision is not ${expected[n]}: ${answers.join('\n')}`);
});

const measured = measureAll({
  scan10: { name: 'evaluateByScan, 10 policies (baseline)', policies: small.length, decide: (request) => evaluateByScan(small, request, at) },
  compiled10: { name: 'evaluate (compiled), 10 policies', policies: small.length, decide: (request) => evaluate(compiledSmall, request, at) },
  compiled10k: { name: 'evaluate (compiled), 10,000 policies', policies: large.length, decide: (request) => evaluate(compiledLarge, request, at) },
});
// Measured on its own, afterwards: each of its evaluations leaves megabytes of garbage whose collection
// would otherwise land in the other variants' rounds.
const { scan10k } = measureAll({ scan10k: { name: 'evaluateByScan, 10,000 policies', policies: large.length, decide: (request) => evaluateByScan(large, request, at) } });
const { scan10: baseline, compiled10, compiled10k } = measured;
const results = [baseline, compiled10, compiled10k, scan10k].map((result) => ({ ...result, ratio_to_baseline: significant(result.evaluations_per_second / baseline.evaluations_per_second) }));
const summary = {
  node: process.version,
  rules: { '10': compiledSmall.ruleCount, '10000': compiledLarge.ruleCount },
  compile_ms_10000: Number(compileMs.toFixed(1)),
  measure_ms_per_variant: MEASURE_MS,
  rounds: ROUNDS,
  gc_between_rounds: collectGarbage !== undefined,
  results,
  ratio_10000_to_10_compiled: significant(compiled10k.evaluations_per_second / compiled10.evaluations_per_second),
  ratio_10000_to_10_scan: significant(scan10k.evaluations_per_second / baseline.evaluations_per_second),
};

console.log(JSON.stringify(summary, null, 2));
console.log('');
console.log('| Evaluation | Policies | Evaluations/s | Ratio to baseline |');
console.log('|---|---:|---:|---:|');
for (const result of results) console.log(`| ${result.name} | ${result.policies.toLocaleString('en-US')} | ${result.evaluations_per_second.toLocaleString('en-US')} | ${result.ratio_to_baseline} |`);
console.log('');
console.log(`Compiled, 10,000 / 10 policies: ${summary.ratio_10000_to_10_compiled} of the throughput (1 = no cost from unrelated policies). Scan, 10,000 / 10: ${summary.ratio_10000_to_10_scan}.`);
console.log(`Compiling 10,000 policies (${compiledLarge.ruleCount.toLocaleString('en-US')} rules): ${summary.compile_ms_10000} ms.`);

function significant(ratio: number): number {
  return Number(ratio.toPrecision(3));
}
