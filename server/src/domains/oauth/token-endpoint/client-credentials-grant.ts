import { UnauthorizedClient } from '../../../errors/oauth-errors.js';
import { signAccessToken } from '../access-token.js';
import { resolveGrantedScopes } from '../grant-scopes.js';
import { resolveRequestedResource } from '../resource-indicators.js';
import { clientContext, tokenIssuedEvent } from '../oauth-events.js';
import { clientCredentialsSubject } from './agent-subject.js';
import { tokenTypeOf } from './dpop-binding.js';
import type { GrantContext, GrantHandler } from './grant.js';

/**
 * Spec, Authentication item 3: machine-to-machine, no refresh token, 3600 s. The token's subject
 * is the client itself (RFC 9068 section 2.2: for client credentials, sub is the client id), or
 * the agent principal it acts as (agent-subject.ts); client_id stays the client's.
 * Nothing is written, so auth.token_issued goes to the background recorder: the response does
 * not wait for a database round trip (and the token is valid whether or not the event is).
 */
export const clientCredentialsGrant: GrantHandler = async (context: GrantContext, client, params) => {
  if (client.client_type !== 'confidential') throw new UnauthorizedClient('A public client cannot use client_credentials');
  const scopes = resolveGrantedScopes(params.scope, client.allowed_scopes);
  const audience = resolveRequestedResource(params.resource, context.resources); // RFC 8707: relative, fragment, unknown, repeated: invalid_target
  const subject = await clientCredentialsSubject(context.db, client);
  const { token, claims } = await signAccessToken(context.keys, {
    issuer: context.issuer,
    audience,
    subject,
    clientId: client.client_id,
    scopes,
    ttlSeconds: context.accessTokenTtlSeconds,
    now: context.now,
    jkt: context.jkt,
  });
  context.auditLog.appendInBackground([tokenIssuedEvent(clientContext(client.client_id, context.request, context.now), 'client_credentials', claims)]);
  return { access_token: token, token_type: tokenTypeOf(context.jkt), expires_in: context.accessTokenTtlSeconds, scope: claims.scope, created_at: claims.iat };
};
