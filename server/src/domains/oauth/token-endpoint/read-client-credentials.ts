import type { FastifyRequest } from 'fastify';
import { InvalidClient, InvalidRequest } from '../../../errors/oauth-errors.js';
import { decodeUntrustedJwt, UntrustedJwtRefused } from '../../../plugins/untrusted-jwt.js';
import { jwtBearerAssertionType } from './verify-client-assertion.js';

export interface PresentedClientCredentials {
  clientId: string;
  clientSecret: string | undefined;
  /** private_key_jwt's signed JWT, not yet verified (verify-client-assertion.ts). */
  clientAssertion?: string;
  method: 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';
}

export interface ClientCredentialParameters {
  client_id?: string;
  client_secret?: string;
  client_assertion_type?: string;
  client_assertion?: string;
}

/**
 * RFC 6749 section 2.3.1: HTTP Basic (id and secret form-urlencoded, then base64) or the body's
 * client_id/client_secret; a client must not use more than one method in a request.
 */
export function readClientCredentials(request: FastifyRequest, body: ClientCredentialParameters): PresentedClientCredentials {
  const header = request.headers.authorization;
  if (body.client_assertion !== undefined || body.client_assertion_type !== undefined) return readClientAssertion(header, body);
  const basic = header && /^Basic /i.test(header) ? decodeBasic(header) : undefined;
  if (header && !basic && !/^Basic /i.test(header)) {
    throw new InvalidRequest('The token endpoint accepts HTTP Basic client authentication only in the Authorization header');
  }
  if (basic) {
    if (body.client_secret !== undefined) throw new InvalidRequest('Use one client authentication method: HTTP Basic or client_secret in the body, not both');
    if (body.client_id !== undefined && body.client_id !== basic.clientId) throw new InvalidRequest('client_id in the body differs from the one in HTTP Basic');
    return { ...basic, method: 'client_secret_basic' };
  }
  if (body.client_id === undefined) throw new InvalidClient('Client authentication is required: HTTP Basic, or client_id and client_secret in the body', false);
  return { clientId: body.client_id, clientSecret: body.client_secret, method: body.client_secret === undefined ? 'none' : 'client_secret_post' };
}

function decodeBasic(header: string): { clientId: string; clientSecret: string } {
  const encoded = header.slice(6).trim();
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (!/^[A-Za-z0-9+/]+=*$/.test(encoded) || colon < 0) throw new InvalidClient('The HTTP Basic credentials are malformed', true);
  try {
    // The id and secret are form-urlencoded before base64 (RFC 6749 section 2.3.1), so '+' is a space.
    const formDecode = (value: string): string => decodeURIComponent(value.replace(/\+/g, ' '));
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw new InvalidClient('The HTTP Basic credentials are not valid form-urlencoded text', true);
  }
}

/**
 * RFC 7521 section 4.2 and RFC 7523 section 2.2: client_assertion_type and client_assertion,
 * alone. The client is the assertion's sub (read here unverified, to find the client and its
 * throttle; verify-client-assertion.ts checks the signature); a client_id beside it must agree.
 */
function readClientAssertion(header: string | undefined, body: ClientCredentialParameters): PresentedClientCredentials {
  if (header !== undefined || body.client_secret !== undefined)
    throw new InvalidRequest('Use one client authentication method: a client assertion, or HTTP Basic, or client_secret, not several');
  if (body.client_assertion_type !== jwtBearerAssertionType)
    throw new InvalidClient(`client_assertion_type must be ${jwtBearerAssertionType} with a client_assertion`, false);
  if (body.client_assertion === undefined) throw new InvalidClient('client_assertion is missing', false);
  let sub: unknown;
  try {
    sub = decodeUntrustedJwt(body.client_assertion).claims.sub;
  } catch (error) {
    if (error instanceof UntrustedJwtRefused) throw new InvalidClient(`The client assertion ${error.message}`, false);
    throw error;
  }
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 200) throw new InvalidClient('The client assertion has no sub naming the client', false);
  if (body.client_id !== undefined && body.client_id !== sub) throw new InvalidClient("client_id differs from the client assertion's sub", false);
  return { clientId: sub, clientSecret: undefined, clientAssertion: body.client_assertion, method: 'private_key_jwt' };
}
