import { compilePolicySet, describeCondition, evaluate, type CompiledPolicySet, type EngineDecision } from '../../../core/src/index.js';
import type { PolicyCondition, PolicyRule } from '../../../core/src/index.js';
import type { PolicyFile } from './policy-checks.js';
import { positionOf } from './source.js';
import type { TestCheck } from './test-suite.js';
import { spanAt } from './yaml-file.js';

/** How much of the policies the tests exercised. */
export interface CoverageReport {
  /** The policies counted, by name. */
  policies: string[];
  /** Rules that applied (matched) in at least one check. */
  rules: CoverageRatio;
  /** Condition outcomes seen: each condition counts twice, once for holding and once for failing. */
  conditions: CoverageRatio;
  /** What was never exercised, in file order. */
  uncovered: UncoveredItem[];
}

export interface CoverageRatio {
  covered: number;
  total: number;
  /** 0-100; 100 when there is nothing to cover. */
  percent: number;
}

export interface UncoveredItem {
  file: string;
  line: number;
  col: number;
  policy: string;
  rule: number;
  /** Index of the condition in the rule, for a condition outcome. */
  condition?: number;
  /** `match`: the rule never applied; `holds`/`fails`: the condition was never seen doing that. */
  missing: 'match' | 'holds' | 'fails';
  message: string;
}

interface ConditionProbe {
  index: number;
  label: string;
  set: CompiledPolicySet;
  held: boolean;
  failed: boolean;
  line: number;
  col: number;
}

interface RuleProbe {
  policy: string;
  rule: number;
  file: string;
  line: number;
  col: number;
  /** The rule without its conditions: applies when the rule addresses the request and the principal fits. */
  reach: CompiledPolicySet;
  conditions: ConditionProbe[];
  matched: boolean;
}

/**
 * Records, check by check, which rules applied and which outcomes each condition had. A condition is
 * observed only where the engine would evaluate it (the rule addresses the request and the principal
 * fits); each is asked through the engine itself, as a one-rule policy with just that condition, so
 * coverage follows the engine's semantics without restating them.
 */
export class CoverageRecorder {
  private readonly probes = new Map<string, RuleProbe[]>();

  /** The check's decision over `policies`; call once per check. */
  record(policies: readonly PolicyFile[], check: TestCheck, decision: EngineDecision): void {
    const matched = new Set(decision.matched_rules.map((rule) => `${rule.policy_name}#${rule.rule_index}`));
    for (const entry of policies) {
      for (const probe of this.probesOf(entry)) {
        if (matched.has(`${probe.policy}#${probe.rule}`)) probe.matched = true;
        if (probe.conditions.length === 0 || !applies(probe.reach, check)) continue;
        for (const condition of probe.conditions) {
          if (applies(condition.set, check)) condition.held = true;
          else condition.failed = true;
        }
      }
    }
  }

  /** Coverage of every policy the checks evaluated, or of the policies `only` names. */
  report(only?: ReadonlySet<string>): CoverageReport {
    const policies = [...this.probes.keys()].filter((name) => only === undefined || only.has(name)).sort();
    const rules = policies.flatMap((name) => this.probes.get(name)!).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
    const uncovered: UncoveredItem[] = [];
    let conditionOutcomes = 0;
    let conditionsSeen = 0;
    for (const probe of rules) {
      const where = { file: probe.file, policy: probe.policy, rule: probe.rule };
      if (!probe.matched)
        uncovered.push({
          ...where,
          line: probe.line,
          col: probe.col,
          missing: 'match',
          message: `rule ${probe.rule} of policy \`${probe.policy}\` never applied`,
        });
      for (const condition of probe.conditions) {
        conditionOutcomes += 2;
        conditionsSeen += Number(condition.held) + Number(condition.failed);
        const at = { ...where, line: condition.line, col: condition.col, condition: condition.index };
        const name = `condition ${condition.index} (${condition.label}) of rule ${probe.rule} of policy \`${probe.policy}\``;
        if (!condition.held) uncovered.push({ ...at, missing: 'holds', message: `${name} never held` });
        if (!condition.failed) uncovered.push({ ...at, missing: 'fails', message: `${name} never failed` });
      }
    }
    return {
      policies,
      rules: ratio(rules.filter((probe) => probe.matched).length, rules.length),
      conditions: ratio(conditionsSeen, conditionOutcomes),
      uncovered,
    };
  }

  private probesOf(entry: PolicyFile): RuleProbe[] {
    const existing = this.probes.get(entry.policy.name);
    if (existing) return existing;
    const { file, policy } = entry;
    const at = (path: ReadonlyArray<string | number>): { line: number; col: number } => positionOf(file.lineCounter, spanAt(file.doc, path)[0]);
    const oneRule = (rule: PolicyRule): CompiledPolicySet => compilePolicySet([{ id: policy.name, version: 1, name: policy.name, rules: [rule] }]);
    const probes = policy.rules.map((rule, ruleIndex): RuleProbe => {
      const conditions = rule.conditions ?? [];
      return {
        policy: policy.name,
        rule: ruleIndex,
        file: file.path,
        ...at(['rules', ruleIndex]),
        reach: oneRule({ ...rule, conditions: [] }),
        matched: false,
        conditions: conditions.map((condition, index) => ({
          index,
          label: conditionLabel(condition),
          set: oneRule({ ...rule, conditions: [condition] }),
          held: false,
          failed: false,
          ...at(['rules', ruleIndex, 'conditions', index]),
        })),
      };
    });
    this.probes.set(policy.name, probes);
    return probes;
  }
}

function applies(set: CompiledPolicySet, check: TestCheck): boolean {
  return evaluate(set, check.request, check.at).matched_rules.length > 0;
}

function ratio(covered: number, total: number): CoverageRatio {
  return { covered, total, percent: total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10 };
}

/** A condition in a few words, for people: `time 09:00-17:00 Europe/Berlin`, `risk_score < 50` (core's describeCondition). */
export function conditionLabel(condition: PolicyCondition): string {
  return describeCondition(condition);
}

/** Whether both ratios reach `minimum` percent (exact ratios compared, not the rounded percentages). */
export function meetsMinimum(report: Pick<CoverageReport, 'rules' | 'conditions'>, minimum: number): boolean {
  const reaches = ({ covered, total }: CoverageRatio): boolean => total === 0 || covered * 100 >= minimum * total;
  return reaches(report.rules) && reaches(report.conditions);
}
