import type { Knex } from 'knex';
import { recordedEventsSubscribers } from '../../server/src/app.js';
import { openAuditLog, type AuditLog } from '../../server/src/domains/audit/index.js';

/**
 * A database handle of the tests' own (as `acctl server ...` opens one, without an app) with the
 * audit log the administrative transactions record through, delivering to the app's subscribers.
 */
export function auditedDatabase(db: Knex): { db: Knex; auditLog: AuditLog } {
  return { db, auditLog: openAuditLog(db, { subscribers: recordedEventsSubscribers }) };
}
