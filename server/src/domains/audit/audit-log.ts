import type { Knex } from 'knex';
import type { DomainEvent } from '../../events/types.js';
import type { AuditEvent } from '../../../../core/src/index.js';
import { canonicalJson } from '../../../../core/src/index.js';
import { byteaJson, insertJsonRowsSql } from '../../db/json-rows.js';
import { uuidV7 } from '../../db/uuid-v7.js';
import { chainOf, genesisHash, hashSealedEvent, type AuditChain, type EventEnvelope } from './chain.js';

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
  target_type: string;
  target_id: string;
  outcome: AuditEvent['outcome'];
  request_id: string | null;
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
  'target_type',
  'target_id',
  'outcome',
  'request_id',
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
 * The events as the audit log stores them: numbered with the reserved sequences and linked, each to
 * the one before it in its chain. Pure: the caller reserved and will insert in one transaction.
 * `data` and `change` are the events' own values, not copies: what is hashed and stored is their
 * JSON (a Date as its ISO string), as the log reads them back.
 */
export function sealEvents(reservation: AuditReservation, events: readonly DomainEvent[], now = new Date()): SealedEvents {
  const heads = { ...reservation.heads };
  const sealed: AuditEvent[] = [];
  // Joined once at the end: a flat string, which the driver measures and copies without first
  // flattening a rope of every piece.
  const rows: string[] = [];
  for (const [index, event] of events.entries()) {
    const chain = chainOf(event.type);
    // Rendered once, canonically (as it will read back from jsonb, so the hash computed now is the
    // one verification finds): hashed and stored from the same text.
    const dataText = canonicalJson(event.data ?? {});
    const changeText = event.change ? canonicalJson({ before: event.change.before ?? null, after: event.change.after ?? null }) : 'null';
    const fields: EventEnvelope = {
      id: event.id ?? uuidV7((event.time ?? now).getTime()),
      sequence: reservation.sequences[index]!,
      chain,
      type: event.type,
      time: (event.time ?? now).toISOString(),
      actor: { subject: event.actor.subject, client_id: event.actor.client_id ?? null, token_kind: event.actor.token_kind },
      target: { type: event.target.type, id: event.target.id },
      outcome: event.outcome,
      request: { id: event.request.id ?? null, ip: event.request.ip ?? null, user_agent: event.request.user_agent ?? null },
      prev_hash: heads[chain],
    };
    const hash = hashSealedEvent(fields, dataText, changeText);
    heads[chain] = hash;
    const auditEvent: AuditEvent = { ...fields, change: event.change ?? null, data: event.data ?? {}, hash };
    sealed.push(auditEvent);
    const row = JSON.stringify(toRow(auditEvent));
    rows.push(`${row.slice(0, -1)},"change":${changeText},"data":${dataText}}`);
  }
  return { events: sealed, rowsJson: `[${rows.join(',')}]` };
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
  const result = (await trx.raw(reserveSql('?'), [events.length])) as { rows: Array<Parameters<typeof readReservation>[0]> };
  const sealed = sealEvents(readReservation(result.rows[0]!), events);
  await trx.raw(insertAuditEventsSql('?'), [sealed.rowsJson]);
  return sealed.events;
}

/** The row as jsonb_populate_recordset reads it (db/json-rows.ts), but for change and data, which sealEvents adds as rendered. */
function toRow(event: AuditEvent): Record<string, unknown> {
  return {
    seq: event.sequence,
    id: event.id,
    chain: event.chain,
    type: event.type,
    occurred_at: event.time,
    actor_subject: event.actor.subject,
    actor_client_id: event.actor.client_id,
    actor_token_kind: event.actor.token_kind,
    target_type: event.target.type,
    target_id: event.target.id,
    outcome: event.outcome,
    request_id: event.request.id,
    source_ip: event.request.ip,
    user_agent: event.request.user_agent,
    prev_hash: byteaJson(event.prev_hash),
    hash: byteaJson(event.hash),
  };
}

/** The event as the API shows it, and as it was hashed. */
export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    sequence: Number(row.seq),
    chain: row.chain,
    type: row.type,
    time: row.occurred_at.toISOString(),
    actor: { subject: row.actor_subject, client_id: row.actor_client_id, token_kind: row.actor_token_kind },
    target: { type: row.target_type, id: row.target_id },
    outcome: row.outcome,
    request: { id: row.request_id, ip: row.source_ip, user_agent: row.user_agent },
    change: row.change,
    data: row.data,
    prev_hash: row.prev_hash.toString('hex'),
    hash: row.hash.toString('hex'),
  };
}
