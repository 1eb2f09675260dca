import type { OAuthTokenResponse } from '../../../core/src/index.js';
import { apiBaseUrl, serverUnreachable } from '../api/client.js';
import { CommandError } from '../../../kit/src/index.js';
import type { StoredProfile } from '../credentials/store.js';
import { accessTokenClaims } from './token-claims.js';

/** The first-party public client the CLI signs in as (no secret: PKCE protects the code). */
export const cliClientId = 'acctl-cli';

const requestTimeoutMs = 15_000;

/** RFC 6749 section 4.1.3: redeems the code with the PKCE verifier (RFC 7636 section 4.5). */
export function redeemAuthorizationCode(
  server: string,
  fields: { code: string; redirectUri: string; codeVerifier: string },
  userAgent: string,
): Promise<OAuthTokenResponse> {
  return tokenRequest(server, userAgent, {
    grant_type: 'authorization_code',
    code: fields.code,
    redirect_uri: fields.redirectUri,
    client_id: cliClientId,
    code_verifier: fields.codeVerifier,
  });
}

/** RFC 6749 section 6: the server rotates the refresh token, so the answer's one must be stored. */
export function refreshAccessToken(server: string, refreshToken: string, userAgent: string): Promise<OAuthTokenResponse> {
  return tokenRequest(server, userAgent, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: cliClientId });
}

/** RFC 7009: revoking the refresh token revokes its whole family, access tokens included. */
export async function revokeRefreshToken(server: string, refreshToken: string, userAgent: string): Promise<void> {
  const response = await postForm(server, userAgent, '/oauth/revoke', { token: refreshToken, token_type_hint: 'refresh_token', client_id: cliClientId });
  if (!response.ok) throw new CommandError('auth_error', `The server refused to revoke the refresh token: ${await oauthReason(response)}`);
}

/**
 * What a token answer becomes in the credentials file. On a refresh (`previous`), what the answer
 * does not carry is kept: the refresh token when it did not rotate, and the username read at
 * sign-in, as long as the tokens are still the same user's (RFC 6749 section 6: a refresh keeps
 * the grant's subject).
 */
export function profileFromTokens(server: string, tokens: OAuthTokenResponse, previous?: StoredProfile): StoredProfile {
  const claims = accessTokenClaims(tokens.access_token);
  const subject = claims.sub ?? previous?.subject ?? '';
  const sameUser = previous !== undefined && previous.subject === subject;
  return {
    server,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? previous?.refresh_token,
    expires_at: new Date(Date.now() + tokens.expires_in * 1000).toISOString(),
    scope: tokens.scope,
    subject,
    ...(sameUser && previous.username !== undefined ? { username: previous.username } : {}),
  };
}

async function tokenRequest(server: string, userAgent: string, fields: Record<string, string>): Promise<OAuthTokenResponse> {
  const response = await postForm(server, userAgent, '/oauth/token', fields);
  if (!response.ok) {
    const reason = await oauthReason(response);
    throw new CommandError(response.status >= 500 ? 'internal_error' : 'auth_error', `The server refused the ${fields.grant_type} grant: ${reason}`, {
      suggestions: ['Sign in again: acctl login'],
    });
  }
  return (await response.json()) as OAuthTokenResponse;
}

async function postForm(server: string, userAgent: string, path: string, fields: Record<string, string>): Promise<Response> {
  const url = `${apiBaseUrl(server)}${path}`;
  try {
    // Bounded, so a refresh never holds the credentials lock until it goes stale.
    return await fetch(url, {
      signal: AbortSignal.timeout(requestTimeoutMs),
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'user-agent': userAgent },
      body: new URLSearchParams(fields).toString(),
    });
  } catch (error) {
    throw serverUnreachable(server, error);
  }
}

async function oauthReason(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { error?: string; error_description?: string };
    return [body.error, body.error_description].filter(Boolean).join(': ') || `HTTP ${response.status}`;
  } catch {
    return `HTTP ${response.status}`;
  }
}
