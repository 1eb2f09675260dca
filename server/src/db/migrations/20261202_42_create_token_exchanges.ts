import type { Knex } from 'knex';

/**
 * The lineage of every access token issued by token exchange (RFC 8693): the jtis of the tokens
 * it came from (subject and actor tokens, and theirs, hop by hop) and the delegation grants it
 * stands on. A token whose row names a revoked jti or a revoked grant is refused
 * (accessTokenRefusal): checked when the token is used, so a revocation racing an exchange still
 * ends the token it issues. Rows past expires_at are pruned.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('token_exchanges', (t) => {
    t.text('jti').primary();
    t.specificType('source_jtis', 'text[]').notNullable();
    t.specificType('grant_ids', 'uuid[]').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('token_exchanges');
}
