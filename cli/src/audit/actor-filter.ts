import { hasIdForm } from '../stored-objects/name-or-id.js';
import type { AuditEventFilter } from './event-filters.js';

/**
 * What `--actor` asks GET /audit/events for: a principal's id as a subject; anything else as a
 * name, which the server resolves exactly, in one query, and refuses when two actors have it
 * (audit/actor-names.ts), falling back to the value as a subject (a client id, `cli:<os user>`).
 * The CLI paged through a substring search of principals before and looked at the first 100:
 * 105 look-alike names hid the real one (issue #34).
 */
export function actorQuery(actor: string | undefined): Pick<AuditEventFilter, 'actor' | 'actor_name'> {
  if (actor === undefined) return {};
  return hasIdForm(actor) ? { actor } : { actor_name: actor };
}
