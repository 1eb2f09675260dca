import { createHash } from 'node:crypto';
import type { DecisionRecord, PlanRecord } from '../../../../core/src/index.js';
import type { DomainEvent } from '../../events/types.js';
import { uuidV7 } from '../../db/uuid-v7.js';
import { canonicalJson } from '../../../../core/src/index.js';

/**
 * auditDecisionEvents `digest`: one decisions.recorded event per recording write instead of one
 * decision.evaluated event per decision. Each decision is named in the event with the facts an
 * access review reads (who, what, which way), and the whole of every decision record (request,
 * result, caller) is covered by `digest`: the SHA-256 of the RFC 8785 canonical JSON of the records,
 * in the order listed, as GET /v1/decisions/{id} answers them. So the hash chain protects every
 * decision's full content while the log grows by one row per write: Certificate Transparency and
 * Trillian log batches of entries under one signed head the same way (here a flat list, not a
 * Merkle tree: verification reads every decision anyway). Audit verification recomputes the
 * digest from the decisions table (verify.ts).
 */
export const digestActor = { subject: 'system:decision-recorder', client_id: null, token_kind: 'system' } as const;

/** One decision as a decisions.recorded event lists it. */
export interface DigestEntry {
  id: string;
  decision: 'allow' | 'deny';
  principal_id: string | null;
  principal_type: string;
  resource_type: string;
  resource: string;
  action: string;
  caller: string;
}

export interface DecisionsRecordedData {
  count: number;
  allow: number;
  deny: number;
  /** Hex SHA-256 of canonicalJson(records), records in the order of `decisions`. */
  digest: string;
  decisions: DigestEntry[];
}

/** The columns of a decisions row that its record is made of. */
export const decisionRecordColumns = ['id', 'created_at', 'kind', 'decision', 'request', 'result', 'caller_subject', 'client_id', 'request_id'] as const;

interface RecordRowFields {
  id: string;
  created_at: Date;
  caller_subject: string;
  client_id: string | null;
  request_id: string | null;
}

export interface DecisionRecordRow extends RecordRowFields {
  kind: 'decision';
  decision: 'allow' | 'deny';
  request: DecisionRecord['request'];
  result: DecisionRecord['result'];
}

/** A query plan's row (issue #35): no allow or deny, its outcome is its result. */
export interface PlanRecordRow extends RecordRowFields {
  kind: 'plan';
  decision: null;
  request: PlanRecord['request'];
  result: PlanRecord['result'];
}

/** A stored plan as GET /v1/decisions/{id} answers it: `kind` plan, which a decision's record has not (its digest is unchanged). */
export function toPlanRecord(row: PlanRecordRow): PlanRecord {
  return {
    id: row.id,
    kind: 'plan',
    timestamp: row.created_at.toISOString(),
    request: row.request,
    result: row.result,
    caller: { subject: row.caller_subject, client_id: row.client_id, request_id: row.request_id },
  };
}

/**
 * A stored decision as its record: the form GET /v1/decisions and GET /v1/decisions/{id} answer,
 * and the one `digest` covers. Here, below the decisions domain, because the audit log's
 * verification rebuilds records from the decisions table (verify-digest.ts) and the decisions
 * domain records into the audit log: one depends on the other, not both ways.
 */
export function toDecisionRecord(row: Omit<DecisionRecordRow, 'kind'>): DecisionRecord {
  return {
    id: row.id,
    timestamp: row.created_at.toISOString(),
    decision: row.decision,
    request: row.request,
    result: row.result,
    caller: { subject: row.caller_subject, client_id: row.client_id, request_id: row.request_id },
  };
}

/** The digest of decision records, in order: what a decisions.recorded event's `digest` must equal. */
export function digestOfDecisions(records: readonly DecisionRecord[]): string {
  const hash = createHash('sha256').update('[', 'utf8');
  records.forEach((record, index) => hash.update(index === 0 ? canonicalJson(record) : `,${canonicalJson(record)}`, 'utf8'));
  return hash.update(']', 'utf8').digest('hex');
}

/**
 * The decisions.recorded event of one write. Its time is the earliest decision's, so a month's
 * partition of decision events never names a decision of an earlier month: retention, which drops
 * both by month, cannot leave an event whose decisions are gone (retention.ts).
 */
export function decisionsRecordedEvent(records: readonly DecisionRecord[]): DomainEvent {
  if (records.length === 0) throw new Error('decisionsRecordedEvent needs at least one decision');
  let earliest = records[0]!.timestamp;
  let allow = 0;
  const decisions: DigestEntry[] = [];
  for (const { id, decision, request, timestamp, caller } of records) {
    if (timestamp < earliest) earliest = timestamp;
    if (decision === 'allow') allow++;
    decisions.push({
      id,
      decision,
      principal_id: request.principal.id ?? null,
      principal_type: request.principal.type,
      resource_type: request.resource.type,
      resource: request.resource.identifier,
      action: request.action,
      caller: caller.subject,
    });
  }
  const time = new Date(earliest);
  const data: DecisionsRecordedData = { count: records.length, allow, deny: records.length - allow, digest: digestOfDecisions(records), decisions };
  return {
    id: uuidV7(time.getTime()),
    time,
    type: 'decisions.recorded',
    actor: digestActor,
    target: { type: 'decision', id: records[0]!.id },
    outcome: 'success',
    request: { id: null, ip: null, user_agent: null },
    change: null,
    data: data as unknown as Record<string, unknown>,
  };
}
