import type { FastifyInstance } from 'fastify';
import { auditEventColumns, toAuditEvent, type AuditEventRow } from '../../server/src/domains/audit/audit-log.js';
import type { AuditEvent } from '../../core/src/index.js';

/** The audit events a request left, read from the table (the HTTP API is tested on its own). */
export async function eventsOfRequest(app: FastifyInstance, requestId: string): Promise<AuditEvent[]> {
  const rows: AuditEventRow[] = await app.db('audit_events').select(auditEventColumns).where({ request_id: requestId }).orderBy('seq');
  return rows.map(toAuditEvent);
}

export async function allEvents(app: FastifyInstance): Promise<AuditEvent[]> {
  const rows: AuditEventRow[] = await app.db('audit_events').select(auditEventColumns).orderBy('seq');
  return rows.map(toAuditEvent);
}

/** Polls until `check` answers something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000, what = 'the condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
