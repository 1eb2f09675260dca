import type { Knex } from 'knex';
import type { AuditActorNames } from '../../../../core/src/index.js';

/** Actors that name themselves (`cli:<os user>`, `system:<job>`, `anonymous`): nothing stored to look up. */
const selfNamed = (id: string): boolean => id === 'anonymous' || id.startsWith('cli:') || id.startsWith('system:');

/**
 * The names of a page's actors (schemas/audit-actor-names.json), one query per kind of actor
 * whatever the page's size: principals by id (a user's name is its username), then OAuth clients
 * by client id. An API token's events carry its owner's subject, so they resolve through these
 * two as well. Deleted principals keep their row (a soft delete), so their last name is found.
 * Principal ids are generated UUIDs and client ids are chosen, so one id naming both is not
 * expected; a principal wins if it happens.
 */
export async function actorNames(db: Knex, ids: Iterable<string | null>): Promise<AuditActorNames> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id.length > 0 && !selfNamed(id)))];
  if (wanted.length === 0) return {};
  const [principals, clients] = await Promise.all([
    db('principals').select('id', 'name').whereIn('id', wanted) as Promise<Array<{ id: string; name: string }>>,
    db('oauth_clients').select('client_id', 'name').whereIn('client_id', wanted) as Promise<Array<{ client_id: string; name: string }>>,
  ]);
  const names: AuditActorNames = {};
  for (const client of clients) names[client.client_id] = client.name;
  for (const principal of principals) names[principal.id] = principal.name;
  return names;
}
