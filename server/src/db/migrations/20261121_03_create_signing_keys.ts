import type { Knex } from 'knex';

// RS256 signing keys shared by every replica. The private key is AES-256-GCM encrypted with the
// configured key-encryption key; the public JWK is published until `retired_at` + token lifetime.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('signing_keys', (t) => {
    t.text('kid').primary();
    t.jsonb('public_jwk').notNullable();
    t.text('private_key_encrypted').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('retired_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('signing_keys');
}
