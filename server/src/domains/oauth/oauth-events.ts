import { changeEvent, failureEvent } from '../../events/event.js';
import type { ChangeContext, DomainEvent, EventActor, EventRequest } from '../../events/types.js';
import type { AccessTokenClaims } from './access-token.js';
import type { GrantRow, RevokedGrant } from './grants-repo.js';

/**
 * The events of the OAuth endpoints (docs/events.md): auth.token_issued, auth.failed and
 * token.revoked. None carries a token, a code, a secret or a hash of one: access tokens are named
 * by their jti, refresh-token families by their grant id.
 */

/**
 * What a client does at the OAuth endpoints. Clients authenticate there with their own
 * credentials, not a bearer token, hence `anonymous` as the token kind; subject and client_id
 * name the client, so `GET /audit/events?actor=<client_id>` finds its token requests beside its
 * API calls (a client_credentials token's subject is the client id too).
 */
export function clientContext(clientId: string, request: EventRequest, now: Date): ChangeContext {
  return { actor: { subject: clientId, client_id: clientId, token_kind: 'anonymous' }, request, now };
}

/**
 * The token endpoint acting on its own: revoking a token family because a code was replayed, a
 * refresh token reused, or its user is no longer active. The presenter may be an attacker, so
 * the revocation is not theirs; the request that set it off is still recorded.
 */
const tokenEndpointActor: EventActor = { subject: 'system:token-endpoint', client_id: null, token_kind: 'system' };

export function tokenEndpointContext(request: EventRequest, now: Date): ChangeContext {
  return { actor: tokenEndpointActor, request, now };
}

/** auth.token_issued: whose token (subject), for which client, which grant; never the token itself. */
export function tokenIssuedEvent(context: ChangeContext, grantType: string, claims: AccessTokenClaims, grantId?: string): DomainEvent {
  return changeEvent(context, 'auth.token_issued', { type: 'oauth_client', id: claims.client_id }, null, {
    grant_type: grantType,
    scope: claims.scope,
    jti: claims.jti,
    subject: claims.sub,
    ...(grantId ? { grant_id: grantId } : {}),
  });
}

/** The client_id of a failed client authentication: as presented for a client that exists, else a keyed digest of it. */
export type PresentedClient = { known: true; clientId: string } | { known: false; digest: string };

/**
 * auth.failed for a client that did not authenticate (invalid_client, or too_many_attempts). The
 * target is the client when the client_id presented names one; a keyed digest of the client_id
 * (`client_id_digest`, security/typed-names.ts) when it names none, since a caller may have typed
 * anything there; the endpoint when none could be read. `data` says how it tried, never with what
 * secret.
 */
export function clientAuthenticationFailedEvent(
  context: ChangeContext,
  input: { endpoint: string; client: PresentedClient | undefined; method: string | undefined; reason: string },
): DomainEvent {
  const target =
    input.client === undefined
      ? { type: 'endpoint', id: input.endpoint }
      : input.client.known
        ? { type: 'oauth_client', id: input.client.clientId }
        : { type: 'client_id_digest', id: input.client.digest };
  return failureEvent(context, 'auth.failed', target, input.reason, {
    credential: 'client_secret',
    auth_method: input.method ?? null,
    endpoint: input.endpoint,
  });
}

/**
 * auth.failed for a grant presented again after it was used (RFC 6749 section 4.1.2, RFC 9700
 * section 4.14.2): `credential` says which, `grant_id` the family it revoked, if any.
 */
export function grantReplayedEvent(
  context: ChangeContext,
  clientId: string,
  reason: 'authorization_code_replayed' | 'refresh_token_reused',
  grantId: string | null,
): DomainEvent {
  const credential = reason === 'authorization_code_replayed' ? 'authorization_code' : 'refresh_token';
  return failureEvent(context, 'auth.failed', { type: 'oauth_client', id: clientId }, reason, { credential, grant_id: grantId });
}

/**
 * token.revoked for a token family: the grant (so its refresh tokens) and the access tokens
 * issued under it, `data.access_tokens_revoked` of them still unexpired.
 */
export function grantRevokedEvent(context: ChangeContext, revoked: RevokedGrant): DomainEvent {
  const after = grantSummary(revoked.grant);
  const before = { ...after, revoked_at: null, revoked_reason: null };
  return changeEvent(
    context,
    'token.revoked',
    { type: 'oauth_grant', id: revoked.grant.id },
    { before, after },
    {
      token_kind: 'refresh_token',
      reason: revoked.grant.revoked_reason,
      access_tokens_revoked: revoked.accessTokensRevoked,
    },
  );
}

function grantSummary(grant: GrantRow): Record<string, unknown> {
  return {
    id: grant.id,
    client_id: grant.client_id,
    principal_id: grant.principal_id,
    scopes: grant.scopes,
    created_at: grant.created_at.toISOString(),
    expires_at: grant.expires_at.toISOString(),
    revoked_at: grant.revoked_at?.toISOString() ?? null,
    revoked_reason: grant.revoked_reason,
  };
}
