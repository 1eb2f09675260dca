import type { Knex } from 'knex';

/**
 * Recording an API token's last use (at most once a minute per token, domains/api-tokens/
 * token-use.ts) is no change of credentials: it must not bump the credentials generation, which
 * empties every replica's verified-token cache and makes in-flight decisions retry. The statement
 * trigger now fires on updates of the columns that decide whether a token works, not last_used_at
 * (PostgreSQL's `UPDATE OF`: it fires when a listed column is a target of the UPDATE).
 */
const credentialColumns = ['name', 'token_hash', 'scopes', 'subject', 'expires_at', 'revoked_at', 'revoked_by', 'replaced_by'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER api_tokens_bump_generation ON api_tokens');
  await knex.raw(
    `CREATE TRIGGER api_tokens_bump_generation AFTER INSERT OR DELETE OR UPDATE OF ${credentialColumns.join(', ')} ON api_tokens
       FOR EACH STATEMENT EXECUTE FUNCTION acctl_bump_generation('credentials')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER api_tokens_bump_generation ON api_tokens');
  await knex.raw(
    "CREATE TRIGGER api_tokens_bump_generation AFTER INSERT OR UPDATE OR DELETE ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION acctl_bump_generation('credentials')",
  );
}
