import type { Knex } from 'knex';

/**
 * The failure throttle's attempts (security/failure-throttle.ts): one row per password or client
 * secret attempt not known to have succeeded, per HMAC of (throttle, name) and of (throttle, name,
 * client address), never the name itself. A sign-in's row is written before its password is
 * checked (`failed` false: a reserved slot) and deleted if the password was right; a client's is
 * written when its secret turned out wrong. Rows of client authentication join the `client_auth`
 * counter (migration 20261126_05) when written: the token endpoints cache what they read of them.
 * Not when deleted (pruning, by the thousand): a deletion only ever shortens a wait, and a cached
 * wait ends by itself when its oldest attempt leaves the window.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credential_attempts', (t) => {
    t.bigIncrements('id').primary();
    t.text('throttle').notNullable().checkIn(['sign-in', 'client-authentication']);
    t.text('account_key').notNullable();
    t.text('pair_key').notNullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable();
    t.boolean('failed').notNullable();
    t.index(['pair_key', 'attempted_at']);
    t.index(['account_key', 'attempted_at']);
    t.index(['attempted_at']);
  });
  await knex.raw(
    "CREATE TRIGGER credential_attempts_bump_client_auth AFTER INSERT OR UPDATE ON credential_attempts FOR EACH ROW WHEN (NEW.throttle = 'client-authentication') EXECUTE FUNCTION acctl_bump_generation('client_auth')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('credential_attempts');
}
