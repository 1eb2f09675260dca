import type { FastifyInstance } from 'fastify';
import { auditEventColumns, toAuditEvent, type AuditEventRow } from '../../server/src/domains/audit/audit-log.js';
import type { AuditEvent } from '../../core/src/index.js';
import { eventually as poll } from '../helpers/eventually.js';

/** The audit events a request left, read from the table (the HTTP API is tested on its own). */
export async function eventsOfRequest(app: FastifyInstance, requestId: string): Promise<AuditEvent[]> {
  const rows: AuditEventRow[] = await app.db('audit_events').select(auditEventColumns).where({ request_id: requestId }).orderBy('seq');
  return rows.map(toAuditEvent);
}

export async function allEvents(app: FastifyInstance): Promise<AuditEvent[]> {
  const rows: AuditEventRow[] = await app.db('audit_events').select(auditEventColumns).orderBy('seq');
  return rows.map(toAuditEvent);
}

/** The suite's poll (helpers/eventually.ts), with the longer deadline the audit tests' background work wants. */
export function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000, what = 'the condition'): Promise<T> {
  return poll(check, timeoutMs, what);
}
