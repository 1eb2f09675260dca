import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';

/**
 * A clock for the rate limits (BuildAppOptions.rateLimitClock) stopped half-way through the
 * current minute, as jose freezes time in its expiry tests: every request of a test counts in one
 * window however long the test takes, and no test waits for a window's edge to pass.
 */
export function clockInOneWindow(): () => number {
  const halfway = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
  return () => halfway;
}

/**
 * Limits count per clock minute. A test of server processes, which it cannot give a clock
 * (clockInOneWindow), waits out the last seconds of a minute first, so a window boundary cannot
 * fall in the middle of its requests.
 */
export async function awayFromWindowEdge(seconds = 8): Promise<void> {
  const intoMinute = (Date.now() % 60_000) / 1000;
  if (intoMinute > 60 - seconds) await new Promise((resolve) => setTimeout(resolve, (60 - intoMinute + 0.1) * 1000));
}

/** The RateLimit header (draft-ietf-httpapi-ratelimit-headers) read back: policy name, remaining, seconds to reset. */
export function rateLimitOf(response: LightMyRequestResponse | Response): { policy: string; remaining: number; reset: number; quota: number; window: number } {
  const header = (name: string): string => {
    const value = response.headers instanceof Headers ? response.headers.get(name) : response.headers[name];
    expect(value, `${name} header`).to.be.a('string');
    return value as string;
  };
  const limit = /^"([a-z]+)";r=(\d+);t=(\d+)$/.exec(header('ratelimit'));
  const policy = /^"([a-z]+)";q=(\d+);w=(\d+)$/.exec(header('ratelimit-policy'));
  expect(limit, `RateLimit: ${header('ratelimit')}`).to.not.equal(null);
  expect(policy, `RateLimit-Policy: ${header('ratelimit-policy')}`).to.not.equal(null);
  expect(limit![1]).to.equal(policy![1]);
  return { policy: limit![1]!, remaining: Number(limit![2]), reset: Number(limit![3]), quota: Number(policy![2]), window: Number(policy![3]) };
}

export const evaluateBody = { principal: { id: 'user-1', type: 'user' }, resource: { type: 'document', identifier: 'doc-1' }, action: 'read' };
