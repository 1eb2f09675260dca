import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'chai';
import { bearer } from '../../helpers/credentials.js';
import { expectSchema } from '../../helpers/schemas.js';

export function postToken(app: FastifyInstance, payload: Record<string, string | undefined>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/v1/oauth/token', payload: JSON.parse(JSON.stringify(payload)) as Record<string, string> });
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  scope: string;
}

export function expectTokens(response: LightMyRequestResponse): TokenPair & Record<string, unknown> {
  expect(response.statusCode, response.body).to.equal(200);
  const body = response.json() as TokenPair & Record<string, unknown>;
  expectSchema('oauth-token-response', body);
  return body;
}

/** Status of a REST call made with the token: 200 while it works, 401 once revoked. */
export async function apiStatus(app: FastifyInstance, accessToken: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/v1/policies', headers: bearer(accessToken) });
  return response.statusCode;
}
