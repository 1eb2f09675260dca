import type { Knex } from 'knex';
import type { DomainEvent } from '../../events/types.js';
import type { ActorChain, AuditEvent } from '../../../../core/src/index.js';
import { canonicalJson } from '../../../../core/src/index.js';
import { byteaJson, insertJsonRowsSql } from '../../db/json-rows.js';
import { uuidV7 } from '../../db/uuid-v7.js';
import type { Hash } from 'node:crypto';
import { chainOf, genesisHash, hashPrefix, hashSealedSuffix, prefixText, type AuditChain, type EventEnvelope } from './chain.js';

/** A row of audit_events (migration 20261124_01): the event's members in columns, hashes as bytes. */
export interface AuditEventRow {
  seq: number;
  id: string;
  chain: AuditChain;
  type: AuditEvent['type'];
  occurred_at: Date;
  actor_subject: string;
  actor_client_id: string | null;
  actor_token_kind: AuditEvent['actor']['token_kind'];
  /** The agents that acted for the subject (schemas/actor-chain.json); null for an event without a chain (migration 20261203_21). */
  actor_act: ActorChain | null;
  target_type: string;
  target_id: string;
  outcome: AuditEvent['outcome'];
  request_id: string | null;
  client_request_id: string | null;
  source_ip: string | null;
  user_agent: string | null;
  change: AuditEvent['change'];
  data: Record<string, unknown>;
  prev_hash: Buffer;
  hash: Buffer;
}

export const auditEventColumns = [
  'seq',
  'id',
  'chain',
  'type',
  'occurred_at',
  'actor_subject',
  'actor_client_id',
  'actor_token_kind',
  'actor_act',
  'target_type',
  'target_id',
  'outcome',
  'request_id',
  'client_request_id',
  'source_ip',
  'user_agent',
  'change',
  'data',
  'prev_hash',
  'hash',
] as const;

/** What acctl_audit_reserve hands an append: its sequence numbers and the head of each chain. */
export interface AuditReservation {
  sequences: number[];
  heads: Record<AuditChain, string>;
}

/** The call that starts an append; `placeholder` is the event count's parameter. */
export function reserveSql(placeholder: '?' | `$${number}`): string {
  return `SELECT sequences, change_head, decision_head FROM acctl_audit_reserve(${placeholder})`;
}

export function readReservation(row: { sequences: Array<string | number>; change_head: Buffer | null; decision_head: Buffer | null }): AuditReservation {
  return {
    sequences: row.sequences.map(Number),
    heads: { change: row.change_head?.toString('hex') ?? genesisHash, decision: row.decision_head?.toString('hex') ?? genesisHash },
  };
}

/** Events sealed for the log: as the API shows them, and as rows for insertAuditEventsSql's one parameter. */
export interface SealedEvents {
  events: AuditEvent[];
  rowsJson: string;
}

/**
 * An event rendered for the log before its place in it is known: everything but its sequence,
 * prev_hash and hash. The costly part of sealing (the canonical JSON of `data` and `change`, and
 * hashing those bytes) is done here, before the log's append lock is taken: the hashed text
 * (chain.ts hashSealedEvent) puts `change` and `data` before `prev_hash`, so the SHA-256 state up
 * to `"prev_hash":` is computed now and only the short rest of the text is hashed under the lock.
 * A 1,000-policy change set held the lock (and every decision waiting on it) for the whole render.
 */
export interface PreparedEvent {
  event: DomainEvent;
  fields: Omit<EventEnvelope, 'sequence' | 'prev_hash'>;
  /**
   * The hashed text up to and including `"prev_hash":`: already hashed (a SHA-256 state that the one
   * sealing finishes, so the bulk is hashed before the lock), or as text for a writer that may seal
   * the same events again on another tail (`resealable`: PredictedTail; copying a hash state for
   * every event cost the decision path more than hashing its short text again).
   */
  prefix: Hash | string;
  /** The row's members but seq, prev_hash and hash, without the braces, `data` and `change` as rendered. */
  rowTail: string;
}

