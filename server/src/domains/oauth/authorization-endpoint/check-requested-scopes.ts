import type { OAuthAuthorizationRequest } from '../../../../../core/src/index.js';
import type { OAuthClientRow } from '../clients-repo.js';
import { resolveGrantedScopes } from '../grant-scopes.js';

/**
 * RFC 6749 section 3.3, as at the token endpoint: without `scope`, the client's allowed scopes;
 * an unknown scope or one the client is not allowed is invalid_scope. What the user may grant
 * narrows this later (user-consent-scopes.ts), once the user is known.
 */
export function checkRequestedScopes(params: OAuthAuthorizationRequest, client: OAuthClientRow): string[] {
  return resolveGrantedScopes(params.scope, client.allowed_scopes);
}
