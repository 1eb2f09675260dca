import { eventTypes, type EventType } from './catalog.js';

/**
 * The one rule for naming event types, shared by the audit log's `type` filter and webhooks'
 * `event_types`: a type by its name, or a family as `policy.*`, every type whose name starts
 * with `policy.` (so not `policy_set.applied`). Webhooks also take `*` for every type.
 */
export function isFamily(pattern: string): boolean {
  return pattern.endsWith('.*');
}

/** Whether `pattern` (a type or a family) names `type`. */
export function namesType(pattern: string, type: string): boolean {
  return isFamily(pattern) ? type.startsWith(pattern.slice(0, -1)) : type === pattern;
}

/** The catalog's types that `pattern` names (none for an unknown one). */
export function typesNamed(pattern: string): EventType[] {
  return eventTypes.filter((type) => namesType(pattern, type));
}
