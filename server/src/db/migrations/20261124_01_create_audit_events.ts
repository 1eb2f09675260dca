import type { Knex } from 'knex';

/**
 * The audit log (domains/audit): one row per domain event, appended in the transaction of the
 * change it records. `seq` comes from audit_events_sequence under the append lock, so it follows
 * commit order (keyset cursors on it never miss an event). Two hash chains share the table:
 * `change` (kept forever) and `decision` (decision.evaluated, which retention may delete).
 * source_ip is text, not inet: a value must read back exactly as it was hashed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE audit_events_sequence AS bigint');
  await knex.schema.createTable('audit_events', (t) => {
    t.bigInteger('seq').primary();
    t.uuid('id').notNullable().unique();
    t.text('chain').notNullable().checkIn(['change', 'decision']);
    t.text('type').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.text('actor_subject').notNullable();
    t.text('actor_client_id');
    t.text('actor_token_kind').notNullable();
    t.text('target_type').notNullable();
    t.text('target_id').notNullable();
    t.text('outcome').notNullable().checkIn(['success', 'failure']);
    t.text('request_id');
    t.text('source_ip');
    t.text('user_agent');
    t.jsonb('change');
    t.jsonb('data').notNullable();
    t.binary('prev_hash').notNullable();
    t.binary('hash').notNullable();
  });
  await knex.raw('ALTER SEQUENCE audit_events_sequence OWNED BY audit_events.seq');
  // Chain walks (verification, heads, retention) and the list filters, each newest first by seq.
  await knex.raw('CREATE INDEX audit_events_chain_seq ON audit_events (chain, seq)');
  await knex.raw('CREATE INDEX audit_events_type_seq ON audit_events (type, seq)');
  await knex.raw('CREATE INDEX audit_events_actor_seq ON audit_events (actor_subject, seq)');
  await knex.raw('CREATE INDEX audit_events_target_seq ON audit_events (target_type, target_id, seq)');
  // Time ranges: rows arrive in time order, so a BRIN index is tiny and enough.
  await knex.raw('CREATE INDEX audit_events_occurred_at ON audit_events USING brin (occurred_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_events');
}
