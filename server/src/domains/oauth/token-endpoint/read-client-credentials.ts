import type { FastifyRequest } from 'fastify';
import { InvalidClient, InvalidRequest } from '../../../errors/oauth-errors.js';

export interface PresentedClientCredentials {
  clientId: string;
  clientSecret: string | undefined;
  method: 'client_secret_basic' | 'client_secret_post' | 'none';
}

/**
 * RFC 6749 section 2.3.1: HTTP Basic (id and secret form-urlencoded, then base64) or the body's
 * client_id/client_secret; a client must not use more than one method in a request.
 */
export function readClientCredentials(request: FastifyRequest, body: { client_id?: string; client_secret?: string }): PresentedClientCredentials {
  const header = request.headers.authorization;
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
