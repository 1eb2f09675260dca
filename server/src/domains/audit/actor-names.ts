import type { Knex } from 'knex';
import { ApiError } from '../../errors/api-error.js';
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

/** An actor a name may stand for, as a refusal lists it. */
interface NamedActor {
  subject: string;
  name: string;
  kind: string;
}

/** More candidates than this are counted, not listed, in a refusal. */
const listedCandidates = 20;

/**
 * The subject `actor_name` stands for (GET /audit/events): one query, whatever the number of
 * principals, where the CLI paged through a substring search and looked at the first 100 (105
 * look-alike names hid the real one). Live principals by name (unique per kind, case-insensitive)
 * and OAuth clients by name; none, then deleted principals (what a removed user did). Only actors
 * the log has events of count: the filter is over events, and a read:audit caller learns no
 * principal the names beside events would not show it; an agent that acted for someone counts (its
 * principal or client in an event's chain, as the `actor` filter finds it). An exact
 * spelling wins over a different case; two actors left is a refusal naming them (give the id), as
 * kubectl refuses an ambiguous short name. A name no actor has is matched as a subject (a client
 * id, `cli:<os user>`, `system:<job>`).
 */
export async function subjectOfActorName(db: Knex, name: string): Promise<string> {
  for (const deleted of [false, true]) {
    const { rows } = (await db.raw(
      `SELECT subject, name, kind FROM (
         SELECT id AS subject, name, kind FROM principals WHERE lower(name) = lower(?) AND (deleted_at IS NOT NULL) = ?
         UNION ALL
         SELECT client_id, name, 'oauth client' FROM oauth_clients WHERE NOT ? AND name = ?
       ) named
       WHERE EXISTS (SELECT 1 FROM audit_events e WHERE e.actor_subject = named.subject)
          OR EXISTS (SELECT 1 FROM audit_events e WHERE e.actor_act @> jsonb_build_array(jsonb_build_object('sub', named.subject)))
          OR EXISTS (SELECT 1 FROM audit_events e WHERE e.actor_act @> jsonb_build_array(jsonb_build_object('client_id', named.subject)))
       ORDER BY subject LIMIT ?`,
      [name, deleted, deleted, name, listedCandidates + 1],
    )) as { rows: NamedActor[] };
    if (rows.length === 0) continue;
    const exact = rows.filter((row) => row.name === name);
    const candidates = exact.length > 0 ? exact : rows;
    if (candidates.length === 1) return candidates[0]!.subject;
    const listed = candidates.slice(0, listedCandidates).map((row) => `${deleted ? 'deleted ' : ''}${row.kind} ${row.subject}`);
    const more = candidates.length > listedCandidates ? ` and more (over ${listedCandidates})` : '';
    const detail = `${candidates.length > listedCandidates ? `over ${listedCandidates}` : candidates.length} actors are named ${name}: ${listed.join(', ')}${more}; give the id`;
    throw new ApiError('validation_failed', `actor_name ${name} is ambiguous: ${detail}`, { errors: [{ pointer: '/actor_name', in: 'query', detail }] });
  }
  return name;
}
