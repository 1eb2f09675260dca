import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryWindowCounter, type WindowCounter } from './window-counter.js';

/** One round trip, atomic: the first hit of a window sets its expiry, so counters clean themselves up. */
const hitScript = "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n";

type RedisWithHit = Redis & { acctlRateHit(key: string, ttlMs: number): Promise<number> };

/** How often, at most, an unreachable Redis is reported in the log. */
const warnEveryMs = 30_000;

/**
 * Counts shared by every replica in Redis. If Redis cannot be reached, requests are counted by
 * this replica alone until it is back (fail open): the limits protect the service from a noisy
 * client, and are not worth refusing every client for while Redis is away. Brute-force throttling
 * of credentials does not depend on Redis (it lives in PostgreSQL).
 */
export class RedisWindowCounter implements WindowCounter {
  private readonly redis: RedisWithHit;
  private readonly fallback = new MemoryWindowCounter();
  private lastWarning = 0;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      // A command while disconnected fails at once (and falls back) rather than waiting in a queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
    }) as RedisWithHit;
    this.redis.defineCommand('acctlRateHit', { numberOfKeys: 1, lua: hitScript });
    this.redis.on('error', (error: Error) => this.warn(error));
  }

  /** Connects at start; a Redis that is down is no reason not to start (it is retried in the background). */
  async connect(): Promise<void> {
    await this.redis.connect().catch((error: Error) => this.warn(error));
  }

  async hit(key: string, window: number, windowMs: number): Promise<number> {
    try {
      // A margin past the window's end, for clocks of replicas that differ a little.
      return Number(await this.redis.acctlRateHit(`${this.prefix}${key}`, windowMs + 5000));
    } catch (error) {
      this.warn(error as Error);
      return this.fallback.hit(key, window);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private warn(error: Error): void {
    const now = Date.now();
    if (now - this.lastWarning < warnEveryMs) return;
    this.lastWarning = now;
    this.log.warn({ err: { message: error.message } }, 'Redis for rate limits is unreachable: each replica counts its own requests until it is back');
  }
}
