import { canonicalJson } from '../../canonical-json.js';
import { compilePolicySet, evaluate, type CompiledPolicySet } from '../compile.js';
import type { IdentifierPattern } from '../identifier-pattern.js';
import { prepareRule, type PreparedRule } from '../rule.js';
import type { EnginePolicy, EngineRequest } from '../types.js';
import { buildGroupModel, type GroupRuleInput } from './flip-model.js';
import { searchFlips, type Found, type SearchBudget, type SearchState } from './flip-search.js';
import { HORIZON_MS } from './instants.js';

/**
 * Whether a change of the active policy set widens access (some request, at some instant, denied
 * before and allowed after) and whether it narrows it (the reverse), decided exactly: "no" is a
 * proof over every request and every instant of the 366 days from `now` (HORIZON_MS), never a sample. See "What the
 * analysis proves" in docs/policy-language.md.
 *
 *   const { widens, narrows } = compareAccess(activeBefore, activeAfter);
 *   if (widens.status === 'yes') for (const example of widens.examples) ...
 *
 * How: a request that `after` allows and `before` denies makes an allow rule of `after` apply that
 * `before` lacks (no allow of `before` applies), or a deny rule of `before` apply that `after` lacks
 * (no deny of `after` applies); a rule the other set holds unchanged applies to the same requests
 * there. So each such rule (a seed) starts one search, over the rules of both sets that address the
 * same principal type, resource type and action with identifier patterns that overlap the seed's,
 * through candidate values that stand for every value (flip-model.ts), cut as soon as the goal is
 * decided false (flip-search.ts). Every example is evaluated again by the engine on both whole sets
 * before it is returned; one that does not flip is dropped, and the verdict can then no longer be "no".
 */

export interface AccessExample {
  request: EngineRequest;
  /** RFC 3339. */
  at: string;
  before: 'allow' | 'deny';
  after: 'allow' | 'deny';
  /** The policy (its name) holding the changed rule the flip starts from. */
  policy: string;
  /** That rule's index in its policy, 0-based. */
  rule_index: number;
  /**
   * The set holding that rule: `after` for an allow rule added or changed (widening) or a deny rule
   * added or changed (narrowing); `before` for a deny rule removed or changed (widening) or an allow
   * rule removed or changed (narrowing).
   */
  rule_in: 'before' | 'after';
}

export type AccessVerdict = { status: 'no' } | { status: 'yes'; examples: AccessExample[] } | { status: 'unknown'; reason: string };

export interface AccessChange {
  widens: AccessVerdict;
  narrows: AccessVerdict;
}

export interface CompareAccessOptions {
  /** Examples per verdict, at most (default 5). */
  examples?: number;
  /** Combinations tried per verdict before it is `unknown` (default 200,000). */
  budget?: number;
  /** The start of the horizon (default: the current time); the horizon is the 366 days from it (ACCESS_ANALYSIS_HORIZON_DAYS). */
  now?: Date;
}

const DEFAULT_EXAMPLES = 5;
const DEFAULT_BUDGET = 200_000;

export function compareAccess(before: readonly EnginePolicy[], after: readonly EnginePolicy[], options: CompareAccessOptions = {}): AccessChange {
  const now = (options.now ?? new Date()).getTime();
  const wanted = Math.max(0, Math.floor(options.examples ?? DEFAULT_EXAMPLES));
  const sets = { before: readRules(before), after: readRules(after) };
  const compiled = { before: compilePolicySet(before), after: compilePolicySet(after) };
  const settings = { now, wanted, budget: options.budget ?? DEFAULT_BUDGET, compiled };
  return {
    widens: flips(sets.before, sets.after, 'widens', settings),
    narrows: flips(sets.after, sets.before, 'narrows', settings),
  };
}

/** A rule of a set that can apply (known effect and targets), with what identifies its content. */
interface SetRule {
  policy: string;
  ruleIndex: number;
  prepared: PreparedRule & { effect: 'allow' | 'deny'; principalType: string; resourceType: string };
  conditions: readonly unknown[];
  content: string;
}

