/**
 * Evaluations per second of the policy engine, in process, for 10 and 10,000 active policies, and
 * for 10 policies whose conditions every request reads, with the spec's condition kinds and with the
 * language's newer ones (#32; goal: the newer within 1.2x the time per evaluation).
 *
 *   npx tsx bench/engine.bench.ts
 *   npx tsx --expose-gc bench/engine.bench.ts    # steadier: collects garbage before every round
 *   npx tsx --expose-gc bench/engine.bench.ts --json --measure-ms=2000   # one JSON line (bench/run.ts)
 *
 * The sets and requests are in fixtures/policies.ts. The index should make the 10- and 10,000-policy
 * sets cost about the same. Figures are given as ratios to a baseline measured in the same run (the
 * reference scan over the 10 policies), so they compare across machines.
 */
import { pathToFileURL } from 'node:url';
import { compilePolicySet, evaluate, evaluateByScan, type EngineDecision, type EngineRequest } from '../core/src/index.js';
import {
  conditionExpected,
  conditionPolicies,
  conditionRequests,
  engineClock as at,
  engineExpected,
  engineRequests,
  paymentsPolicies,
  tenThousandPolicies,
} from './fixtures/policies.js';

const WARM_UP_MS = 300;
/** Per variant, split into ROUNDS interleaved rounds. */
const MEASURE_MS = 2000;
const ROUNDS = 10;
/** Evaluations between looks at the clock: few enough for the 10,000-policy scan, which takes milliseconds each. */
const BATCH = 8;

interface Variant {
  name: string;
  policies: number;
  /** The requests it evaluates in turn (default: the engine requests). */
  requests?: readonly EngineRequest[];
  decide: (request: EngineRequest) => EngineDecision;
}

/** Policies in each condition set. */
const CONDITION_POLICIES = 10;

export interface EngineMeasurement {
  name: string;
  policies: number;
  evaluations: number;
  /** The median of the rounds. */
  evaluations_per_second: number;
  ratio_to_baseline: number;
}

export interface EngineSummary {
  node: string;
  rules: { '10': number; '10000': number };
  compile_ms_10000: number;
  measure_ms_per_variant: number;
  rounds: number;
  gc_between_rounds: boolean;
  /**
   * Scan over 10 (the baseline), compiled 10, compiled 10,000, scan over 10,000; then the condition
   * sets, compiled: the spec's kinds, the newer kinds.
   */
  results: EngineMeasurement[];
  ratio_10000_to_10_compiled: number;
  ratio_10000_to_10_scan: number;
  /** Throughput of the newer conditions' set over the spec's (goal ≥ 1/1.2: within 1.2x the time per evaluation). */
  ratio_extended_to_spec_conditions: number;
}

let sink = 0;

/** With --expose-gc, each round starts with an empty young generation instead of the last variant's garbage. */
const collectGarbage = (globalThis as { gc?: () => void }).gc;

