import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { GrantRow } from '../../grants-repo.js';

/**
 * RFC 9449 section 5: a refresh token bound to a DPoP key is only redeemed with a proof of that
 * key; a stolen one is worthless without it. invalid_grant, as node-oidc-provider answers.
 */
export function checkRefreshTokenBinding(grant: GrantRow, jkt: string | undefined): void {
  if (grant.dpop_jkt === null) return;
  if (jkt === undefined) throw new InvalidGrant('The refresh token is DPoP-bound: send a DPoP proof of its key');
  if (jkt !== grant.dpop_jkt) throw new InvalidGrant('The refresh token is bound to another DPoP key');
}
