import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { accessTokenType, tokenExchangeGrantType, type OAuthTokenResponse } from '../../../../../../core/src/index.js';
import { signAccessToken, type AccessTokenClaims } from '../../access-token.js';
import { tokenTypeOf } from '../dpop-binding.js';
import { findTokenExchange, recordTokenExchange, type DelegationGrantRow } from '../../delegation-grants-repo.js';
import { clientContext, tokenIssuedEvent } from '../../oauth-events.js';
import type { GrantContext } from '../grant.js';

export interface Exchange {
  subject: AccessTokenClaims;
  actor: AccessTokenClaims;
  grant: DelegationGrantRow;
  scopes: string[];
}

const unixTime = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * Signs the delegated token: `sub` the subject's, `client_id` the agent's, `act` the agent with the
 * subject token's own actors nested under it (RFC 8693 section 4.1, nearest actor first). It lives
 * no longer than the subject token, the actor token or the grant (a token it came from, revoked and
 * then pruned once expired, must not leave it standing). Its lineage goes in token_exchanges with
 * auth.token_issued, in one transaction, before the token is handed out: from then on revoking
 * any token it came from or any grant it stands on ends it (accessTokenRefusal). No refresh token
 * (section 2.2.1: the client exchanges again).
 */
export async function issueExchangedToken(context: GrantContext, exchange: Exchange): Promise<OAuthTokenResponse> {
  const { subject, actor, grant } = exchange;
  const expiresAt = Math.min(subject.exp, actor.exp, unixTime(grant.expires_at), unixTime(context.now) + context.accessTokenTtlSeconds);
  const ttlSeconds = expiresAt - unixTime(context.now);
  if (ttlSeconds <= 0) throw new InvalidGrant('The subject_token, actor_token or delegation grant expires now');
  const issued = await signAccessToken(context.keys, {
    issuer: context.issuer,
    subject: subject.sub,
    clientId: actor.client_id,
    scopes: exchange.scopes,
    ttlSeconds,
    now: context.now,
    act: { sub: actor.sub, client_id: actor.client_id, ...(subject.act ? { act: subject.act } : {}) },
    // RFC 9449: an exchange with a DPoP proof gets a token bound to the proof's key, as every grant's.
    jkt: context.jkt,
  });
  const before = subject.act ? await findTokenExchange(context.db, subject.jti) : undefined;
  await context.db.transaction(async (trx) => {
    await recordTokenExchange(trx, {
      jti: issued.claims.jti,
      source_jtis: [subject.jti, actor.jti, ...(before?.source_jtis ?? [])],
      grant_ids: [grant.id, ...(before?.grant_ids ?? [])],
      expires_at: new Date(issued.claims.exp * 1000),
    });
    await context.auditLog.append(trx, [
      tokenIssuedEvent(clientContext(actor.client_id, context.request, context.now), tokenExchangeGrantType, issued.claims, grant.id),
    ]);
  });
  return {
    access_token: issued.token,
    token_type: tokenTypeOf(context.jkt),
    expires_in: ttlSeconds,
    scope: issued.claims.scope,
    issued_token_type: accessTokenType,
  };
}
