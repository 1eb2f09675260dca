import { createHash, type Hash } from 'node:crypto';
import type { EventType } from '../../events/catalog.js';
import type { AuditEvent } from '../../../../core/src/index.js';
import { canonicalJson } from '../../../../core/src/index.js';

export type AuditChain = AuditEvent['chain'];

/** An event's members but its data, change and hash: what sealing builds around them. */
export type EventEnvelope = Omit<AuditEvent, 'hash' | 'data' | 'change'>;

/** The prev_hash of the first event of a chain. */
export const genesisHash = '0'.repeat(64);

/**
 * Decisions have a chain of their own: retention deletes the oldest of them, which would break a
 * chain they shared with the changes that must be kept forever. Query plans are recorded as
 * decisions are (issue #35): decision.planned events written before kept the change chain they
 * were sealed on (verification reads each event's stored chain).
 */
export function chainOf(type: EventType): AuditChain {
  return decisionChainTypes.has(type) ? 'decision' : 'change';
}

const decisionChainTypes: ReadonlySet<EventType> = new Set(['decision.evaluated', 'decision.planned', 'decisions.recorded']);

/**
 * The one hashing rule of the audit log: SHA-256 over the RFC 8785 canonical JSON of the event as
 * the API shows it, minus `hash` (so prev_hash, and with it the whole chain before, is covered).
 * Anyone holding the events can recompute it; docs/events.md shows how.
 */
export function hashEvent(event: Omit<AuditEvent, 'hash'> & { hash?: string }): string {
  const { hash: _ignored, ...fields } = event;
  return createHash('sha256').update(canonicalJson(fields), 'utf8').digest('hex');
}

/**
 * hashEvent for an event being sealed, whose data and change are already canonical text: the
 * envelope's members are written out in their canonical order (sorted names, JSON.stringify for
 * each value), which saves sorting them again for every event on the decision path.
 * test/audit/chain.test.ts checks that it hashes every event as hashEvent does.
 */
export function hashSealedEvent(envelope: EventEnvelope, dataText: string, changeText: string): string {
  return hashSealedSuffix(hashPrefix(envelope, dataText, changeText), envelope);
}

/**
 * The hashed text is canonical JSON, its members in key order; `change` and `data`, the bulk of it,
 * come before `prev_hash` and `sequence`, so the hash over everything up to `"prev_hash":` can be
 * computed before an event's place in the log is known (audit-log.ts prepareEvents), and
 * hashSealedSuffix finishes it with the short rest. Together they hash exactly hashEvent's text.
 */
export function hashPrefix(fields: Omit<EventEnvelope, 'sequence' | 'prev_hash'>, dataText: string, changeText: string): Hash {
  return createHash('sha256').update(prefixText(fields, dataText, changeText), 'utf8');
}

/** The hashed text up to and including `"prev_hash":`, for a caller that hashes it later (hashSealedSuffix's `prefix` as text). */
export function prefixText(fields: Omit<EventEnvelope, 'sequence' | 'prev_hash'>, dataText: string, changeText: string): string {
  const q = JSON.stringify;
  const { actor } = fields;
  // Present only for a delegated caller (RFC 8693 act): every event without a chain hashes as before.
  const act = actor.act === undefined ? '' : `"act":${canonicalJson(actor.act)},`;
  return (
    `{"actor":{${act}"client_id":${q(actor.client_id)},"subject":${q(actor.subject)},"token_kind":${q(actor.token_kind)}},` +
    `"chain":${q(fields.chain)},"change":${changeText},"data":${dataText},"id":${q(fields.id)},"outcome":${q(fields.outcome)},"prev_hash":`
  );
}

/** Finishes (and so consumes) a hashPrefix state, or hashes a prefixText and the rest. */
export function hashSealedSuffix(prefix: Hash | string, envelope: EventEnvelope): string {
  const q = JSON.stringify;
  const { request, target } = envelope;
  // Present only when the caller sent one: events recorded before it was kept hash as they did.
  const clientRequestId = request.client_request_id === undefined ? '' : `"client_request_id":${q(request.client_request_id)},`;
  return (typeof prefix === 'string' ? createHash('sha256').update(prefix, 'utf8') : prefix)
    .update(
      `${q(envelope.prev_hash)},"request":{${clientRequestId}"id":${q(request.id)},"ip":${q(request.ip)},"user_agent":${q(request.user_agent)}},` +
        `"sequence":${q(envelope.sequence)},"target":{"id":${q(target.id)},"type":${q(target.type)}},"time":${q(envelope.time)},"type":${q(envelope.type)}}`,
      'utf8',
    )
    .digest('hex');
}
