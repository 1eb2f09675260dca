/**
 * Which decisions the load generators were told about, to check against the `decisions` table. Each
 * request carries its own X-Request-Id, which the server stores with every decision it records
 * (decisions.request_id) and echoes in the answer. So the check is exact, request by request: every
 * acknowledged request has exactly its decisions recorded, and every other row belongs to a request
 * that was sent but whose answer was not read (autocannon closes its connections at the end of a run
 * with requests still in flight; the server records and answers them all the same).
 */
import { createKnex } from '../../server/src/db/knex.js';

export interface IntegrityCheck {
  server: string;
  /** Decisions in 2xx answers the load generators read. */
  acknowledged: number;
  /** Rows of the acknowledged requests. */
  recorded: number;
  /** Acknowledged requests with a number of rows other than their number of decisions. */
  mismatched_requests: number;
  /** Rows of requests sent whose answers were not read. */
  unacknowledged_rows: number;
  /** Rows of requests never sent by the load generators. */
  unknown_rows: number;
  rows: number;
  ok: boolean;
}

export class DecisionLedger {
  private readonly sent = new Map<string, number>();
  private readonly acknowledged = new Set<string>();
  private counter = 0;

  constructor(
    readonly server: string,
    private readonly prefix: string,
  ) {}

  /** A request id for a request carrying `decisions` decisions. */
  next(decisions: number): string {
    this.counter += 1;
    const id = `${this.prefix}-${this.counter}`;
    this.sent.set(id, decisions);
    return id;
  }

  /** A 2xx answer was read for the request with this id. */
  acknowledge(id: unknown): void {
    if (typeof id === 'string' && this.sent.has(id)) this.acknowledged.add(id);
  }

  get acknowledgedDecisions(): number {
    let decisions = 0;
    for (const id of this.acknowledged) decisions += this.sent.get(id) ?? 0;
    return decisions;
  }

  async check(databaseUrl: string): Promise<IntegrityCheck> {
    const db = createKnex(databaseUrl, 1);
    let counts: Array<{ request_id: string | null; rows: number }>;
    try {
      counts = await db('decisions').groupBy('request_id').select('request_id', db.raw('count(*)::int AS rows'));
    } finally {
      await db.destroy();
    }
    const rowsById = new Map(counts.map((entry) => [entry.request_id ?? '', Number(entry.rows)]));
    let recorded = 0;
    let mismatched = 0;
    for (const id of this.acknowledged) {
      const rows = rowsById.get(id) ?? 0;
      recorded += rows;
      if (rows !== this.sent.get(id)) mismatched += 1;
    }
    let unacknowledged = 0;
    let unknown = 0;
    for (const [id, rows] of rowsById) {
      if (this.acknowledged.has(id)) continue;
      if (this.sent.has(id)) unacknowledged += rows;
      else unknown += rows;
    }
    const acknowledged = this.acknowledgedDecisions;
    return {
      server: this.server,
      acknowledged,
      recorded,
      mismatched_requests: mismatched,
      unacknowledged_rows: unacknowledged,
      unknown_rows: unknown,
      rows: recorded + unacknowledged + unknown,
      ok: recorded === acknowledged && mismatched === 0 && unknown === 0,
    };
  }
}
