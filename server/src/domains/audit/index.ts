/**
 * The audit domain's one door (as jose's src/index.ts). The log itself is one interface,
 * AuditLog (log.ts; Cerbos's internal/audit/log.go), decorated on the app as `app.auditLog` and
 * built by each entry with the subscribers it passes in (openAuditLog). Besides it: the routes of
 * /v1/audit, the background work (reports, retention), and the decision records the decisions
 * domain reads back. Nothing outside this folder imports its other files (eslint.config.js).
 */
export {
  auditLogPlugin,
  openAuditLog,
  type AuditedDatabase,
  type AuditLog,
  type AuditLogOptions,
  type IdentifiedEvent,
  type RecordedEventsSubscriber,
} from './log.js';
export { StaleGenerations, type DecisionGenerations, type DecisionRow, type PlannedRow, type RecordedDecision } from './decision-recorder.js';
export { decisionRecordColumns, toDecisionRecord, toPlanRecord, type DecisionRecordRow, type PlanRecordRow } from './decision-digest.js';
export { actorNames } from './actor-names.js';
export { auditPlugin } from './plugin.js';
export { auditRoutes } from './routes.js';