export function prepareEvents(events: readonly DomainEvent[], options: { now?: Date; resealable?: boolean } = {}): PreparedEvent[] {
  const now = options.now ?? new Date();
  return events.map((event) => {
    // Rendered once, canonically (as it will read back from jsonb, so the hash computed now is the
    // one verification finds): hashed and stored from the same text.
    const dataText = canonicalJson(event.data ?? {});
    const changeText = event.change ? canonicalJson({ before: event.change.before ?? null, after: event.change.after ?? null }) : 'null';
    const time = (event.time ?? now).toISOString();
    const fields = {
      id: event.id ?? uuidV7((event.time ?? now).getTime()),
      chain: chainOf(event.type),
      type: event.type,
      time,
      actor: actorOf(event.actor),
      target: { type: event.target.type, id: event.target.id },
      outcome: event.outcome,
      request: requestOf(event.request),
    };
    const row = JSON.stringify(toRowTail(fields));
    const prefix = options.resealable ? prefixText(fields, dataText, changeText) : hashPrefix(fields, dataText, changeText);
    return { event, fields, prefix, rowTail: `${row.slice(1, -1)},"change":${changeText},"data":${dataText}` };
  });
}

/**
 * Prepared events as the audit log stores them: numbered with the reserved sequences and linked,
 * each to the one before it in its chain. Pure: the caller reserved and will insert in one
 * transaction. `data` and `change` are the events' own values, not copies: what is hashed and
 * stored is their JSON (a Date as its ISO string), as the log reads them back. Events prepared
 * without `resealable` are sealed once: sealing finishes their hash states.
 */
export function sealPrepared(reservation: AuditReservation, prepared: readonly PreparedEvent[]): SealedEvents {
  const events = linkPrepared(reservation, prepared);
  // Joined once at the end: a flat string, which the driver measures and copies without first
  // flattening a rope of every piece.
  const rows: string[] = [];
  const q = JSON.stringify;
  for (const [index, event] of events.entries())
    rows.push(`{"seq":${event.sequence},"prev_hash":${q(byteaJson(event.prev_hash))},"hash":${q(byteaJson(event.hash))},${prepared[index]!.rowTail}}`);
  return { events, rowsJson: `[${rows.join(',')}]` };
}

/** Numbers and links prepared events (sealPrepared's first half): the events as the log will hold them. */
function linkPrepared(reservation: AuditReservation, prepared: readonly PreparedEvent[]): AuditEvent[] {
  const heads = { ...reservation.heads };
  return prepared.map(({ event, fields, prefix }, index) => {
    const envelope: EventEnvelope = { ...fields, sequence: reservation.sequences[index]!, prev_hash: heads[fields.chain] };
    const hash = hashSealedSuffix(prefix, envelope);
    heads[fields.chain] = hash;
    return { ...envelope, change: event.change ?? null, data: event.data ?? {}, hash };
  });
}

/** prepareEvents then sealPrepared, for callers that reserve first. */
export function sealEvents(reservation: AuditReservation, events: readonly DomainEvent[], now = new Date()): SealedEvents {
  return sealPrepared(reservation, prepareEvents(events, { now }));
}

/** The statement that stores sealed events; its one parameter is SealedEvents.rowsJson. */
export function insertAuditEventsSql(placeholder: '?' | `$${number}`): string {
  return insertJsonRowsSql('audit_events', auditEventColumns, placeholder);
}

/**
 * Appends events to the audit log inside `trx`. acctl_audit_reserve (migration 20261124_02) takes
 * the log's transaction-scoped advisory lock, so appends are serialised until their transaction
 * commits: sequence numbers then follow commit order (what keeps cursors stable), and each event
 * links to the head of its chain as committed. The lock is held to the end of the transaction, so
 * callers append last, just before committing. Needs READ COMMITTED (the default): under
 * REPEATABLE READ the heads read after the lock would be those of the transaction's snapshot.
 */
export async function appendToAuditLog(trx: Knex.Transaction, events: readonly DomainEvent[]): Promise<AuditEvent[]> {
  // Rendered and mostly hashed before the lock: under it, only the linking is left (PreparedEvent).
  const prepared = prepareEvents(events);
  if (prepared.length >= stagedAppendFrom) return appendStaged(trx, prepared);
  const result = (await trx.raw(reserveSql('?'), [events.length])) as { rows: Array<Parameters<typeof readReservation>[0]> };
  const sealed = sealPrepared(readReservation(result.rows[0]!), prepared);
  await trx.raw(insertAuditEventsSql('?'), [sealed.rowsJson]);
  return sealed.events;
}

/**
 * From this many events an append stages its rows before it takes the log's lock (appendStaged).
 * Below it, the one statement under the lock costs less than staging's extra round trip.
 */
export const stagedAppendFrom = 64;

/** Names each staging table of a process apart, should one transaction append twice. */
let stagings = 0;

