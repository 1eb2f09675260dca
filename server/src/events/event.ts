import type { EventType } from './catalog.js';
import type { ChangeContext, DomainEvent } from './types.js';

/** The event of a change made in `context`: its actor, request and clock reading. */
export function changeEvent(
  context: ChangeContext,
  type: EventType,
  target: DomainEvent['target'],
  change: DomainEvent['change'],
  data?: Record<string, unknown>,
): DomainEvent {
  return { type, time: context.now, actor: context.actor, target, outcome: 'success', request: context.request, change, ...(data ? { data } : {}) };
}

/** An attempt that failed (auth.failed): no change, and the reason in `data.reason`. */
export function failureEvent(
  context: ChangeContext,
  type: EventType,
  target: DomainEvent['target'],
  reason: string,
  data: Record<string, unknown> = {},
): DomainEvent {
  return { type, time: context.now, actor: context.actor, target, outcome: 'failure', request: context.request, change: null, data: { reason, ...data } };
}
