import { createHash } from 'node:crypto';
import type { EventType } from '../../events/catalog.js';
import type { AuditEvent } from '../../generated/schema-types.js';
import { canonicalJson, type CanonicalText } from './canonical-json.js';

export type AuditChain = AuditEvent['chain'];

/** What an event's hash covers; data and change may come already rendered (sealEvents). */
export type HashedFields = Omit<AuditEvent, 'hash' | 'data' | 'change'> & {
  data: AuditEvent['data'] | CanonicalText;
  change: AuditEvent['change'] | CanonicalText;
  hash?: string;
};

/** The prev_hash of the first event of a chain. */
export const genesisHash = '0'.repeat(64);

/**
 * Decisions have a chain of their own: retention deletes the oldest of them, which would break a
 * chain they shared with the changes that must be kept forever.
 */
export function chainOf(type: EventType): AuditChain {
  return type === 'decision.evaluated' ? 'decision' : 'change';
}

/**
 * The one hashing rule of the audit log: SHA-256 over the RFC 8785 canonical JSON of the event as
 * the API shows it, minus `hash` (so prev_hash, and with it the whole chain before, is covered).
 * Anyone holding the events can recompute it; docs/events.md shows how.
 */
export function hashEvent(event: HashedFields): string {
  const { hash: _ignored, ...fields } = event;
  return createHash('sha256').update(canonicalJson(fields), 'utf8').digest('hex');
}
