import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, type CryptoKey, type JWTPayload, type KeyObject } from 'jose';
import type { ApiToken } from '../../core/src/index.js';

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** application/x-www-form-urlencoded, as HTML forms and URLSearchParams write it (space is '+'). */
export function formUrlEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice('v='.length);
}

/** RFC 6749 section 2.3.1: client id and secret are form-urlencoded, then joined by ':' and base64-encoded. */
export function basicAuthorization(clientId: string, clientSecret: string): { authorization: string } {
  const credentials = `${formUrlEncode(clientId)}:${formUrlEncode(clientSecret)}`;
  return { authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}

export interface ForgedTokenOptions {
  /** The service's key by default (`app.signingKeys.signingKey()`), so only what a test changes differs. */
  key?: KeyObject | CryptoKey | Uint8Array;
  header?: { alg?: string; kid?: string; typ?: string };
  /** Claims merged over a valid set (iss, aud, sub, iat, exp, jti, scope, client_id). */
  claims?: JWTPayload;
}

/**
 * A JWT built by the test rather than the token endpoint. With no options it is indistinguishable
 * from a real access token, so each negative test changes exactly one thing.
 */
export async function forgeAccessToken(app: FastifyInstance, options: ForgedTokenOptions = {}): Promise<string> {
  const serviceKey = app.signingKeys.signingKey();
  const now = Math.floor(Date.now() / 1000);
  const claims: JWTPayload = {
    iss: app.config.publicUrl,
    aud: app.config.publicUrl,
    sub: 'forged-client',
    client_id: 'forged-client',
    scope: 'admin:all',
    iat: now,
    exp: now + 3600,
    jti: randomUUID(),
    ...options.claims,
  };
  const header = { alg: 'RS256', typ: 'JWT', kid: serviceKey.kid, ...options.header };
  return new SignJWT(claims).setProtectedHeader(header).sign(options.key ?? serviceKey.privateKey);
}

/** An unsigned JWT (`alg: none`, RFC 7519 section 6), which jose refuses to produce. */
export function unsecuredToken(header: Record<string, unknown>, claims: JWTPayload): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  return `${part({ ...header, alg: 'none' })}.${part(claims)}.`;
}

/** POST /v1/auth/token with the given bearer token; fails the test unless the token is created. */
export async function createApiToken(
  app: FastifyInstance,
  callerToken: string,
  body: { name: string; scopes: string[]; expires_in?: number },
): Promise<ApiToken> {
  const response = await app.inject({ method: 'POST', url: '/v1/auth/token', headers: bearer(callerToken), payload: body });
  if (response.statusCode !== 201) throw new Error(`API token creation failed: ${response.statusCode} ${response.body}`);
  return response.json() as ApiToken;
}
