import type { Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryWindowCounter, type WindowCounter } from './window-counter.js';

/**
 * A worker asks the primary to count requests (server/src/cluster: several processes on one host):
 * those that arrived in one turn of its event loop go in one message, `[id, key, window]` each.
 */
interface HitsMessage {
  type: 'acctl:rate-limit-hits';
  hits: Array<[id: number, key: string, window: number]>;
}

/** The primary's answer: for each hit, the count so far in its window, that request included. */
interface CountsMessage {
  type: 'acctl:rate-limit-counts';
  counts: Array<[id: number, count: number]>;
}

/** How long a worker waits for the primary's count before counting alone. */
const answerTimeoutMs = 1000;
/** How often, at most, a late primary is reported in the log. */
const warnEveryMs = 30_000;

/**
 * The counts of every worker process of one host, kept by the primary process (one
 * MemoryWindowCounter there, answerWindowCounts below) and asked for over the cluster's IPC
 * channel: a limit holds for the host as a whole, not per process, without Redis. Should the
 * primary not answer in time, this worker counts the request alone (fail open, with a warning
 * in the log), as RedisWindowCounter does while Redis is away.
 */
export class ClusterWindowCounter implements WindowCounter {
  private nextId = 0;
  /** Requests waiting for the primary's count, oldest first (a Map keeps insertion order). */
  private readonly pending = new Map<number, { resolve: (count: number) => void; key: string; window: number; deadline: number }>();
  private readonly fallback = new MemoryWindowCounter();
  private readonly sweeper: NodeJS.Timeout;
  private lastWarning = 0;

  constructor(private readonly log: FastifyBaseLogger) {
    process.on('message', this.onMessage);
    // One timer for every pending count, rather than one per request on the hot path.
    this.sweeper = setInterval(() => this.expire(Date.now()), answerTimeoutMs / 4);
    this.sweeper.unref();
  }

  hit(key: string, window: number): Promise<number> {
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, key, window, deadline: Date.now() + answerTimeoutMs });
      this.outbox.push([id, key, window]);
      if (this.outbox.length === 1) setImmediate(this.flush);
    });
  }

  /** Hits waiting for this turn of the event loop to end, sent together (one IPC message, not one per request). */
  private outbox: HitsMessage['hits'] = [];

  private readonly flush = (): void => {
    const hits = this.outbox;
    this.outbox = [];
    const failed = (reason: string): void => {
      for (const [id] of hits) this.countAlone(id, reason);
    };
    if (!process.send || !process.connected) return failed('no channel to the primary process');
    const message: HitsMessage = { type: 'acctl:rate-limit-hits', hits };
    // false only says the channel's backlog is long: the message is still sent.
    process.send(message, undefined, {}, (error: Error | null) => {
      if (error) failed(error.message);
    });
  };

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    process.off('message', this.onMessage);
    for (const id of [...this.pending.keys()]) this.countAlone(id, 'closing');
  }

  private readonly onMessage = (message: unknown): void => {
    if (!isCountsMessage(message)) return;
    for (const [id, count] of message.counts) {
      const waiting = this.pending.get(id);
      if (!waiting) continue;
      this.pending.delete(id);
      waiting.resolve(count);
    }
  };

  private expire(now: number): void {
    for (const [id, waiting] of this.pending) {
      if (waiting.deadline > now) break;
      this.countAlone(id, `no answer within ${answerTimeoutMs} ms`);
    }
  }

  private countAlone(id: number, reason: string): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    this.warn(reason);
    waiting.resolve(this.fallback.hit(waiting.key, waiting.window));
  }

  private warn(reason: string): void {
    const now = Date.now();
    if (now - this.lastWarning < warnEveryMs) return;
    this.lastWarning = now;
    this.log.warn({ reason }, 'The primary process did not count a request for rate limits: this worker counts its own requests meanwhile');
  }
}

/** The primary's side: counts the hits `worker` sends in `counter`, shared by every worker, and answers them. */
export function answerWindowCounts(worker: Worker, counter: MemoryWindowCounter): void {
  worker.on('message', (message: unknown) => {
    if (!isHitsMessage(message)) return;
    const answer: CountsMessage = { type: 'acctl:rate-limit-counts', counts: message.hits.map(([id, key, window]) => [id, counter.hit(key, window)]) };
    // A worker that is gone needs no answer.
    if (worker.isConnected()) worker.send(answer, undefined, () => undefined);
  });
}

function isHitsMessage(message: unknown): message is HitsMessage {
  const m = message as Partial<HitsMessage> | null;
  return m?.type === 'acctl:rate-limit-hits' && Array.isArray(m.hits);
}

function isCountsMessage(message: unknown): message is CountsMessage {
  const m = message as Partial<CountsMessage> | null;
  return m?.type === 'acctl:rate-limit-counts' && Array.isArray(m.counts);
}
