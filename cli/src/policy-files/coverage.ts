import {
  compilePolicySet,
  CONDITION_DEPTH_LIMIT,
  describeCondition,
  evaluate,
  prepareCondition,
  type CompiledPolicySet,
  type EngineDecision,
  type PreparedCondition,
} from '../../../core/src/index.js';
import type { PolicyCondition } from '../../../core/src/index.js';
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
  /**
   * Condition outcomes seen: each condition, each branch of an `any_of` and each condition inside a
   * `not` counts twice, once for holding (true) and once for failing (false); unknown is neither.
   */
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
  /**
   * Index of the condition in the rule, for a condition outcome; for a branch of an `any_of` or the
   * condition inside a `not`, the index of the rule's condition that holds it (the message and the
   * line name the branch: `condition 0, branch 1`).
   */
  condition?: number;
  /** JSON Pointer to the condition in the policy file (`/rules/0/conditions/0/value/1`: a branch of an any_of). */
  condition_pointer?: string;
  /** `match`: the rule never applied; `holds`/`fails`: the condition was never seen doing that. */
  missing: 'match' | 'holds' | 'fails';
  message: string;
}

/**
 * One condition of a rule, a branch of an `any_of` or the condition inside a `not`, at any depth:
 * each has its two outcomes.
 */
interface ConditionProbe {
  /** The index of the rule's condition it is or sits in. */
  index: number;
  /** Where it sits, for people: `condition 0`, `condition 0, branch 1`, `condition 2, inside not`. */
  path: string;
  /** Where it sits, for programs: a JSON Pointer into the policy file. */
  pointer: string;
  label: string;
  prepared: PreparedCondition;
  held: boolean;
  failed: boolean;
  /** Checks that reached it and left it unknown, and the first one's reason (the value missing). */
  unknowns: number;
  unknownReason?: string;
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
 * fits), and so is each branch of an `any_of` and the condition inside each `not`, all asked through
 * the engine's own prepareCondition, so coverage follows the engine's semantics without restating
 * them. A condition held when it was true and failed when it was false; unknown (a value the request
 * lacks, or of the wrong kind) counts as neither: a test without the value shows that a missing value
 * is not permissive, which the engine guarantees, not that the condition's comparison tells the values
 * apart, which is what an author tests (a threshold of 500 written for 50 passes every test that
 * leaves risk_score out). What was only unknown says so, so the test to add is plain.
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
          const { truth, description } = condition.prepared(check.request, check.at);
          if (truth === 'true') condition.held = true;
          else if (truth === 'false') condition.failed = true;
          else if (condition.unknowns++ === 0) condition.unknownReason = description;
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
        const at = { ...where, line: condition.line, col: condition.col, condition: condition.index, condition_pointer: condition.pointer };
        const name = `${condition.path} (${condition.label}) of rule ${probe.rule} of policy \`${probe.policy}\``;
        const unknown =
          condition.unknowns === 0
            ? ''
            : `; ${condition.unknowns === 1 ? '1 check' : `${condition.unknowns} checks`} left it unknown (${condition.unknownReason}), which counts as neither`;
        if (!condition.held) uncovered.push({ ...at, missing: 'holds', message: `${name} never held${unknown}` });
        if (!condition.failed) uncovered.push({ ...at, missing: 'fails', message: `${name} never failed${unknown}` });
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
    const probes = policy.rules.map((rule, ruleIndex): RuleProbe => {
      const conditions: ConditionProbe[] = [];
      const visit = (condition: PolicyCondition, index: number, path: string, yamlPath: Array<string | number>, depth: number): void => {
        conditions.push({
          index,
          path,
          pointer: `/${yamlPath.join('/')}`,
          label: describeCondition(condition),
          prepared: prepareCondition(condition),
          held: false,
          failed: false,
          unknowns: 0,
          ...at(yamlPath),
        });
        // Deeper than the limit the engine evaluates nothing (the condition is unknown), so there is nothing to cover.
        if (depth >= CONDITION_DEPTH_LIMIT) return;
        if (condition.type === 'any_of')
          condition.value.forEach((branch, branchIndex) =>
            visit(branch, index, `${path}, branch ${branchIndex}`, [...yamlPath, 'value', branchIndex], depth + 1),
          );
        else if (condition.type === 'not') visit(condition.value, index, `${path}, inside not`, [...yamlPath, 'value'], depth + 1);
      };
      (rule.conditions ?? []).forEach((condition, index) => visit(condition, index, `condition ${index}`, ['rules', ruleIndex, 'conditions', index], 1));
      return {
        policy: policy.name,
        rule: ruleIndex,
        file: file.path,
        ...at(['rules', ruleIndex]),
        reach: compilePolicySet([{ id: policy.name, version: 1, name: policy.name, rules: [{ ...rule, conditions: [] }] }]),
        matched: false,
        conditions,
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

/** Whether both ratios reach `minimum` percent (exact ratios compared, not the rounded percentages). */
export function meetsMinimum(report: Pick<CoverageReport, 'rules' | 'conditions'>, minimum: number): boolean {
  const reaches = ({ covered, total }: CoverageRatio): boolean => total === 0 || covered * 100 >= minimum * total;
  return reaches(report.rules) && reaches(report.conditions);
}
