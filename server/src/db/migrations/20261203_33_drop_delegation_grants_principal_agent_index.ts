import type { Knex } from 'knex';

/** The unique index of 20261203_32 covers the same rows and columns: the plain one only cost writes. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX delegation_grants_principal_agent');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX delegation_grants_principal_agent ON delegation_grants (principal_id, agent_client_id) WHERE revoked_at IS NULL');
}
