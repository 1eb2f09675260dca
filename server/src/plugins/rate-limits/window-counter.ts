/**
 * Fixed windows aligned on the clock (minute n is [n*60 s, (n+1)*60 s)), so every replica agrees
 * on the window without talking to the others, and the reset time is exact. The price is the
 * known burst of fixed windows: a client may spend a window's quota at the end of one minute and
 * again at the start of the next. GitHub's API counts the same way.
 */
export interface WindowCounter {
  /**
   * Counts one request for `key` in window number `window`; answers the count so far, this one
   * included. Synchronously when the count is local (no promise on the hot path).
   */
  hit(key: string, window: number, windowMs: number): number | Promise<number>;
  close(): Promise<void>;
}

/**
 * The counts of one replica. Only the current window is kept (a new window drops the map, so
 * entries expire in O(1)), and at most `maxKeys` clients, the oldest forgotten first: memory
 * stays bounded whatever the number of callers.
 */
export class MemoryWindowCounter implements WindowCounter {
  private window = -1;
  private counts = new Map<string, number>();

  constructor(private readonly maxKeys = 100_000) {}

  hit(key: string, window: number): number {
    if (window > this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count === 1 && this.counts.size >= this.maxKeys) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(key, count);
    return count;
  }

  get size(): number {
    return this.counts.size;
  }

  async close(): Promise<void> {}
}
