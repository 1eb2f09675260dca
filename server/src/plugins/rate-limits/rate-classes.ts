import type { Config } from '../../config/config.js';

/**
 * The spec's table of limits ("Limits"): every route counts against one class, per client and
 * minute. Bulk operations are those whose one request does the work of many (a batch of
 * decisions, a report over the whole log, a scan of every hash chain).
 */
export const rateClasses = ['standard', 'decision', 'bulk'] as const;
export type RateClass = (typeof rateClasses)[number];

/** The spec counts per minute. */
export const rateWindowSeconds = 60;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's rate-limit class; `standard` when absent, so a new route is never unlimited.
     * Decision and bulk routes say so here, beside config.auth.
     */
    rateLimit?: RateClass;
  }
}

export function isRateClass(value: unknown): value is RateClass {
  return typeof value === 'string' && (rateClasses as readonly string[]).includes(value);
}

/** Requests per window for one client and class: its override, or the configured default. */
export function limitFor(config: Readonly<Config>, subject: string | null, rateClass: RateClass): number {
  const override = subject !== null && Object.hasOwn(config.rateLimitOverrides, subject) ? config.rateLimitOverrides[subject]![rateClass] : undefined;
  if (override !== undefined) return override;
  return rateClass === 'decision' ? config.rateLimitDecision : rateClass === 'bulk' ? config.rateLimitBulk : config.rateLimitStandard;
}
