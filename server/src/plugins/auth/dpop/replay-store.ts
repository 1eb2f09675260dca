import type { Knex } from 'knex';

/** The longest `jti` remembered; a longer one is refused (RFC 9449 asks for a unique value, 96 bits of randomness suffice). */
export const maxJtiLength = 256;

/**
 * Remembers the proof `jti` of key `jkt` until `expiresAt`; false when it was already seen and
 * has not expired. One INSERT ... ON CONFLICT in PostgreSQL, atomic across replicas: of the
 * same proof sent to any number of them at once exactly one is let through (RFC 9449 section
 * 11.1). Keyed by the key's thumbprint as well as the jti: a jti is the signer's choice, and
 * one key holder cannot use up another's. An expired row is taken over (the proof it recorded
 * is past its window, so a new proof may reuse the jti).
 */
export async function rememberProofJti(db: Knex, jkt: string, jti: string, expiresAt: Date, now: Date): Promise<boolean> {
  const result = await db.raw<{ rowCount: number }>(
    `INSERT INTO dpop_proof_jtis AS p (jkt, jti, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (jkt, jti) DO UPDATE SET expires_at = excluded.expires_at WHERE p.expires_at <= ?`,
    [jkt, jti, expiresAt, now],
  );
  return result.rowCount === 1;
}

/**
 * Deletes expired rows, `batchSize` per statement (SKIP LOCKED: replicas pruning at once take
 * different rows), at most `maxBatches` statements a round; an expired row left over is taken
 * over by rememberProofJti, so pruning late is harmless.
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
