import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { actorChain } from '../../../../../../core/src/index.js';
import type { AccessTokenClaims } from '../../access-token.js';

/**
 * The result would nest one actor more than the subject token (RFC 8693 section 4.1); past
 * config.maxDelegationDepth it is refused. invalid_grant rather than invalid_request: the request
 * is well formed, it is the subject token that may not be handed on further (section 2.2.2: the
 * subject_token is the grant), as an expired one may not.
 */
export function checkDelegationDepth(subject: AccessTokenClaims, maxDepth: number): void {
  const depth = actorChain(subject.act).length + 1;
  if (depth > maxDepth) throw new InvalidGrant(`The subject_token may not be delegated further: at most ${maxDepth} actors may act in a chain`);
}
