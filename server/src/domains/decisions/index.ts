/**
 * The decisions domain's one door (as jose's src/index.ts): the decision point's state of a
 * replica (decisionsPlugin) and its routes. Decisions are stored through the audit log
 * (app.auditLog.appendDecisions). Nothing outside this folder imports its other files (eslint.config.js).
 */
export { decisionRoutes, decisionsPlugin, serverTiming } from './routes.js';
// Deciding and recording as POST /decisions/evaluate does, for other front doors (domains/authzen).
export { decideChecked } from './decide-checked.js';
export { type RecordingTime } from './service.js';
