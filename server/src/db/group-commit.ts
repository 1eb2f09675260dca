interface Waiting<T> {
  items: T[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  /** Most items one write takes (a caller's items are never split between writes). */
  maxItemsPerWrite: number;
  /** Writes running at once; while that many run, new items gather for the next one. */
  maxInFlight: number;
  /**
   * How long items gather before a write starts (default 0: the next turn of the event loop).
   * For writes nobody waits for (background audit events): fewer, bigger writes.
   */
  gatherMs?: number;
  /**
   * How long items gather when the last write took more than one (load: callers arrive together),
   * else none, so a caller alone never waits: PostgreSQL's commit_delay with commit_siblings. Bigger
   * writes under load, where each write's own cost is what limits throughput.
   */
  gatherUnderLoadMs?: number;
  /**
   * Failures caused by some of the items rather than by the write (db/pg-errors.ts isRowFault):
   * the callers' items are written again in halves, down to each caller alone, so only the
   * callers whose items fail are rejected, each with its own error. Without it a failed write
   * rejects every caller in it.
   */
  isolateFailures?: (error: unknown) => boolean;
  /** Told after each write: its items and its seconds from start to commit or failure, bisection included (the metrics). */
  onWrite?: (items: number, seconds: number) => void;
}

/**
 * Group commit: items that arrive together share one write (one transaction, one round trip per
 * statement, one WAL flush) instead of one write each. A write starts as soon as the event loop
 * turns; while `maxInFlight` writes are running, new items gather for the next one, so writes
 * grow with load and latency stays bounded.
 */
export class GroupCommit<T> {
  private waiting: Array<Waiting<T>> = [];
  private waitingItems = 0;
  private inFlight = 0;
  private scheduled = false;
  private idleWaiters: Array<() => void> = [];
  private lastWriteItems = 0;

  /**
   * `write` stores the items, or fails them all by throwing; it may instead answer the items it
   * could not store (with why): a caller with one of those is rejected, the others resolved.
   */
  constructor(
    private readonly write: (items: T[]) => Promise<ReadonlyMap<T, unknown> | void>,
    private readonly options: GroupCommitOptions,
  ) {}

  /** Resolves once the items are committed; rejects if they could not be. */
  add(items: T[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ items, resolve, reject });
      this.waitingItems += items.length;
      this.schedule();
    });
  }

  /** Items added and not yet taken by a write. */
  get pending(): number {
    return this.waitingItems;
  }

  /** Resolves when nothing waits and no write runs (shutdown, tests). */
  idle(): Promise<void> {
    if (this.waiting.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    const flush = (): void => {
      this.scheduled = false;
      void this.flush();
    };
    const gatherMs = this.options.gatherMs || (this.lastWriteItems > 1 ? (this.options.gatherUnderLoadMs ?? 0) : 0);
    if (gatherMs) setTimeout(flush, gatherMs);
    else setImmediate(flush);
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= this.options.maxInFlight || this.waiting.length === 0) return;
    const batch: Array<Waiting<T>> = [];
    let count = 0;
    while (this.waiting.length > 0 && (batch.length === 0 || count + this.waiting[0]!.items.length <= this.options.maxItemsPerWrite)) {
      const next = this.waiting.shift()!;
      batch.push(next);
      count += next.items.length;
    }
    this.waitingItems -= count;
    this.lastWriteItems = count;
    this.inFlight++;
    const started = performance.now();
    try {
      await this.writeAndSettle(batch);
    } finally {
      this.inFlight--;
      this.schedule();
      if (this.waiting.length === 0 && this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      this.options.onWrite?.(count, (performance.now() - started) / 1000);
    }
  }

  /**
   * Writes the callers' items together and settles each caller. A failure that `isolateFailures`
   * lays on the items bisects the callers (issue #19: a lone surrogate in one request erased the
   * audit events and failed the decisions written beside it): with one bad caller among n, about
   * 2·log2(n) more writes, and the good callers are stored all the same.
   */
  private async writeAndSettle(batch: Array<Waiting<T>>): Promise<void> {
    try {
      const failed = await this.write(batch.flatMap((entry) => entry.items));
      for (const entry of batch) {
        const failure = failed?.size ? entry.items.find((item) => failed.has(item)) : undefined;
        if (failure === undefined) entry.resolve();
        else entry.reject(failed!.get(failure));
      }
    } catch (error) {
      if (batch.length > 1 && this.options.isolateFailures?.(error)) {
        const half = Math.ceil(batch.length / 2);
        await this.writeAndSettle(batch.slice(0, half));
        await this.writeAndSettle(batch.slice(half));
        return;
      }
      for (const entry of batch) entry.reject(error);
    }
  }
}
