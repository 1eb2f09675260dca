import type { AuditActorNames, AuditEvent } from '../../../core/src/index.js';

/**
 * An actor id with its name when the list named it: `alice (0b6f…full id)`, the id kept whole so
 * two principals that held one name apart stay apart; the id alone otherwise (`system:retention`).
 * Apart from event-display.ts, which reads policy changes with the engine: `policy versions` and
 * `history` name actors too, and load no engine at startup.
 */
export function actorText(id: string, names: AuditActorNames): string {
  const name = Object.hasOwn(names, id) ? names[id] : undefined;
  return name === undefined || name === id ? id : `${name} (${id})`;
}

/**
 * An event's actor with the agents that acted for it (RFC 8693 `act`, issue #36): `alice (…) via
 * support-bot (…)`, the agents in the order the delegation went, from the person's first agent
 * to the one that made the request (the event lists them nearest first).
 */
export function actorWithAgents(actor: AuditEvent['actor'], names: AuditActorNames): string {
  const subject = actorText(actor.subject, names);
  if (!actor.act || actor.act.length === 0) return subject;
  return `${subject} via ${[...actor.act]
    .reverse()
    .map((agent) => actorText(agent.sub, names))
    .join(' → ')}`;
}
