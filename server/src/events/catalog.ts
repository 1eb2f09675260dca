/**
 * Every domain event, defined once: the audit log records all of them, webhooks deliver those
 * marked `webhook`. docs/events.md describes each (a test checks the two agree).
 */
export const eventCatalog = {
  'policy.created': { webhook: true, description: 'A policy was created (version 1).' },
  'policy.updated': { webhook: true, description: 'A policy was updated to a new version.' },
  'policy.deleted': { webhook: true, description: 'A policy was soft-deleted.' },
  'policy.restored': { webhook: true, description: 'A soft-deleted policy was restored.' },
  'policy.rolled_back': { webhook: true, description: 'An earlier version of a policy was written as a new version.' },
  'policy.taken_over': {
    webhook: true,
    description: "A policy's owner label (metadata.managed_by) was changed from another owner's, by an admin:all or unbound caller.",
  },
  'policy_set.applied': { webhook: true, description: 'A change set of policies was applied, in one transaction, after its policy.* events.' },
  'principal.created': { webhook: true, description: 'A principal was created.' },
  'principal.updated': { webhook: true, description: 'A principal was changed (merge patch).' },
  'principal.deleted': { webhook: true, description: 'A principal was soft-deleted.' },
  'client.created': { webhook: true, description: 'An OAuth client was registered.' },
  'client.deleted': { webhook: true, description: 'An OAuth client was deleted.' },
  'client.secret_rotated': { webhook: true, description: "An OAuth client's secret was replaced." },
  'api_token.created': { webhook: true, description: 'An API token was created.' },
  'api_token.refreshed': { webhook: true, description: 'An API token was rotated into a new one.' },
  'token.revoked': { webhook: true, description: 'An API token or access token was revoked.' },
  'delegation.granted': { webhook: true, description: 'A user allowed an agent client to act for them by token exchange (RFC 8693).' },
  'delegation.revoked': { webhook: true, description: 'A delegation grant was revoked: the tokens exchanged under it end.' },
  'signing_key.rotated': { webhook: true, description: 'The token signing key was rotated.' },
  'auth.token_issued': { webhook: false, description: 'The token endpoint issued tokens (authentication success).' },
  // A person's own sessions, as Okta's user.session.start and user.session.end: the user is the actor.
  'auth.signed_in': { webhook: false, description: 'A person signed in on the pages (dashboard, or before consenting to a client such as the CLI).' },
  'auth.signed_out': { webhook: false, description: 'A person signed out of the pages.' },
  'auth.failed': { webhook: true, description: 'An authentication failed: wrong client secret, bad bearer token, failed sign-in (security event).' },
  'decision.evaluated': { webhook: false, description: 'An access decision was answered (one event per decision).' },
  'decision.planned': {
    webhook: false,
    description: 'A query plan was answered (POST /decisions/plan): which resources of a type a principal may act on, as a condition.',
  },
  'decisions.recorded': {
    webhook: false,
    description: 'Decisions were recorded, in one write: each named, all covered by one digest (auditDecisionEvents `digest`, instead of decision.evaluated).',
  },
  'audit.retention_applied': {
    webhook: false,
    description: 'Retention deleted the oldest decision.evaluated events; records the hash the decision chain now starts from.',
  },
  'webhook.created': { webhook: true, description: 'A webhook was created.' },
  'webhook.updated': { webhook: true, description: 'A webhook was changed (URL, event types, description, or enabled again).' },
  'webhook.deleted': { webhook: true, description: 'A webhook was deleted.' },
  'webhook.disabled': { webhook: true, description: 'A webhook was disabled after failing deliveries for too long.' },
  'webhook.test': { webhook: true, description: 'A test event sent by POST /webhooks/{id}/test.' },
  'report.completed': { webhook: true, description: 'An audit report finished.' },
  'report.failed': { webhook: true, description: 'An audit report failed.' },
} as const satisfies Record<string, { webhook: boolean; description: string }>;

export type EventType = keyof typeof eventCatalog;
export const eventTypes = Object.keys(eventCatalog) as EventType[];
