import type { Knex } from 'knex';
import { byTimeOrderedId, isUuid } from '../../db/uuid-v7.js';
import { ApiError } from '../../errors/api-error.js';
import type { EventType } from '../../events/catalog.js';
import { typesNamed } from '../../events/type-patterns.js';
import type { AuditEvent, AuditEventList, AuditEventListQuery } from '../../../../core/src/index.js';
import { actorNames, subjectOfActorName } from './actor-names.js';
import { auditEventColumns, toAuditEvent, type AuditEventRow } from './audit-log.js';

/**
 * GET /audit/events: newest first, by `seq`. Pagination is a keyset on `seq` (the cursor is the
 * last sequence number seen): appends are serialised and numbered in commit order, so what any
 * reader sees is every event up to some number, and the next page (seq below the cursor) can
 * neither miss an event committed later nor repeat one, however many arrive meanwhile.
 */
export async function listAuditEvents(db: Knex, query: AuditEventListQuery): Promise<AuditEventList> {
  const limit = query.limit ?? 50;
  const types = query.type ? expandTypes(query.type) : undefined;
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.since && query.until && Date.parse(query.since) >= Date.parse(query.until)) {
    throw new ApiError('validation_failed', '`since` must be before `until`', { errors: [{ pointer: '/since', in: 'query', detail: 'must be before until' }] });
  }
  const namedActor = query.actor_name === undefined ? undefined : await subjectOfActorName(db, query.actor_name);
  const rows: AuditEventRow[] = await db('audit_events')
    .select(auditEventColumns)
    .modify((q) => {
      if (query.id !== undefined) q.where(byTimeOrderedId(query.id, 'occurred_at'));
      if (types) q.whereIn('type', types);
      if (query.chain) q.where('chain', query.chain);
      if (query.actor) q.where(eventsOfActor(query.actor));
      if (namedActor !== undefined) q.where(eventsOfActor(namedActor));
      if (query.target_type) q.where('target_type', query.target_type);
      if (query.target_id) q.where('target_id', query.target_id);
      if (query.outcome) q.where('outcome', query.outcome);
      if (query.since) q.where('occurred_at', '>=', new Date(query.since));
      if (query.until) q.where('occurred_at', '<', new Date(query.until));
      if (before !== undefined) q.where('seq', '<', before);
    })
    .orderBy('seq', 'desc')
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    data: page.map(toAuditEvent),
    next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.seq) : null,
    // Beside the events, not in them: an event is hash-chained and keeps the ids it was recorded with.
    names: await actorNames(
      db,
      page.flatMap((row) => [row.actor_subject, row.actor_client_id, ...(row.actor_act ?? []).flatMap((agent) => [agent.sub, agent.client_id ?? null])]),
    ),
  };
}

/**
 * The events of `subject`: those it made, and those an agent it names made for someone (issue
 * #36): its chain holds it as an agent's `sub` (its agent principal) or `client_id`. Containment
 * on actor_act is what the GIN index audit_events_actor_act answers (migration 20261203_24), so
 * each arm of the OR is an index scan (docs/audit.md shows the plan).
 */
function eventsOfActor(subject: string): (q: Knex.QueryBuilder) => void {
  return (q) =>
    q
      .where('actor_subject', subject)
      .orWhereRaw('actor_act @> ?::jsonb', [JSON.stringify([{ sub: subject }])])
      .orWhereRaw('actor_act @> ?::jsonb', [JSON.stringify([{ client_id: subject }])]);
}

export async function getAuditEvent(db: Knex, id: string): Promise<AuditEvent> {
  // An event's id is made from its time (sealEvents; a decision's event takes the decision's id and time).
  const row: AuditEventRow | undefined = isUuid(id)
    ? await db('audit_events').select(auditEventColumns).where(byTimeOrderedId(id, 'occurred_at')).first()
    : undefined;
  if (!row) throw new ApiError('not_found', `No audit event with id ${id}`);
  return toAuditEvent(row);
}

/** `type` values, repeated or comma-separated; `policy.*` is a family (events/type-patterns.ts, as webhooks' event_types). */
export function expandTypes(values: readonly string[]): EventType[] {
  const types = new Set<EventType>();
  for (const value of values.flatMap((item) => item.split(','))) {
    const matching = typesNamed(value);
    if (matching.length === 0) {
      throw new ApiError('validation_failed', `Unknown event type ${value}; docs/events.md lists them`, {
        errors: [{ pointer: '/type', in: 'query', detail: `unknown event type ${value}` }],
      });
    }
    for (const type of matching) types.add(type);
  }
  return [...types];
}

/** Opaque to clients (they send next_cursor back as is), versioned so its form can change. */
function encodeCursor(sequence: number): string {
  return Buffer.from(`v1:${sequence}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^v1:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new ApiError('validation_failed', 'The cursor is not one this API gave out: send next_cursor as it came', {
      errors: [{ pointer: '/cursor', in: 'query', detail: 'not a cursor of this API' }],
    });
  return Number(match[1]);
}
