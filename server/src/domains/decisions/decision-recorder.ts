import type { Knex } from 'knex';

export interface DecisionRow {
  id: string;
  created_at: Date;
  decision: 'allow' | 'deny';
  principal_id: string | null;
  principal_type: string;
  resource_type: string;
  resource_identifier: string;
  action: string;
  caller_subject: string;
  client_id: string | null;
  request_id: string | null;
  evaluation_time_ms: number;
  request: unknown;
  result: unknown;
}

interface Waiting {
  rows: DecisionRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: every decision is stored before it is answered, but decisions that arrive
 * together share one multi-row INSERT (one round trip and one WAL flush) instead of one each.
 * A batch is written as soon as the event loop turns; while `maxInFlight` inserts are running,
 * new decisions gather for the next one, so batches grow with load and latency stays bounded.
 */
export class DecisionRecorder {
  private waiting: Waiting[] = [];
  private waitingRows = 0;
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: Knex,
    private readonly options: { maxRowsPerInsert: number; maxInFlight: number } = { maxRowsPerInsert: 500, maxInFlight: 2 },
  ) {}

  /** Resolves once the rows are committed; rejects if they could not be (the caller must not answer). */
  record(rows: DecisionRow[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      this.waitingRows += rows.length;
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= this.options.maxInFlight || this.waiting.length === 0) return;
    const batch: Waiting[] = [];
    let count = 0;
    while (this.waiting.length > 0 && (batch.length === 0 || count + this.waiting[0]!.rows.length <= this.options.maxRowsPerInsert)) {
      const next = this.waiting.shift()!;
      batch.push(next);
      count += next.rows.length;
    }
    this.waitingRows -= count;
    this.inFlight++;
    try {
      const rows = batch.flatMap((entry) => entry.rows).map((row) => ({ ...row, request: JSON.stringify(row.request), result: JSON.stringify(row.result) }));
      await this.db('decisions').insert(rows);
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }
}
