import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { findAuthorizationCode, type AuthorizationCodeRow } from '../../authorization-codes-repo.js';
import { revokeGrant } from '../../grants-repo.js';
import type { GrantContext } from '../grant.js';

/**
 * RFC 6749 section 4.1.2: a code used more than once is refused, and the tokens issued from it
 * are revoked (someone other than the client may hold the code). Also called by redeemCode for
 * the redemption that lost a race, which is a replay too.
 */
export async function rejectReplayedCode(context: GrantContext, code: AuthorizationCodeRow): Promise<void> {
  if (code.used_at === null) return;
  await revokeTokensOfCode(context, code.code_hash);
  throw new InvalidGrant('The authorization code has already been used; the tokens issued from it are revoked');
}

export async function revokeTokensOfCode(context: GrantContext, codeHash: string): Promise<void> {
  const current = await findAuthorizationCode(context.db, codeHash);
  if (current?.grant_id) await revokeGrant(context.db, current.grant_id, 'authorization_code_replayed', context.now);
}
