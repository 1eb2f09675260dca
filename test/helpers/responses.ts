import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import { expectSchema } from './schemas.js';

/** A REST error: RFC 9457 problem+json matching schemas/problem.json, with its code and request id. */
export function expectProblem(response: LightMyRequestResponse, status: number, code: string): Record<string, unknown> {
  expect(response.statusCode, response.body).to.equal(status);
  expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
  const body = response.json() as Record<string, unknown>;
  expectSchema('problem', body);
  expect(body).to.include({ status, code, type: `https://acctl.dev/problems/${code}` });
  expect(body.request_id).to.be.a('string').and.equal(response.headers['x-request-id']);
  return body;
}

/** An OAuth error: RFC 6749 section 5.2 body matching schemas/oauth-error.json, never cached. */
export function expectOAuthError(response: LightMyRequestResponse, status: number, error: string): Record<string, unknown> {
  expect(response.statusCode, response.body).to.equal(status);
  expect(response.headers['content-type']).to.match(/^application\/json/);
  expect(response.headers['cache-control']).to.equal('no-store');
  const body = response.json() as Record<string, unknown>;
  expectSchema('oauth-error', body);
  expect(body.error).to.equal(error);
  return body;
}

/** The value of the WWW-Authenticate header, as one string. */
export function wwwAuthenticate(response: LightMyRequestResponse): string {
  const value = response.headers['www-authenticate'];
  expect(value, 'WWW-Authenticate header').to.be.a('string');
  return value as string;
}

/**
 * Response headers minus those that differ from one request to the next by design (request id,
 * date, and the rate-limit count and reset), for tests that check two answers are alike.
 */
export function comparableHeaders(headers: LightMyRequestResponse['headers']): LightMyRequestResponse['headers'] {
  const { 'x-request-id': _id, date: _date, ratelimit: _left, 'x-ratelimit-remaining': _remaining, 'x-ratelimit-reset': _reset, ...rest } = headers;
  return rest;
}
