import type { Knex } from 'knex';

/**
 * Addresses that authenticated a name recently (security/failure-throttle.ts, "known addresses"):
 * one row per HMAC of (throttle, name, address), the throttle's pair key, with the time of its
 * last success. Such an address keeps its own budget: the name's lockout and ceiling, which
 * guessers from elsewhere trip, do not refuse it, and its failures do not count towards them
 * (OWASP's authentication cheat sheet and Auth0's brute-force protection both spare a known
 * source). Rows of client authentication join the `client_auth` counter, as credential_attempts'
 * do: the token endpoints cache the verdicts these rows change.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credential_known_addresses', (t) => {
    t.text('pair_key').primary();
    t.text('throttle').notNullable().checkIn(['sign-in', 'client-authentication']);
    t.timestamp('succeeded_at', { useTz: true }).notNullable();
    t.index(['succeeded_at']);
  });
  await knex.raw(
    "CREATE TRIGGER credential_known_addresses_bump_client_auth AFTER INSERT OR UPDATE ON credential_known_addresses FOR EACH ROW WHEN (NEW.throttle = 'client-authentication') EXECUTE FUNCTION acctl_bump_generation('client_auth')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('credential_known_addresses');
}
