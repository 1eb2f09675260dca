import type PgBoss from 'pg-boss';

export interface DispatcherOptions<T> {
  boss: PgBoss;
  queue: string;
  /** Jobs in flight at most; each runs on its own, so a slow one holds up no other. */
  concurrency: number;
  pollingIntervalMs: number;
  handle: (job: PgBoss.Job<T>) => Promise<void>;
  log: (message: string, error: unknown) => void;
}

/**
 * Runs up to `concurrency` jobs of a queue at once with one fetch loop: it fetches as many jobs
 * as there are free slots, completes or fails each job as soon as its own handler settles, and
 * fetches again when a slot frees up, when woken (a retry is due), or after the polling interval.
 * Unlike N pg-boss workers it asks the database for work once per interval rather than N times,
 * and holds at most one pool connection to do so.
 */
export class JobDispatcher<T> {
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  private wakeUp: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: DispatcherOptions<T>) {}

  start(): void {
    this.loop = this.run();
  }

  /** Fetch now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops fetching and waits for the jobs in flight (the caller makes them end quickly). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  private async run(): Promise<void> {
    const { boss, queue, concurrency, log } = this.options;
    // pg-boss 10's fetch swallows every error of its query and answers "no jobs", so an outage
    // would look like an empty queue: its query goes through this connection, which remembers it.
    let failure: unknown;
    const db = boss.getDb();
    const watched: PgBoss.Db = {
      executeSql: async (text, values) => {
        try {
          return await db.executeSql(text, values);
        } catch (error) {
          failure = error;
          throw error;
        }
      },
    };
    while (!this.stopped) {
      const free = concurrency - this.inFlight.size;
      let fetched = 0;
      if (free > 0) {
        failure = undefined;
        try {
          const jobs = await boss.fetch<T>(queue, { batchSize: free, db: watched });
          fetched = jobs.length;
          for (const job of jobs) this.track(job);
        } catch (error) {
          failure = error;
        }
        if (failure !== undefined) log('webhook job fetch failed', failure);
      }
      // A full batch means more may be waiting: fetch again at once (if a slot is free).
      if (this.stopped || (fetched > 0 && fetched === free && this.inFlight.size < concurrency)) continue;
      await this.sleep(this.options.pollingIntervalMs);
    }
  }

  private track(job: PgBoss.Job<T>): void {
    const { boss, queue, handle, log } = this.options;
    const running = (async () => {
      try {
        await handle(job);
        await boss.complete(queue, job.id);
      } catch (error) {
        await boss
          .fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) })
          .catch((e: unknown) => log('webhook job could not be failed', e));
      }
    })().finally(() => {
      this.inFlight.delete(running);
      this.wake();
    });
    this.inFlight.add(running);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }
}
