import { canonicalJson } from '../../canonical-json.js';
import type { PolicyCondition, PolicyRule } from '../../generated/schema-types.js';
import { prepareCondition, type Truth } from '../conditions/index.js';
import { addressesResource, applyRule, prepareRule, type PreparedRule } from '../rule.js';
import type { EngineRequest } from '../types.js';
import { ABSENT } from './path-values.js';
import { blankRequest, buildConditionModel, buildGroupModel, INSTANT, placeValue, readValue, type GroupModel, type Horizon } from './flip-model.js';
import { maskOf, nodeMask, ruleMay, searchGoal, type Found, type SearchGoal } from './flip-search.js';

/**
 * Whether some request, at some instant, makes a rule apply or a condition come out a given way
 * (lint's unreachable-rule and condition-never-holds), on the exact model of the access analysis:
 * candidate values that stand for every value of each path (flip-model.ts, path-values.ts), instants
 * that stand for every instant, past and future (instants.ts), searched with the goal as a parameter
 * (flip-search.ts). Every request found is evaluated again by the engine before it counts.
 *
 * `null` (no request) and a set without a truth are proofs; `undefined` answers "cannot tell": the
 * budget ran out, the model is not exact for these conditions (it says where), or the engine
 * disagreed with the model (a bug to report).
 */

export interface SatisfyOptions {
  /** Nodes of the search before the answer is `undefined` (default 20,000). */
  budget?: number;
  /** Where the instants start from when no `time before/after` names one (default: today). */
  now?: Date;
}

const DEFAULT_BUDGET = 20_000;
const DAY = 86_400_000;

/** A request the rule addresses and applies to (as the engine decides: its targets, then its conditions), or null when no request is one, or undefined. */
export function findRuleRequest(rule: PolicyRule, options: SatisfyOptions = {}): EngineRequest | null | undefined {
  const found = findRuleApplication(rule, options);
  return found === null || found === undefined ? found : found.request;
}

/** A request and the instant at which a rule applies to it. */
export type RuleApplication = Found;

/** As findRuleRequest, with the instant at which the rule applies to the request. */
export function findRuleApplication(rule: PolicyRule, options: SatisfyOptions = {}): RuleApplication | null | undefined {
  const found = remembered(['rule', rule], options, () => searchRule(rule, options));
  return found === null || found === undefined ? found : structuredClone(found);
}

function searchRule(rule: PolicyRule, options: SatisfyOptions): Found | null | undefined {
  const prepared = prepareRule(rule);
  const { effect, principalType, resourceType, identifierPatterns, actions } = prepared;
  // The engine indexes a rule by its types, identifiers and actions: without one of them it addresses no request.
  if (effect === undefined || principalType === undefined || resourceType === undefined || identifierPatterns.length === 0 || actions.length === 0) return null;
  const horizon = horizonOf(options);
  const read: unknown = (rule as { conditions?: unknown }).conditions;
  const conditions = Array.isArray(read) ? (read as PolicyCondition[]) : [];
  const quick = independentApplication(prepared, conditions, options);
  if (quick !== undefined && addressesResource(prepared, quick.request) && applyRule(prepared, quick.request, quick.at).applies) return quick;
  const model = buildGroupModel(
    { principalType, resourceType, action: actions[0]! },
    [{ side: 'to', prepared, conditions, seed: true }],
    identifierPatterns,
    horizon,
  );
  const target = model.rules[0]!;
  const search = runSearch(model, (masks) => ruleMay(target, masks).mayApply, horizon, options);
  for (const found of search.results) {
    if (addressesResource(prepared, found.request) && applyRule(prepared, found.request, found.at).applies) return found;
    search.mismatch = true;
  }
  return search.undecided() ? undefined : null;
}

/**
 * A request the rule applies to, put together from a request that makes each condition true on its
 * own, when no two conditions (nor a condition and the rule's targets) read the same value: then
 * they hold together as they hold apart. Most rules with several conditions are so (a window and a
 * risk threshold), and lint has already asked about each condition. The caller checks the result
 * with the engine; undefined when the shortcut does not apply.
 */