/** Evaluates for about `milliseconds`; evaluations per second. */
function runFor(variant: Variant, milliseconds: number): { evaluations: number; perSecond: number } {
  const requests = variant.requests ?? engineRequests;
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
function measureAll<K extends string>(variants: Record<K, Variant>, measureMs: number): Record<K, Omit<EngineMeasurement, 'ratio_to_baseline'>> {
  const entries = Object.entries(variants) as [K, Variant][];
  for (const [, variant] of entries) runFor(variant, WARM_UP_MS);
  const samples = new Map<K, { perSecond: number[]; evaluations: number }>(entries.map(([key]) => [key, { perSecond: [], evaluations: 0 }]));
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round starts with the next variant, so no variant always follows the same one (and its garbage).
    for (let offset = 0; offset < entries.length; offset += 1) {
      const [key, variant] = entries[(round + offset) % entries.length] as [K, Variant];
      collectGarbage?.();
      const result = runFor(variant, measureMs / ROUNDS);
      const sample = samples.get(key);
      sample?.perSecond.push(result.perSecond);
      if (sample) sample.evaluations += result.evaluations;
    }
  }
  if (sink < 0) console.log(sink); // keeps the decisions observable, so no work is optimised away
  const measured = entries.map(([key, variant]): [K, Omit<EngineMeasurement, 'ratio_to_baseline'>] => {
    const sample = samples.get(key) ?? { perSecond: [], evaluations: 0 };
    return [
      key,
      { name: variant.name, policies: variant.policies, evaluations: sample.evaluations, evaluations_per_second: Math.round(median(sample.perSecond)) },
    ];
  });
  return Object.fromEntries(measured) as Record<K, Omit<EngineMeasurement, 'ratio_to_baseline'>>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Measures the four variants (each for about `measureMs`, in rounds) after checking they agree. */
export function runEngineBenchmark(options: { measureMs?: number } = {}): EngineSummary {
  const measureMs = options.measureMs ?? MEASURE_MS;
  const small = paymentsPolicies();
  const large = tenThousandPolicies();

  const compileStarted = performance.now();
  const compiledLarge = compilePolicySet(large);
  const compileMs = performance.now() - compileStarted;
  const compiledSmall = compilePolicySet(small);

  const specConditions = conditionPolicies(CONDITION_POLICIES, 'spec');
  const extendedConditions = conditionPolicies(CONDITION_POLICIES, 'extended');
  const compiledSpec = compilePolicySet(specConditions);
  const compiledExtended = compilePolicySet(extendedConditions);

  // Same answers from both sets, and the decisions the requests were written for, before any timing.
  engineRequests.forEach((request, n) => {
    const answers = [evaluateByScan(small, request, at), evaluate(compiledSmall, request, at), evaluate(compiledLarge, request, at)].map((decision) =>
      JSON.stringify(decision),
    );
    if (new Set(answers).size !== 1 || JSON.parse(answers[0] as string).decision !== engineExpected[n])
      throw new Error(`request ${n}: the sets disagree or the decision is not ${engineExpected[n]}: ${answers.join('\n')}`);
  });
  // The condition sets: the decisions written for, and every rule of the set read by each request.
  conditionRequests.forEach((request, n) => {
    for (const [name, set] of [
      ['spec', compiledSpec],
      ['extended', compiledExtended],
    ] as const) {
      const decision = evaluate(set, request, at);
      if (decision.decision !== conditionExpected[n] || Object.keys(decision.policy_versions).length !== CONDITION_POLICIES)
        throw new Error(
          `condition request ${n}, ${name} conditions: expected ${conditionExpected[n]} from all ${CONDITION_POLICIES} policies: ${JSON.stringify(decision)}`,
        );
    }
  });

  const measured = measureAll(
    {
      scan10: { name: 'evaluateByScan, 10 policies (baseline)', policies: small.length, decide: (request) => evaluateByScan(small, request, at) },
      compiled10: { name: 'evaluate (compiled), 10 policies', policies: small.length, decide: (request) => evaluate(compiledSmall, request, at) },
      compiled10k: { name: 'evaluate (compiled), 10,000 policies', policies: large.length, decide: (request) => evaluate(compiledLarge, request, at) },
      conditionsSpec: {
        name: "evaluate (compiled), 10 policies, the spec's conditions, all read",
        policies: specConditions.length,
        requests: conditionRequests,
        decide: (request) => evaluate(compiledSpec, request, at),
      },
      conditionsExtended: {
        name: 'evaluate (compiled), 10 policies, the newer conditions, all read',
        policies: extendedConditions.length,
        requests: conditionRequests,
        decide: (request) => evaluate(compiledExtended, request, at),
      },
    },
    measureMs,
  );
  // Measured on its own, afterwards: each of its evaluations leaves megabytes of garbage whose collection
  // would otherwise land in the other variants' rounds.
  const { scan10k } = measureAll(
    { scan10k: { name: 'evaluateByScan, 10,000 policies', policies: large.length, decide: (request) => evaluateByScan(large, request, at) } },
    measureMs,
  );
  const { scan10: baseline, compiled10, compiled10k, conditionsSpec, conditionsExtended } = measured;
  const results = [baseline, compiled10, compiled10k, scan10k, conditionsSpec, conditionsExtended].map((result) => ({
    ...result,
    ratio_to_baseline: significant(result.evaluations_per_second / baseline.evaluations_per_second),
  }));
  return {
    node: process.version,
    rules: { '10': compiledSmall.ruleCount, '10000': compiledLarge.ruleCount },
    compile_ms_10000: Number(compileMs.toFixed(1)),
    measure_ms_per_variant: measureMs,
    rounds: ROUNDS,
    gc_between_rounds: collectGarbage !== undefined,
    results,
    ratio_10000_to_10_compiled: significant(compiled10k.evaluations_per_second / compiled10.evaluations_per_second),
    ratio_10000_to_10_scan: significant(scan10k.evaluations_per_second / baseline.evaluations_per_second),
    ratio_extended_to_spec_conditions: significant(conditionsExtended.evaluations_per_second / conditionsSpec.evaluations_per_second),
  };
}

function printSummary(summary: EngineSummary): void {
  console.log(JSON.stringify(summary, null, 2));
  console.log('');
  console.log('| Evaluation | Policies | Evaluations/s | Ratio to baseline |');
  console.log('|---|---:|---:|---:|');
  for (const result of summary.results)
    console.log(
      `| ${result.name} | ${result.policies.toLocaleString('en-US')} | ${result.evaluations_per_second.toLocaleString('en-US')} | ${result.ratio_to_baseline} |`,
    );
  console.log('');
  console.log(
    `Compiled, 10,000 / 10 policies: ${summary.ratio_10000_to_10_compiled} of the throughput (1 = no cost from unrelated policies). Scan, 10,000 / 10: ${summary.ratio_10000_to_10_scan}.`,
  );
  console.log(`Compiling 10,000 policies (${summary.rules['10000'].toLocaleString('en-US')} rules): ${summary.compile_ms_10000} ms.`);
  console.log(
    `Newer conditions / the spec's, 10 policies, every condition read: ${summary.ratio_extended_to_spec_conditions} of the throughput (goal ≥ ${significant(1 / 1.2)}: within 1.2x the time).`,
  );
}

function significant(ratio: number): number {
  return Number(ratio.toPrecision(3));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const measureArg = process.argv.find((arg) => arg.startsWith('--measure-ms='));
  const summary = runEngineBenchmark(measureArg ? { measureMs: Number(measureArg.split('=')[1]) } : {});
  if (process.argv.includes('--json')) console.log(JSON.stringify(summary));
  else printSummary(summary);
}