/**
 * A large append (a change set's event per policy): the rows go into a temporary table of the
 * transaction before the lock, so that under it PostgreSQL copies rows already built instead of
 * parsing their JSON. Measured on a 1,000-policy set: its 2.3 MB of events took 40 ms to parse
 * and 36 ms to insert, and every decision waited on the lock meanwhile (decision-recorder.ts).
 * Under the lock are left the reservation, the linking (each hash finishes a state computed in
 * prepareEvents) and one INSERT ... SELECT with the numbers and hashes (a small JSON parameter).
 */
async function appendStaged(trx: Knex.Transaction, prepared: readonly PreparedEvent[]): Promise<AuditEvent[]> {
  stagings = (stagings + 1) % Number.MAX_SAFE_INTEGER;
  const table = `acctl_staged_audit_events_${stagings}`;
  await trx.raw(
    `CREATE TEMPORARY TABLE ${table} ON COMMIT DROP AS SELECT * FROM jsonb_populate_recordset(NULL::audit_events, ?::jsonb) WITH ORDINALITY AS staged`,
    [`[${prepared.map(({ rowTail }) => `{${rowTail}}`).join(',')}]`],
  );
  const result = (await trx.raw(reserveSql('?'), [prepared.length])) as { rows: Array<Parameters<typeof readReservation>[0]> };
  const events = linkPrepared(readReservation(result.rows[0]!), prepared);
  const links = `[${events.map((event, index) => `{"o":${index + 1},"s":${event.sequence},"p":"${event.prev_hash}","h":"${event.hash}"}`).join(',')}]`;
  const linked = { seq: 'l.s', prev_hash: "decode(l.p, 'hex')", hash: "decode(l.h, 'hex')" } as Record<string, string>;
  const select = auditEventColumns.map((column) => linked[column] ?? `s.${column}`).join(', ');
  await trx.raw(
    `INSERT INTO audit_events (${auditEventColumns.join(', ')}) SELECT ${select} FROM ${table} s JOIN jsonb_to_recordset(?::jsonb) AS l(o bigint, s bigint, p text, h text) ON l.o = s.ordinality ORDER BY s.ordinality`,
    [links],
  );
  return events;
}

/** The row's columns as jsonb_populate_recordset reads them (db/json-rows.ts), but for seq, the hashes, change and data, which sealing adds. */
function toRowTail(fields: PreparedEvent['fields']): Record<string, unknown> {
  return {
    id: fields.id,
    chain: fields.chain,
    type: fields.type,
    occurred_at: fields.time,
    actor_subject: fields.actor.subject,
    actor_client_id: fields.actor.client_id,
    actor_token_kind: fields.actor.token_kind,
    actor_act: fields.actor.act ?? null,
    target_type: fields.target.type,
    target_id: fields.target.id,
    outcome: fields.outcome,
    request_id: fields.request.id,
    client_request_id: fields.request.client_request_id ?? null,
    source_ip: fields.request.ip,
    user_agent: fields.request.user_agent,
  };
}

/** An event's actor as the API shows it and as it is hashed: its chain of agents only when it has one (chain.ts). */
function actorOf(actor: Omit<DomainEvent['actor'], 'act'> & { act?: ActorChain | null | undefined }): AuditEvent['actor'] {
  const shown: AuditEvent['actor'] = { subject: actor.subject, client_id: actor.client_id ?? null, token_kind: actor.token_kind };
  if (actor.act && actor.act.length > 0) shown.act = actor.act;
  return shown;
}

/** An event's request as the API shows it and as it is hashed: the caller's id only when it sent one (chain.ts). */
function requestOf(request: DomainEvent['request']): AuditEvent['request'] {
  const shown: AuditEvent['request'] = { id: request.id ?? null, ip: request.ip ?? null, user_agent: request.user_agent ?? null };
  if (typeof request.client_request_id === 'string') shown.client_request_id = request.client_request_id;
  return shown;
}

/** The event as the API shows it, and as it was hashed. */
export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    sequence: Number(row.seq),
    chain: row.chain,
    type: row.type,
    time: row.occurred_at.toISOString(),
    actor: actorOf({ subject: row.actor_subject, client_id: row.actor_client_id, token_kind: row.actor_token_kind, act: row.actor_act }),
    target: { type: row.target_type, id: row.target_id },
    outcome: row.outcome,
    request: requestOf({ id: row.request_id, client_request_id: row.client_request_id, ip: row.source_ip, user_agent: row.user_agent }),
    change: row.change,
    data: row.data,
    prev_hash: row.prev_hash.toString('hex'),
    hash: row.hash.toString('hex'),
  };
}
