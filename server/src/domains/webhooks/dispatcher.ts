export interface DispatcherOptions<T> {
  /** Attempts in flight at most; each runs on its own, so a slow one holds up no other. */
  concurrency: number;
  pollingIntervalMs: number;
  /** Takes the next piece of work, or undefined when none is due. */
  claim: () => Promise<T | undefined>;
  handle: (work: T) => Promise<void>;
  log: (message: string, error: unknown) => void;
}

/**
 * Keeps up to `concurrency` attempts in flight with one claim loop: it claims while a slot is
 * free and work is due, and otherwise sleeps until a slot frees up, it is woken (a retry is due),
 * or the polling interval ends. Claims are made one at a time, so a replica holds at most one
 * pool connection for them, and each claim takes the next webhook's turn (repo.claimNextDelivery).
 */
export class DeliveryDispatcher<T> {
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  private wakeUp: (() => void) | undefined;
  /** A wake that came while the loop was claiming: its next sleep ends at once. */
  private woken = false;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: DispatcherOptions<T>) {}

  start(): void {
    this.loop = this.run();
  }

  /** Claim now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops claiming and waits for the attempts in flight (the caller makes them end quickly). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  private async run(): Promise<void> {
    const { concurrency, claim, log } = this.options;
    while (!this.stopped) {
      this.woken = false;
      let claimed: T | undefined;
      if (this.inFlight.size < concurrency) {
        try {
          claimed = await claim();
        } catch (error) {
          log('webhook delivery claim failed', error);
        }
      }
      if (claimed !== undefined) {
        this.track(claimed);
        continue;
      }
      await this.sleep(this.options.pollingIntervalMs);
    }
  }

  private track(work: T): void {
    const running = this.options
      .handle(work)
      .catch((error: unknown) => this.options.log('webhook delivery attempt failed', error))
      .finally(() => {
        this.inFlight.delete(running);
        this.wake();
      });
    this.inFlight.add(running);
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) return Promise.resolve();
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
