/**
 * The webhooks domain's one door (as jose's src/index.ts): its routes, the delivery worker
 * (webhooksPlugin), and the outbox that the entries pass to the audit log as its subscriber
 * (app.ts, admin/database.ts). Nothing outside this folder imports its other files (eslint.config.js).
 */
export { createWebhookOutbox, webhookOutbox } from './outbox.js';
export { webhooksPlugin } from './plugin.js';
export { webhookRoutes } from './routes.js';