interface RuleSet {
  rules: SetRule[];
  contents: Set<string>;
  /** Resource type, principal type and action to the rules addressing them. */
  byTarget: Map<string, SetRule[]>;
}

/** The rules as compilePolicySet reads them; a rule that can never apply is left out. */
function readRules(policies: readonly EnginePolicy[]): RuleSet {
  const set: RuleSet = { rules: [], contents: new Set(), byTarget: new Map() };
  let unreadable = 0;
  for (const policy of Array.isArray(policies) ? policies : []) {
    const rules: unknown = policy?.rules;
    if (!Array.isArray(rules)) continue;
    rules.forEach((rule, ruleIndex) => {
      const prepared = prepareRule(rule);
      if (prepared.effect === undefined || prepared.principalType === undefined || prepared.resourceType === undefined) return;
      let content: string;
      try {
        content = canonicalJson(rule);
      } catch {
        content = `unreadable ${unreadable++}`;
      }
      const entry: SetRule = {
        policy: typeof policy.name === 'string' && policy.name !== '' ? policy.name : String(policy.id),
        ruleIndex,
        prepared: prepared as SetRule['prepared'],
        conditions: Array.isArray(rule?.conditions) ? rule.conditions : [],
        content,
      };
      set.rules.push(entry);
      set.contents.add(content);
      for (const action of new Set(prepared.actions)) {
        const key = targetKey(prepared.resourceType, prepared.principalType, action);
        set.byTarget.set(key, [...(set.byTarget.get(key) ?? []), entry]);
      }
    });
  }
  return set;
}

const targetKey = (resourceType: string, principalType: string, action: string): string => JSON.stringify([resourceType, principalType, action]);

interface Task {
  seed: SetRule;
  seedSide: 'from' | 'to';
  search: Generator<Found, void, undefined>;
  inexact: string | undefined;
}

/** Requests `from` denies and `to` allows: the verdict, with up to `wanted` examples re-checked by the engine. */
function flips(
  from: RuleSet,
  to: RuleSet,
  direction: 'widens' | 'narrows',
  settings: { now: number; wanted: number; budget: number; compiled: { before: CompiledPolicySet; after: CompiledPolicySet } },
): AccessVerdict {
  const budget: SearchBudget = { left: settings.budget };
  const state: SearchState = { exhausted: false };
  const tasks: Task[] = [];
  const seeds: Array<[SetRule, 'from' | 'to']> = [
    ...to.rules.filter((rule) => rule.prepared.effect === 'allow' && !from.contents.has(rule.content)).map((rule) => [rule, 'to'] as [SetRule, 'to']),
    ...from.rules.filter((rule) => rule.prepared.effect === 'deny' && !to.contents.has(rule.content)).map((rule) => [rule, 'from'] as [SetRule, 'from']),
  ];
  for (const [seed, seedSide] of seeds) {
    const { principalType, resourceType, identifierPatterns } = seed.prepared;
    for (const action of new Set(seed.prepared.actions)) {
      const key = targetKey(resourceType, principalType, action);
      const inputs: GroupRuleInput[] = [];
      for (const [side, set] of [
        ['from', from],
        ['to', to],
      ] as const) {
        for (const rule of set.byTarget.get(key) ?? []) {
          if (!patternsOverlap(rule.prepared.identifierPatterns, identifierPatterns)) continue;
          inputs.push({ side, prepared: rule.prepared, conditions: rule.conditions, seed: rule === seed });
        }
      }
      const model = buildGroupModel({ principalType, resourceType, action }, inputs, identifierPatterns, { now: settings.now });
      tasks.push({ seed, seedSide, search: searchFlips(model, budget, settings.now, state), inexact: model.inexact });
    }
  }

  const examples: AccessExample[] = [];
  const shown = new Set<string>();
  const unfinished: string[] = [];
  let mismatch: string | undefined;
  // One example from each seed in turn, so the examples name different rules first.
  let pending = tasks;
  while (pending.length > 0 && examples.length < settings.wanted) {
    const next: Task[] = [];
    for (const task of pending) {
      if (examples.length >= settings.wanted) break;
      const step = task.search.next();
      if (step.done) {
        if (task.inexact !== undefined) unfinished.push(task.inexact);
        continue;
      }
      next.push(task);
      const example = confirmed(step.value, task, direction, settings.compiled);
      if (example === undefined) {
        mismatch ??= `the analysis found a request the engine does not decide so (${JSON.stringify(step.value.request)} at ${step.value.at.toISOString()}); please report it`;
        continue;
      }
      const key = canonicalJson([example.request, example.at]);
      if (shown.has(key)) continue;
      shown.add(key);
      examples.push(example);
    }
    pending = next;
    if (state.exhausted) break;
  }
  if (examples.length > 0) return { status: 'yes', examples };
  if (state.exhausted) return { status: 'unknown', reason: `the search tried ${settings.budget} combinations without an answer (raise the budget)` };
  if (mismatch !== undefined) return { status: 'unknown', reason: mismatch };
  if (unfinished.length > 0) return { status: 'unknown', reason: unfinished[0]! };
  return { status: 'no' };
}

