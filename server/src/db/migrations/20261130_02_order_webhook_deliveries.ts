import type { Knex } from 'knex';

/**
 * Webhooks receive events in commit order (issue #23): each outbox event takes a position from one
 * sequence, in event order, when its transaction writes it, and its deliveries carry it, so a
 * delivery's first attempt can wait for its webhook's earlier ones (webhooks/repo.ts
 * claimDelivery) and receivers get it in the payload. Existing rows are numbered by creation.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE webhook_event_positions AS bigint');
  await knex.raw('ALTER TABLE webhook_events ADD COLUMN position bigint');
  await knex.raw(
    `UPDATE webhook_events e SET position = numbered.n
       FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM webhook_events) numbered
      WHERE e.id = numbered.id`,
  );
  await knex.raw(`SELECT setval('webhook_event_positions', max(position)) FROM webhook_events HAVING count(*) > 0`);
  await knex.raw(`ALTER TABLE webhook_events ALTER COLUMN position SET DEFAULT nextval('webhook_event_positions'), ALTER COLUMN position SET NOT NULL`);
  await knex.raw('ALTER SEQUENCE webhook_event_positions OWNED BY webhook_events.position');

  await knex.raw('ALTER TABLE webhook_deliveries ADD COLUMN event_position bigint');
  await knex.raw('UPDATE webhook_deliveries d SET event_position = e.position FROM webhook_events e WHERE e.id = d.event_id');
  await knex.raw('ALTER TABLE webhook_deliveries ALTER COLUMN event_position SET NOT NULL');
  // The deliveries still waiting for their first attempt, per webhook in order: what a first
  // attempt checks before it goes, and where the next one is found.
  await knex.raw(
    "CREATE INDEX webhook_deliveries_first_attempts ON webhook_deliveries (webhook_id, event_position) WHERE status = 'pending' AND attempt_count = 0",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX webhook_deliveries_first_attempts');
  await knex.raw('ALTER TABLE webhook_deliveries DROP COLUMN event_position');
  await knex.raw('ALTER TABLE webhook_events DROP COLUMN position');
}
