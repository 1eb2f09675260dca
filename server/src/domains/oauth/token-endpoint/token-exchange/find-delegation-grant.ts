import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { AccessTokenClaims } from '../../access-token.js';
import { findLiveDelegationGrant, type DelegationGrantRow } from '../../delegation-grants-repo.js';
import type { GrantContext } from '../grant.js';

/**
 * Who may act: the user (the subject token's `sub`) has given this agent client a delegation grant
 * on the consent page, still live. This server issues no `may_act` claim (RFC 8693 section 4.4):
 * a consent kept here can be listed and revoked on its own, a claim inside a token cannot, so the
 * grant is the one source of permission, at every hop (each agent in a chain needs the user's).
 */
export async function findDelegationGrant(context: GrantContext, subject: AccessTokenClaims, agentClientId: string): Promise<DelegationGrantRow> {
  const grant = await findLiveDelegationGrant(context.db, subject.sub, agentClientId, context.now);
  if (!grant) throw new InvalidGrant('The subject has not allowed this client to act for them (no live delegation grant)');
  return grant;
}
