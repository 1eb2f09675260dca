import type { Knex } from 'knex';

// The jti of every access token issued under a grant, so that revoking the grant can put them
// all in revoked_access_tokens (JWTs cannot be recalled otherwise). Rows past expires_at are pruned.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_grant_access_tokens', (t) => {
    t.text('jti').primary();
    t.text('grant_id').notNullable().references('id').inTable('oauth_grants').onDelete('CASCADE').index();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_grant_access_tokens');
}
