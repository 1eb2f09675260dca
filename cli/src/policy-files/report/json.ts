import type { Finding } from '../findings.js';
import type { CoverageRatio, UncoveredItem } from '../coverage.js';
import type { TestCaseResult } from '../test-runner.js';
import type { Direction, RuleLocation } from '../impact.js';
import type { ImpactOutcome, LintOutcome, TestOutcome } from './outcome.js';
import type { SimulationRequest } from '../../../../core/src/index.js';

/** A finding as JSON output shows it (snake_case, as the API's documents). */
export interface FindingJson {
  file: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
  severity: Finding['severity'];
  rule: Finding['rule'];
  message: string;
  suggestion?: string;
  excerpt: string;
  related?: Array<{ file: string; line: number; col: number }>;
}

export interface LintJson {
  ok: boolean;
  summary: { files: number; errors: number; warnings: number };
  findings: FindingJson[];
}

export interface TestJson {
  ok: boolean;
  summary: { files: number; tests: number; passed: number; failed: number; checks: number };
  results: TestCaseResult[];
  coverage: {
    /** The policies counted: every one the tests evaluated, or for test files named one by one, the ones they are about. */
    policies: string[];
    rules: CoverageRatio;
    conditions: CoverageRatio;
    min_coverage: number | null;
    met: boolean;
    uncovered: UncoveredItem[];
  } | null;
  /** Errors in the files that stopped the run. */
  findings: FindingJson[];
}

export function findingJson(finding: Finding): FindingJson {
  return {
    file: finding.file,
    line: finding.line,
    col: finding.col,
    end_line: finding.endLine,
    end_col: finding.endCol,
    severity: finding.severity,
    rule: finding.rule,
    message: finding.message,
    ...(finding.suggestion === undefined ? {} : { suggestion: finding.suggestion }),
    excerpt: finding.excerpt,
    ...(finding.related === undefined ? {} : { related: finding.related }),
  };
}

export function lintJson({ report, failed }: LintOutcome): LintJson {
  return { ok: !failed, summary: { files: report.files.length, errors: report.errors, warnings: report.warnings }, findings: report.findings.map(findingJson) };
}

export function testJson(outcome: TestOutcome): TestJson {
  const { run } = outcome;
  return {
    ok: !outcome.failed,
    summary: run?.summary ?? { files: 0, tests: 0, passed: 0, failed: 0, checks: 0 },
    results: run?.results ?? [],
    coverage: run
      ? {
          policies: run.coverage.policies,
          rules: run.coverage.rules,
          conditions: run.coverage.conditions,
          min_coverage: outcome.minCoverage ?? null,
          met: outcome.coverageMet,
          uncovered: run.coverage.uncovered,
        }
      : null,
    findings: outcome.blocking.map(findingJson),
  };
}

export interface ImpactJson {
  ok: boolean;
  period: { since: string; until: string; limit: number; truncated: boolean; oldest: string | null };
  summary: { replayed: number; flips: number; deny_to_allow: number; allow_to_deny: number; drifted: number };
  policies: ImpactOutcome['changes'];
  /** Deny→allow first, then allow→deny; newest first within each. */
  flips: Array<{
    direction: Direction;
    decision_id: string;
    timestamp: string;
    recorded: 'allow' | 'deny';
    before: 'allow' | 'deny';
    after: 'allow' | 'deny';
    cause: RuleLocation;
    request: SimulationRequest;
    explanation: string;
    matched_rules: Array<{ policy: string; rule: number; effect: 'allow' | 'deny' }>;
  }>;
}

export function impactJson(outcome: ImpactOutcome): ImpactJson {
  const { run } = outcome;
  const toAllow = run.flips.filter((flip) => flip.direction === 'deny_to_allow').length;
  return {
    ok: !outcome.flagged,
    period: { since: outcome.since, until: outcome.until, limit: outcome.limit, truncated: outcome.truncated, oldest: outcome.oldest },
    summary: { replayed: run.replayed, flips: run.flips.length, deny_to_allow: toAllow, allow_to_deny: run.flips.length - toAllow, drifted: run.drifted },
    policies: outcome.changes,
    flips: run.flips.map((flip) => ({
      direction: flip.direction,
      decision_id: flip.decision_id,
      timestamp: flip.timestamp,
      recorded: flip.recorded,
      before: flip.before.decision,
      after: flip.after.decision,
      cause: flip.cause,
      request: flip.request,
      explanation: flip.after.explanation,
      matched_rules: flip.after.matched_rules.map((rule) => ({ policy: rule.policy_name, rule: rule.rule_index, effect: rule.effect })),
    })),
  };
}
