import type { Knex } from 'knex';

/**
 * The failure throttle counts in credential_attempts and credential_lockouts now (migrations
 * 20261127_01 to _06): sign_in_failures was read, checked and written in separate steps, so
 * parallel attempts all passed the check. Its rows are not carried over: they were keyed by an
 * unkeyed SHA-256, and at most 15 minutes of them mattered.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sign_in_failures');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('sign_in_failures', (t) => {
    t.bigIncrements('id').primary();
    t.text('throttle_key').notNullable();
    t.timestamp('failed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['throttle_key', 'failed_at']);
  });
  await knex.raw(
    "CREATE TRIGGER sign_in_failures_bump_client_auth AFTER INSERT OR UPDATE OR DELETE ON sign_in_failures FOR EACH STATEMENT EXECUTE FUNCTION acctl_bump_generation('client_auth')",
  );
}