function independentApplication(prepared: PreparedRule, conditions: readonly PolicyCondition[], options: SatisfyOptions): Found | undefined {
  const { principalType, resourceType, identifierPatterns, actions } = prepared;
  const request = blankRequest({ principalType: principalType!, resourceType: resourceType!, action: actions[0] });
  const pattern = identifierPatterns[0]!;
  request.resource.identifier = pattern.kind === 'exact' ? pattern.identifier : pattern.prefix;
  const taken = new Set(['principal.type', 'resource.type', 'resource.identifier']);
  for (const [owner, required] of [
    ...prepared.requiredAttributes.map((attribute) => ['principal', attribute] as const),
    ...prepared.requiredResourceAttributes.map((attribute) => ['resource', attribute] as const),
  ]) {
    const [accepted] = required.accepted;
    if (accepted === undefined) return undefined;
    const path = `${owner}.attributes.${required.name}`;
    taken.add(path);
    placeValue(request, path, accepted);
  }
  let at = new Date(horizonOf(options).now);
  for (const condition of conditions) {
    const answer = conditionAnswer(condition, options);
    const witness = answer.witnesses.get('true');
    if (witness === undefined || answer.reads.some((path) => taken.has(path))) return undefined;
    for (const path of answer.reads) {
      taken.add(path);
      if (path === INSTANT) at = new Date(witness.at.getTime());
      else {
        const value = readValue(witness.request, path);
        placeValue(request, path, value === ABSENT ? ABSENT : structuredClone(value));
      }
    }
  }
  return { request, at };
}

/** The truths a single condition can take, over every request and instant: which of true, false and unknown occur (undefined: cannot tell). */
export function reachableTruths(condition: PolicyCondition, options: SatisfyOptions = {}): Set<Truth> | undefined {
  const { truths } = conditionAnswer(condition, options);
  return truths === undefined ? undefined : new Set(truths);
}

/** What lint learns of a condition: its truths, a request (and instant) for each truth found, and the paths it reads. */
interface ConditionAnswer {
  truths: Set<Truth> | undefined;
  witnesses: Map<Truth, Found>;
  reads: string[];
}

function conditionAnswer(condition: PolicyCondition, options: SatisfyOptions): ConditionAnswer {
  return remembered(['condition', condition], options, () => searchTruths(condition, options));
}

function searchTruths(condition: PolicyCondition, options: SatisfyOptions): ConditionAnswer {
  const horizon = horizonOf(options);
  const { model, node } = buildConditionModel(condition, horizon);
  const evaluate = prepareCondition(condition);
  const answer: ConditionAnswer = { truths: new Set(), witnesses: new Map(), reads: model.variables.map((variable) => variable.path) };
  let seen = 0;
  // The goal moves as truths are found: a branch that can give only those already seen is cut.
  const search = runSearch(model, (masks) => (nodeMask(node, masks) & ~seen) !== 0, horizon, options);
  for (const found of search.results) {
    const truth = evaluate(found.request, found.at).truth;
    if ((seen & maskOf[truth]) !== 0) search.mismatch = true;
    answer.truths!.add(truth);
    answer.witnesses.set(truth, found);
    seen |= maskOf[truth];
    if (answer.truths!.size === 3) return answer;
  }
  if (search.undecided()) answer.truths = undefined;
  return answer;
}

/**
 * Answers by question: a repository repeats its conditions (one time window in many policies), and
 * lint asks about each (on the bench's 1,000 policies, 2,500 questions of which about 100 differ).
 * Bounded, since the questions come from files.
 */
const answers = new Map<string, unknown>();
const ANSWERS_LIMIT = 10_000;

function remembered<T>(question: unknown[], options: SatisfyOptions, answer: () => T): T {
  let key: string;
  try {
    key = canonicalJson([...question, horizonOf(options).now, options.budget ?? DEFAULT_BUDGET]);
  } catch {
    return answer();
  }
  if (answers.has(key)) return answers.get(key) as T;
  const result = answer();
  if (answers.size >= ANSWERS_LIMIT) answers.clear();
  answers.set(key, result);
  return result;
}

/** Lint's answers should not change within a day, and the time zones' offsets are then scanned once a day (instants.ts caches them). */
function horizonOf(options: SatisfyOptions): Horizon {
  const now = (options.now ?? new Date()).getTime();
  return { now: Math.floor(now / DAY) * DAY, ever: true };
}

function runSearch(
  model: GroupModel,
  goal: SearchGoal,
  horizon: Horizon,
  options: SatisfyOptions,
): { results: Iterable<Found>; mismatch: boolean; undecided: () => boolean } {
  const state = { exhausted: false };
  const results = searchGoal(model, goal, { left: options.budget ?? DEFAULT_BUDGET }, horizon.now, state);
  const search = {
    results,
    mismatch: false,
    undecided: () => state.exhausted || search.mismatch || model.inexact !== undefined,
  };
  return search;
}
