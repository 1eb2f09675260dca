import type { Knex } from 'knex';

/**
 * The jti of every client assertion accepted, until its exp (RFC 7523 section 3, item 7: the
 * server may ensure a JWT is not replayed by keeping its jti for its lifetime). The primary key
 * makes the first INSERT win on every replica at once; pruned with the other expired OAuth rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_client_assertions', (t) => {
    t.text('client_id').notNullable();
    t.text('jti').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['client_id', 'jti']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_client_assertions');
}
