import type { Knex } from 'knex';

/**
 * At most one unrevoked grant per user and agent: a new consent replaces the old one in its
 * transaction (grantDelegation), and of two given at once (two tabs) the second meets this index
 * and is answered 409, instead of leaving two live grants with different scopes and expiries.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE UNIQUE INDEX delegation_grants_one_unrevoked ON delegation_grants (principal_id, agent_client_id) WHERE revoked_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX delegation_grants_one_unrevoked');
}
