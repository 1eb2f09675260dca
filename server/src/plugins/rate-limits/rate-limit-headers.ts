import type { RateClass } from './rate-classes.js';

/** Where one request stands against its limit. */
export interface RateLimitState {
  rateClass: RateClass;
  limit: number;
  count: number;
  /** Seconds until the window ends and the quota is whole again. */
  resetSeconds: number;
  /** The same moment, in seconds since the epoch (X-RateLimit-Reset, as GitHub sends it). */
  resetAt: number;
}

export function isExceeded(state: RateLimitState): boolean {
  return state.count > state.limit;
}

/**
 * The headers of draft-ietf-httpapi-ratelimit-headers (-10/-11), structured fields (RFC 9651):
 * the policy (`q` quota, `w` window in seconds) and what is left of it (`r` remaining, `t`
 * seconds to reset), named by class. The X-RateLimit-* trio mirrors them as GitHub's API sends
 * them, for clients written against that convention.
 */
export function rateLimitHeaders(state: RateLimitState, windowSeconds: number): Record<string, string> {
  const remaining = String(Math.max(0, state.limit - state.count));
  return {
    'ratelimit-policy': `"${state.rateClass}";q=${state.limit};w=${windowSeconds}`,
    ratelimit: `"${state.rateClass}";r=${remaining};t=${state.resetSeconds}`,
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': remaining,
    'x-ratelimit-reset': String(state.resetAt),
  };
}
