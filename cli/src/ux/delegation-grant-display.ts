import type { DelegationGrant } from '../../../core/src/index.js';
import { shortTime } from './resource-display.js';
import { renderTable } from '../../../kit/src/index.js';

/** Whether the agent may still act on it: revoked (for good), expired (by its time), else active. */
export function delegationGrantStatus(grant: DelegationGrant, now = Date.now()): 'active' | 'expired' | 'revoked' {
  if (grant.revoked_at !== null) return 'revoked';
  return Date.parse(grant.expires_at) <= now ? 'expired' : 'active';
}

/** `acctl agent grant list`: one line per grant, its id first (what `acctl agent grant revoke` takes). */
export function delegationGrantTable(grants: readonly DelegationGrant[]): string {
  return renderTable(
    [
      { header: 'ID', value: (grant: DelegationGrant) => grant.id },
      { header: 'AGENT', value: (grant) => grant.agent_client_id },
      { header: 'USER', value: (grant) => grant.principal_id },
      { header: 'SCOPES', value: (grant) => grant.scopes.join(',') },
      { header: 'CREATED', value: (grant) => shortTime(grant.created_at) },
      { header: 'EXPIRES', value: (grant) => shortTime(grant.expires_at) },
      { header: 'STATUS', value: (grant) => (grant.revoked_at === null ? delegationGrantStatus(grant) : `revoked ${shortTime(grant.revoked_at)}`) },
    ],
    grants,
  );
}
