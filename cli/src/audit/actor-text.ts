import type { AuditActorNames } from '../../../core/src/index.js';

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
