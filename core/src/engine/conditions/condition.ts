import type { EngineRequest } from '../types.js';

/** Whether a condition holds, and a readable line saying why, e.g. `risk_score 30 < 50`. */
export interface ConditionOutcome {
  holds: boolean;
  description: string;
}

/** A condition with its value parsed once; evaluating it never throws. */
export type PreparedCondition = (request: EngineRequest, at: Date) => ConditionOutcome;

export const holds = (description: string): ConditionOutcome => ({ holds: true, description });
export const fails = (description: string): ConditionOutcome => ({ holds: false, description });

/** A condition whose definition cannot be evaluated fails every request: fail closed. */
export const alwaysFails =
  (description: string): PreparedCondition =>
  () =>
    fails(description);

/** context[name], when the request carries a context object with that own property. */
export function contextValue(request: EngineRequest, name: string): unknown {
  const context: unknown = request?.context;
  if (context === null || typeof context !== 'object') return undefined;
  return Object.hasOwn(context, name) ? (context as Record<string, unknown>)[name] : undefined;
}

/** principal.attributes[name], own properties only (an attribute named `constructor` is not inherited). */
export function principalAttribute(request: EngineRequest, name: string): unknown {
  const attributes: unknown = request?.principal?.attributes;
  if (attributes === null || typeof attributes !== 'object') return undefined;
  return Object.hasOwn(attributes, name) ? (attributes as Record<string, unknown>)[name] : undefined;
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
