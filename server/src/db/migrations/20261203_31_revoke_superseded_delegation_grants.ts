import type { Knex } from 'knex';

/**
 * Data, before 20261203_32 makes one unrevoked grant per user and agent a constraint: of several
 * unrevoked grants of a pair, the exchange already used only the newest (findLiveDelegationGrant),
 * so the older ones are marked revoked, by the migration. Not reversible: which grants were
 * superseded is not kept apart (down does nothing).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `UPDATE delegation_grants g SET revoked_at = now(), revoked_by = 'system:migration'
      WHERE g.revoked_at IS NULL
        AND EXISTS (SELECT 1 FROM delegation_grants newer
                     WHERE newer.principal_id = g.principal_id AND newer.agent_client_id = g.agent_client_id
                       AND newer.revoked_at IS NULL AND (newer.created_at, newer.id) > (g.created_at, g.id))`,
  );
}

export async function down(): Promise<void> {}
