import type { OAuthClientRow } from '../clients-repo.js';

/** RFC 9449 section 6.1: the token type of the response, by whether the access token is bound. */
export function tokenTypeOf(jkt: string | undefined): 'Bearer' | 'DPoP' {
  return jkt === undefined ? 'Bearer' : 'DPoP';
}

/**
 * RFC 9449 section 5: refresh tokens issued to a public client with a proof are bound to its key
 * (a confidential client's are bound by its authentication already). The grant's `dpop_jkt`.
 */
export function refreshTokenBinding(client: OAuthClientRow, jkt: string | undefined): string | null {
  return client.client_type === 'public' && jkt !== undefined ? jkt : null;
}