/** The example, when the engine decides the request so on the two whole sets; undefined when it does not. */
function confirmed(
  found: Found,
  task: Task,
  direction: 'widens' | 'narrows',
  compiled: { before: CompiledPolicySet; after: CompiledPolicySet },
): AccessExample | undefined {
  const request = readable(found.request);
  const before = evaluate(compiled.before, request, found.at).decision;
  const after = evaluate(compiled.after, request, found.at).decision;
  const expected = direction === 'widens' ? ['deny', 'allow'] : ['allow', 'deny'];
  if (before !== expected[0] || after !== expected[1]) return undefined;
  const fromSet = direction === 'widens' ? 'before' : 'after';
  const toSet = direction === 'widens' ? 'after' : 'before';
  return {
    request,
    at: found.at.toISOString(),
    before,
    after,
    policy: task.seed.policy,
    rule_index: task.seed.ruleIndex,
    rule_in: task.seedSide === 'from' ? fromSet : toSet,
  };
}

/** The request without the empty attribute and context objects the search starts from. */
function readable(request: EngineRequest): EngineRequest {
  const { principal, resource, context, action } = request;
  const nonEmpty = (value: object | undefined) => value !== undefined && Object.keys(value).length > 0;
  return {
    principal: {
      type: principal.type,
      ...(principal.id !== undefined ? { id: principal.id } : {}),
      ...(nonEmpty(principal.attributes) ? { attributes: principal.attributes } : {}),
    },
    resource: { type: resource.type, identifier: resource.identifier, ...(nonEmpty(resource.attributes) ? { attributes: resource.attributes } : {}) },
    action,
    ...(nonEmpty(context) ? { context } : {}),
  };
}

/** Whether some identifier matches a pattern of each list. */
function patternsOverlap(a: readonly IdentifierPattern[], b: readonly IdentifierPattern[]): boolean {
  return a.some((left) => b.some((right) => patternPairOverlaps(left, right)));
}

function patternPairOverlaps(a: IdentifierPattern, b: IdentifierPattern): boolean {
  if (a.kind === 'exact' && b.kind === 'exact') return a.identifier === b.identifier;
  if (a.kind === 'exact') return a.identifier.startsWith((b as { prefix: string }).prefix);
  if (b.kind === 'exact') return b.identifier.startsWith(a.prefix);
  return a.prefix.startsWith(b.prefix) || b.prefix.startsWith(a.prefix);
}

/** The horizon the verdicts hold over, for documents that state it. */
export const ACCESS_ANALYSIS_HORIZON_DAYS = HORIZON_MS / 86_400_000;
