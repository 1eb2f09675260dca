import type { Knex } from 'knex';
import { GroupCommit } from '../../../db/group-commit.js';
import { pgQuery } from '../../../db/pg-transaction.js';
import { isRowFault } from '../../../db/pg-errors.js';

/** The longest `jti` remembered; a longer one is refused (RFC 9449 asks for a unique value, 96 bits of randomness suffice). */
export const maxJtiLength = 256;

/** A proof's jti to remember, keyed by its key's thumbprint. */
interface ProofJti {
  jkt: string;
  jti: string;
  expiresAt: Date;
  now: Date;
}

/**
 * The batch's insert, a named prepared statement (db/pg-transaction.ts pgQuery): parsed and planned
 * once per connection. Its commit does not wait for the WAL to reach the disk (synchronous_commit
 * off for this transaction alone, set by the statement itself, as PostgreSQL's manual offers for
 * "transactions whose loss is acceptable"): every replica sees a remembered jti the moment it
 * commits, as before, and only a crash of PostgreSQL itself can forget the jtis of the last
 * fraction of a second (at most three times wal_writer_delay, 600 ms by default), whose proofs
 * could then be replayed within their window. Keycloak's and node-oidc-provider's replay stores
 * (a cache in memory, Redis) lose more on a restart. The wait it saves: 0.55 to 0.78 ms a write
 * on the bench's machine (0.1 to 0.25 without), and 100 to 130 µs of PostgreSQL's CPU per write.
 */
const rememberJtis = {
  name: 'acctl_remember_dpop_jtis',
  text: `WITH relaxed AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true))
         INSERT INTO dpop_proof_jtis AS p (jkt, jti, expires_at)
         SELECT proof.* FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS proof CROSS JOIN relaxed
         ON CONFLICT (jkt, jti) DO UPDATE SET expires_at = excluded.expires_at WHERE p.expires_at <= $4
         RETURNING jkt, jti`,
};

/** A jti already remembered and not expired: the proof is a replay. */
class ReplayedJti extends Error {}

/**
 * Remembers the proof `jti` of key `jkt` until `expiresAt`: false when it was already seen and
 * has not expired. One INSERT ... ON CONFLICT in PostgreSQL, atomic across replicas: of the same
 * proof sent to any number of them at once exactly one is let through (RFC 9449 section 11.1).
 * Keyed by the key's thumbprint as well as the jti: a jti is the signer's choice, and one key
 * holder cannot use up another's. An expired row is taken over (its proof is past its window, so
 * a new proof may reuse the jti).
 *
 * The proofs that arrive together share one statement and one commit (db/group-commit.ts, as
 * decisions are recorded): a row per proof and a commit per request held DPoP-bound issuance to
 * 0.42x plain issuance in the bench (issue #36 asks for 0.8x). One write at a time, and under
 * load (the last write took several proofs) the next gathers for 5 ms: each write's own cost is
 * what limits throughput there, and a proof alone is never held.
 */
export class ProofJtiStore {
  private readonly commit: GroupCommit<ProofJti>;

  constructor(private readonly db: Knex) {
    this.commit = new GroupCommit((items) => this.write(items), { maxItemsPerWrite: 500, maxInFlight: 1, gatherUnderLoadMs: 5, isolateFailures: isRowFault });
  }

  async remember(jkt: string, jti: string, expiresAt: Date, now: Date): Promise<boolean> {
    try {
      await this.commit.add([{ jkt, jti, expiresAt, now }]);
      return true;
    } catch (error) {
      if (error instanceof ReplayedJti) return false;
      throw error;
    }
  }

  /** Inserts the batch; answers the items that were replays: a row already there and live, or the same proof twice in the batch. */
  private async write(items: ProofJti[]): Promise<ReadonlyMap<ProofJti, unknown>> {
    const replays = new Map<ProofJti, unknown>();
    const first = new Map<string, ProofJti>();
    for (const item of items) {
      const key = JSON.stringify([item.jkt, item.jti]);
      if (first.has(key)) replays.set(item, new ReplayedJti());
      else first.set(key, item);
    }
    const unique = [...first.values()];
    // The earliest instant of the batch decides what has expired: a row is taken over only when it had for every proof.
    const now = new Date(Math.min(...unique.map((item) => item.now.getTime())));
    const { rows } = await pgQuery<{ jkt: string; jti: string }>(this.db, {
      ...rememberJtis,
      values: [unique.map((item) => item.jkt), unique.map((item) => item.jti), unique.map((item) => item.expiresAt), now],
    });
    const stored = new Set(rows.map((row) => JSON.stringify([row.jkt, row.jti])));
    for (const [key, item] of first) if (!stored.has(key)) replays.set(item, new ReplayedJti());
    return replays;
  }
}

/**
 * Deletes expired rows, `batchSize` per statement (SKIP LOCKED: replicas pruning at once take
 * different rows), at most `maxBatches` statements a round; an expired row left over is taken
 * over by ProofJtiStore.remember, so pruning late is harmless.
 */
export async function pruneExpiredProofJtis(db: Knex, now: Date, options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? 20;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = await db.raw<{ rowCount: number }>(
      `DELETE FROM dpop_proof_jtis WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM dpop_proof_jtis WHERE expires_at <= ? ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED))`,
      [now, batchSize],
    );
    deleted += result.rowCount;
    if (result.rowCount < batchSize) break;
  }
  return deleted;
}
