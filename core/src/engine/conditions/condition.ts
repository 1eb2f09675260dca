import { contextSlot, DELEGATION_KEY } from '../delegation.js';
import type { EngineRequest } from '../types.js';

/**
 * What a condition says of a request: true, false, or unknown when it reads a value the request lacks,
 * or a value of the wrong kind (a string compared with greater_than to a number). Unknown is never
 * permissive: an allow rule applies only when every condition is true, a deny rule unless one is false
 * (rule.ts). Kleene's three-valued logic: not of unknown is unknown; any_of is true when one branch is
 * true, else unknown when one is unknown. So a request that lacks a value is never allowed where the
 * same request with that value could be denied (test/core/engine/unknown-properties.test.ts).
 */
export type Truth = 'true' | 'false' | 'unknown';

/** A condition's truth, and a readable line saying why, e.g. `risk_score 30 < 50`; an unknown line names the value missing. */
export interface ConditionOutcome {
  truth: Truth;
  description: string;
}

/** A condition with its value parsed once; evaluating it never throws. */
export type PreparedCondition = (request: EngineRequest, at: Date) => ConditionOutcome;

export const holds = (description: string): ConditionOutcome => ({ truth: 'true', description });
export const fails = (description: string): ConditionOutcome => ({ truth: 'false', description });
export const unknown = (description: string): ConditionOutcome => ({ truth: 'unknown', description });
export const outcome = (truth: boolean, description: string): ConditionOutcome => ({ truth: truth ? 'true' : 'false', description });

/**
 * A condition whose definition cannot be evaluated (a policy file the schema would refuse: the
 * server stores none) is unknown for every request: an allow with it never applies, a deny always does.
 */
export const alwaysUnknown =
  (description: string): PreparedCondition =>
  () =>
    unknown(description);

/** A definition that can never hold (an empty time window): false for every request, and says so. */
export const alwaysFails =
  (description: string): PreparedCondition =>
  () =>
    fails(description);

/**
 * Lines joined by `separator`, by concatenation: V8 keeps the result as a rope of the lines, written
 * out once when the decision is serialised, where Array.prototype.join copies every line into a new
 * flat string first (explanations are most of a decision's cost: bench/engine.bench.ts).
 */
export function joinLines(lines: readonly string[], separator: string): string {
  let joined = lines[0] ?? '';
  for (let index = 1; index < lines.length; index += 1) joined = joined + separator + lines[index]!;
  return joined;
}

/**
 * context[name], when the request carries a context object with that own property; a
 * `delegation.FIELD` name reads the field of context.delegation (delegation.ts).
 */
export function contextValue(request: EngineRequest, name: string): unknown {
  const slot = contextSlot(name);
  if (slot === undefined) return undefined;
  if ('key' in slot) return ownValue(request?.context, slot.key);
  const delegation = ownValue(request?.context, DELEGATION_KEY);
  return delegation !== null && typeof delegation === 'object' && !Array.isArray(delegation) ? ownValue(delegation, slot.delegation) : undefined;
}

/** principal.attributes[name], own properties only (an attribute named `constructor` is not inherited). */
export function principalAttribute(request: EngineRequest, name: string): unknown {
  return ownValue(request?.principal?.attributes, name);
}

/** resource.attributes[name], own properties only. */
export function resourceAttribute(request: EngineRequest, name: string): unknown {
  return ownValue(request?.resource?.attributes, name);
}

function ownValue(holder: unknown, name: string): unknown {
  if (holder === null || typeof holder !== 'object') return undefined;
  return Object.hasOwn(holder, name) ? (holder as Record<string, unknown>)[name] : undefined;
}

/**
 * How a value appears in a reason: strings quoted, so `"30"` and `30` read differently. Never throws,
 * whatever it is given (String() throws on symbols and objects without a prototype).
 */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A name from a policy (a type, an operator, a zone) as written: strings bare, anything else as showValue. */
export function showName(value: unknown): string {
  return typeof value === 'string' ? value : showValue(value);
}
