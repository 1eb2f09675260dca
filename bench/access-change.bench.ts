/**
 * The proof of issue #33: compareAccess (core/src/engine/analysis/access-change.ts) on a repository
 * of 1,000 policy files with a 10-policy change, against the lint of the same repository, both in
 * this process: lint through the CLI's own entry (collect the files, lintFiles), the analysis on the
 * parsed policies before and after. Interleaved runs, medians, and their ratio (goal: at most 2).
 *
 *   npx tsx bench/access-change.bench.ts            # a table; --json for one JSON line; --runs=N (default 7)
 *   npm run bench -- --only access                  # the same, as the suite's `access` section
 *   BENCH_ANALYSIS_POLICIES=1000
 *
 * The change touches 10 policies: 4 get an action added to their first rule, 3 a risk threshold
 * raised (or a condition dropped), 2 lose their last rule, and 1 is deleted; so it widens, and the
 * analysis searches a group for every changed rule.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { compareAccess, type EnginePolicy } from '../core/src/index.js';
import { collectPolicyFiles, lintFiles } from '../cli/src/policy-files/index.js';
import { generatedPolicies, seededRandom, withLintableWindows } from './fixtures/policies.js';
import type { AccessChangeSummary } from './lib/access-change-report.js';
import { significant } from './lib/stats.js';

const count = Number(process.env.BENCH_ANALYSIS_POLICIES ?? 1000);
const now = new Date('2026-03-01T00:00:00Z');

export function repository(): EnginePolicy[] {
  return generatedPolicies(count, seededRandom(20261122)).map((policy) => ({ ...policy, rules: policy.rules.map(withLintableWindows) }));
}

/** 10 policies whose every allow rule gets a risk_score < 20 condition added: it cannot widen, and proving so searches every changed rule. */
export function tightened(before: EnginePolicy[]): EnginePolicy[] {
  const step = Math.floor(before.length / 10);
  return before.map((policy, index) =>
    index % step === 0 && index / step < 10
      ? {
          ...policy,
          rules: policy.rules.map((rule) =>
            rule.effect === 'deny' ? rule : { ...rule, conditions: [...(rule.conditions ?? []), { type: 'risk_score', operator: 'less_than', value: 20 }] },
          ),
        }
      : policy,
  );
}

/** The 10-policy change of the header. */
export function changed(before: EnginePolicy[]): EnginePolicy[] {
  const step = Math.floor(before.length / 10);
  const touched = new Map<number, (policy: EnginePolicy) => EnginePolicy | undefined>();
  for (let n = 0; n < 10; n += 1) {
    const index = n * step;
    if (n < 4)
      touched.set(index, (policy) => ({
        ...policy,
        rules: policy.rules.map((rule, r) => (r === 0 ? { ...rule, actions: [...new Set([...rule.actions, 'list'])] } : rule)),
      }));
    else if (n < 7)
      touched.set(index, (policy) => ({
        ...policy,
        rules: policy.rules.map((rule) => ({
          ...rule,
          conditions: (rule.conditions ?? []).map((condition) =>
            condition.type === 'risk_score' ? { ...condition, value: Number(condition.value) + 10 } : condition,
          ),
        })),
      }));
    else if (n < 9) touched.set(index, (policy) => (policy.rules.length > 1 ? { ...policy, rules: policy.rules.slice(0, -1) } : { ...policy, rules: [] }));
    else touched.set(index, () => undefined);
  }
  return before.flatMap((policy, index) => {
    const change = touched.get(index);
    const result = change ? change(policy) : policy;
    return result === undefined ? [] : [result];
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function measure(runs: number): AccessChangeSummary {
  const before = repository();
  const after = changed(before);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-bench-analysis-'));
  try {
    writeFileSync(path.join(dir, 'acctl.yaml'), stringify({ owner: 'bench', files: ['*.yaml'] }));
    for (const policy of before) writeFileSync(path.join(dir, `${policy.name}.yaml`), stringify({ name: policy.name, status: 'active', rules: policy.rules }));
    const lint = (): void => {
      const report = lintFiles(collectPolicyFiles([dir], dir).selected);
      if (report.errors > 0) throw new Error(`the repository does not lint clean: ${report.errors} errors`);
    };
    const safe = tightened(before);
    let verdicts = compareAccess(before, after, { now });
    let proof = compareAccess(before, safe, { now });
    lint();
    const lintMs: number[] = [];
    const analysisMs: number[] = [];
    const proofMs: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      let started = performance.now();
      lint();
      lintMs.push(performance.now() - started);
      started = performance.now();
      verdicts = compareAccess(before, after, { now });
      analysisMs.push(performance.now() - started);
      started = performance.now();
      proof = compareAccess(before, safe, { now });
      proofMs.push(performance.now() - started);
    }
    const status = (verdict: (typeof verdicts)['widens']) => (verdict.status === 'yes' ? `yes (${verdict.examples.length} examples)` : verdict.status);
    return {
      policies: before.length,
      runs,
      lint_ms: significant(median(lintMs)),
      analysis_ms: significant(median(analysisMs)),
      analysis_to_lint: significant(median(analysisMs) / median(lintMs)),
      widens: status(verdicts.widens),
      narrows: status(verdicts.narrows),
      proof_ms: significant(median(proofMs)),
      proof_to_lint: significant(median(proofMs) / median(lintMs)),
      proof_widens: status(proof.widens),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runsArgument = process.argv.find((arg) => arg.startsWith('--runs='));
  const summary = measure(runsArgument ? Number(runsArgument.slice('--runs='.length)) : 7);
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else
    process.stdout.write(
      `${summary.policies} policies, 10 changed, median of ${summary.runs}: lint ${summary.lint_ms} ms, analysis ${summary.analysis_ms} ms: ${summary.analysis_to_lint}× lint (goal ≤ 2); widens ${summary.widens}, narrows ${summary.narrows}; a change that cannot widen: ${summary.proof_ms} ms, ${summary.proof_to_lint}× lint (widens ${summary.proof_widens})\n`,
    );
}
