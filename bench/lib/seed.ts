/**
 * Active policies written straight into a migrated database, in chunks of multi-row INSERTs: the API
 * would validate and version each one in its own transaction, which takes minutes for 10,000. The
 * rows are what the API writes for a new policy: the live row and its version 1.
 */
import { randomUUID } from 'node:crypto';
import { createKnex } from '../../server/src/db/knex.js';
import type { EnginePolicy } from '../../core/src/index.js';

const chunkSize = 1_000;

export async function seedActivePolicies(databaseUrl: string, policies: readonly EnginePolicy[]): Promise<void> {
  const db = createKnex(databaseUrl, 1);
  try {
    await db.transaction(async (trx) => {
      for (let start = 0; start < policies.length; start += chunkSize) {
        const chunk = policies.slice(start, start + chunkSize).map((policy) => ({
          id: randomUUID(),
          name: policy.name,
          description: '',
          status: 'active',
          version: 1,
          rules: JSON.stringify(policy.rules),
          metadata: '{}',
          created_by: 'bench',
          updated_by: 'bench',
        }));
        await trx('policies').insert(chunk);
        await trx('policy_versions').insert(chunk.map(({ id, updated_by: _, ...version }) => ({ ...version, policy_id: id })));
      }
    });
  } finally {
    await db.destroy();
  }
}
