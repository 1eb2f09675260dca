/** A password check that could not start: too many are already running or waiting. */
export class HashingSlotsBusy extends Error {
  constructor(
    /** `key`: this key (a client address) has its share; `process`: the process has. */
    readonly scope: 'key' | 'process',
  ) {
    super(scope === 'key' ? 'Too many password checks from this address at once' : 'Too many password checks waiting in this process');
  }
}

export interface HashingSlotsLimits {
  /** Hashes running at once in the process. */
  running: number;
  /** Hashes running at once for one key (a client address). */
  runningPerKey: number;
  /** Hashes of one key waiting for a slot; one more is refused (HashingSlotsBusy 'key'). */
  waitingPerKey: number;
  /** Hashes with a key waiting in the process; one more is refused (HashingSlotsBusy 'process'). */
  waiting: number;
}

/** What ran, for tests and diagnostics: the most hashes that ever ran at once, overall and for one key. */
export interface HashingSlotsStats {
  running: number;
  waiting: number;
  peakRunning: number;
  peakRunningPerKey: number;
  started: number;
}

interface Waiter {
  key: string | undefined;
  start: () => void;
}

/**
 * Admission for a slow, memory-hard hash (scrypt: about 100 ms of one core and 128 MiB each).
 * Node runs it on libuv's thread pool, four threads by default, shared with file and DNS work;
 * unbounded, parallel sign-ins from one address keep every core busy and the pool full. So at
 * most `running` hashes run at once, at most `runningPerKey` for one client address, the rest
 * wait in arrival order, and a key or the process with too many waiting is refused at once
 * rather than queued without end. Hashes without a key (an administrator setting a password)
 * wait without a bound: they come from authenticated, rate-limited callers.
 */
export class HashingSlots {
  private running = 0;
  private readonly runningByKey = new Map<string, number>();
  private readonly waitingByKey = new Map<string, number>();
  private readonly queue: Waiter[] = [];
  private keyedWaiting = 0;
  private peakRunning = 0;
  private peakRunningPerKey = 0;
  private started = 0;

  constructor(readonly limits: Readonly<HashingSlotsLimits>) {}

  async run<T>(key: string | undefined, hash: () => Promise<T>): Promise<T> {
    if (this.canStart(key)) this.begin(key);
    else await this.wait(key); // admitWaiting counts it as running before it resumes
    try {
      return await hash();
    } finally {
      this.end(key);
    }
  }

  stats(): HashingSlotsStats {
    return {
      running: this.running,
      waiting: this.queue.length,
      peakRunning: this.peakRunning,
      peakRunningPerKey: this.peakRunningPerKey,
      started: this.started,
    };
  }

  /** Starts the peaks and the count again from what runs now (tests measure one scenario at a time). */
  resetStats(): void {
    this.peakRunning = this.running;
    this.peakRunningPerKey = Math.max(0, ...this.runningByKey.values());
    this.started = 0;
  }

  private canStart(key: string | undefined): boolean {
    return this.running < this.limits.running && (key === undefined || (this.runningByKey.get(key) ?? 0) < this.limits.runningPerKey);
  }

  private wait(key: string | undefined): Promise<void> {
    if (key !== undefined) {
      const waitingForKey = this.waitingByKey.get(key) ?? 0;
      if (waitingForKey >= this.limits.waitingPerKey) throw new HashingSlotsBusy('key');
      if (this.keyedWaiting >= this.limits.waiting) throw new HashingSlotsBusy('process');
      this.waitingByKey.set(key, waitingForKey + 1);
      this.keyedWaiting += 1;
    }
    return new Promise((resolve) => this.queue.push({ key, start: resolve }));
  }

  private begin(key: string | undefined): void {
    this.running += 1;
    this.started += 1;
    this.peakRunning = Math.max(this.peakRunning, this.running);
    if (key !== undefined) {
      const runningForKey = (this.runningByKey.get(key) ?? 0) + 1;
      this.runningByKey.set(key, runningForKey);
      this.peakRunningPerKey = Math.max(this.peakRunningPerKey, runningForKey);
    }
  }

  private end(key: string | undefined): void {
    this.running -= 1;
    if (key !== undefined) {
      const runningForKey = (this.runningByKey.get(key) ?? 1) - 1;
      if (runningForKey === 0) this.runningByKey.delete(key);
      else this.runningByKey.set(key, runningForKey);
    }
    this.admitWaiting();
  }

  /** The earliest waiters that may start now, in arrival order (a key at its share is passed over, not the others behind it). */
  private admitWaiting(): void {
    for (let index = 0; index < this.queue.length && this.running < this.limits.running;) {
      const waiter = this.queue[index]!;
      if (!this.canStart(waiter.key)) {
        index += 1;
        continue;
      }
      this.queue.splice(index, 1);
      if (waiter.key !== undefined) {
        const waitingForKey = (this.waitingByKey.get(waiter.key) ?? 1) - 1;
        if (waitingForKey === 0) this.waitingByKey.delete(waiter.key);
        else this.waitingByKey.set(waiter.key, waitingForKey);
        this.keyedWaiting -= 1;
      }
      // Counted as running now, before its continuation runs, so the next checks of this loop see it.
      this.begin(waiter.key);
      waiter.start();
    }
  }
}
