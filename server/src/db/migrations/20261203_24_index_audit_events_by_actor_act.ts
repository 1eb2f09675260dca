import type { Knex } from 'knex';

/**
 * GET /audit/events?actor=X also finds the events an agent made for someone: those whose chain
 * names X as an agent's `sub` or `client_id` (`actor_act @> '[{"sub": X}]'`, domains/audit/
 * event-query.ts). jsonb_path_ops indexes each path-and-value pair, which is what containment
 * looks up; partial, since most events have no chain. On the partitioned parent, so every
 * partition, and each month attached later (acctl_ensure_month_partition), gets it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX audit_events_actor_act ON audit_events USING gin (actor_act jsonb_path_ops) WHERE actor_act IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX audit_events_actor_act');
}
