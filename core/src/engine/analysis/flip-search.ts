import type { EngineRequest } from '../types.js';
import { blankRequest, INSTANT, placeValue, type ConditionNode, type GroupModel, type GroupRule } from './flip-model.js';
import { ABSENT } from './path-values.js';

/**
 * Backtracking over a group's variables, most constrained first (fewest candidates), for requests
 * that meet a goal: for the access analysis, that `from` denies and `to` allows while the seed rule
 * applies (searchFlips); for lint, that a rule applies or a condition takes a truth (satisfy.ts).
 * Each leaf is judged by the engine's own prepared condition as soon as the paths it reads are all
 * assigned; until then it may still come out true, false or unknown (three bits). An unassigned path
 * is not an absent one: absence is one of its candidates. A branch is cut as soon as the goal cannot
 * hold whatever the rest becomes.
 */

export const TRUE = 1;
export const FALSE = 2;
export const UNKNOWN = 4;
const ANY = TRUE | FALSE | UNKNOWN;
export const maskOf = { true: TRUE, false: FALSE, unknown: UNKNOWN } as const;

/** Whether the goal may still hold, given the truths each leaf may still take (`masks`, by leaf index). */
export type SearchGoal = (masks: Uint8Array) => boolean;

/** Combinations (nodes of the search) the caller allows, shared by every search of one analysis. */
export interface SearchBudget {
  left: number;
}

export interface Found {
  request: EngineRequest;
  at: Date;
}

export interface SearchState {
  /** The budget ran out before the search ended: what was not found may exist. */
  exhausted: boolean;
}

/** Requests (with instants) `from` denies and `to` allows while the seed rule applies. */
export function searchFlips(model: GroupModel, budget: SearchBudget, now: number, state: SearchState): Generator<Found, void, undefined> {
  return searchGoal(model, (masks) => flipPossible(model.rules, masks), budget, now, state);
}

/** Every complete assignment of the model's variables the goal holds for (as far as the leaves tell), one at a time. */
export function* searchGoal(model: GroupModel, goal: SearchGoal, budget: SearchBudget, now: number, state: SearchState): Generator<Found, void, undefined> {
  const readers = (path: string) => model.leaves.filter((leaf) => leaf.reads.includes(path)).length;
  const order = [...model.variables].sort((a, b) => a.values.length - b.values.length || readers(b.path) - readers(a.path));
  const position = new Map(order.map((variable, index) => [variable.path, index]));
  const readyAt = model.leaves.map((leaf) => Math.max(-1, ...leaf.reads.map((path) => position.get(path) ?? -1)));
  const masks = new Uint8Array(model.leaves.length).fill(ANY);
  const request = blankRequest(model);
  let at = new Date(now);
  const judge = (depth: number): void => {
    model.leaves.forEach((leaf, index) => {
      if (readyAt[index] === depth) masks[index] = maskOf[leaf.evaluate(request, at)];
    });
  };

  function* visit(depth: number): Generator<Found, void, undefined> {
    if (budget.left <= 0) {
      state.exhausted = true;
      return;
    }
    budget.left -= 1;
    if (!goal(masks)) return;
    if (depth === order.length) {
      yield { request: structuredClone(request), at: new Date(at.getTime()) };
      return;
    }
    const variable = order[depth]!;
    for (const value of variable.values) {
      if (variable.path === INSTANT) at = new Date(value as number);
      else placeValue(request, variable.path, value);
      judge(depth);
      yield* visit(depth + 1);
      if (state.exhausted) return;
    }
    if (variable.path !== INSTANT) placeValue(request, variable.path, ABSENT);
    model.leaves.forEach((_, index) => {
      if (readyAt[index] === depth) masks[index] = ANY;
    });
  }

  judge(-1);
  yield* visit(0);
}

/** Whether `to` may still allow, `from` deny, and the seed apply. */
function flipPossible(rules: readonly GroupRule[], masks: Uint8Array): boolean {
  let fromDenyPossible = false;
  let fromAllAllowsMayFail = true;
  let toAllDeniesMayFail = true;
  let toAllowPossible = false;
  for (const rule of rules) {
    const { mayApply, mayNotApply } = ruleMay(rule, masks);
    if (rule.seed && !mayApply) return false;
    if (rule.side === 'from') {
      if (rule.effect === 'deny') fromDenyPossible ||= mayApply;
      else fromAllAllowsMayFail &&= mayNotApply;
    } else if (rule.effect === 'deny') toAllDeniesMayFail &&= mayNotApply;
    else toAllowPossible ||= mayApply;
  }
  return (fromDenyPossible || fromAllAllowsMayFail) && toAllDeniesMayFail && toAllowPossible;
}

/** An allow applies when every atom is true; a deny unless one is false (unknown is never permissive). */
export function ruleMay(rule: Pick<GroupRule, 'effect' | 'atoms'>, masks: Uint8Array): { mayApply: boolean; mayNotApply: boolean } {
  let mayApply = true;
  let mayNotApply = false;
  const blocking = rule.effect === 'allow' ? FALSE | UNKNOWN : FALSE;
  const applying = rule.effect === 'allow' ? TRUE : TRUE | UNKNOWN;
  for (const atom of rule.atoms) {
    const mask = nodeMask(atom, masks);
    if ((mask & applying) === 0) mayApply = false;
    if ((mask & blocking) !== 0) mayNotApply = true;
  }
  return { mayApply, mayNotApply };
}

/** The truths a node may still take (Kleene: not swaps true and false; any_of is true when a branch is, else unknown when one is). */
export function nodeMask(node: ConditionNode, masks: Uint8Array): number {
  if (node.kind === 'leaf') return masks[node.leaf]!;
  if (node.kind === 'not') {
    const inner = nodeMask(node.inner, masks);
    return (inner & UNKNOWN) | (inner & TRUE ? FALSE : 0) | (inner & FALSE ? TRUE : 0);
  }
  let mayTrue = false;
  let allMayFalse = true;
  let allMayNotTrue = true;
  let someMayUnknown = false;
  for (const branch of node.branches) {
    const mask = nodeMask(branch, masks);
    mayTrue ||= (mask & TRUE) !== 0;
    allMayFalse &&= (mask & FALSE) !== 0;
    allMayNotTrue &&= (mask & (FALSE | UNKNOWN)) !== 0;
    someMayUnknown ||= (mask & UNKNOWN) !== 0;
  }
  return (mayTrue ? TRUE : 0) | (allMayFalse ? FALSE : 0) | (allMayNotTrue && someMayUnknown ? UNKNOWN : 0);
}
