import type { Knex } from 'knex';

/**
 * Names locked from every address after too many failures across addresses (the per-account
 * ceiling of security/failure-throttle.ts), per HMAC of (throttle, name). `lockouts_in_a_row`
 * doubles the next lockout while the last one ended less than a day before. Rows of client
 * authentication join the `client_auth` counter, as credential_attempts' do.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credential_lockouts', (t) => {
    t.text('account_key').primary();
    t.text('throttle').notNullable().checkIn(['sign-in', 'client-authentication']);
    t.timestamp('locked_until', { useTz: true }).notNullable();
    t.integer('lockouts_in_a_row').notNullable();
    t.index(['locked_until']);
  });
  await knex.raw(
    "CREATE TRIGGER credential_lockouts_bump_client_auth AFTER INSERT OR UPDATE ON credential_lockouts FOR EACH ROW WHEN (NEW.throttle = 'client-authentication') EXECUTE FUNCTION acctl_bump_generation('client_auth')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('credential_lockouts');
}
