import type { Knex } from 'knex';

/**
 * The agents that acted for an event's actor (issue #36: a token exchanged under RFC 8693 has the
 * person as `sub` and the agents in `act`), flattened nearest first as schemas/actor-chain.json.
 * Null on existing rows and on every event of a caller without a chain, which the hash leaves out,
 * so they verify as before (domains/audit/chain.ts). On the partitioned parent, so every partition
 * has it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events ADD COLUMN actor_act jsonb');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events DROP COLUMN actor_act');
}
