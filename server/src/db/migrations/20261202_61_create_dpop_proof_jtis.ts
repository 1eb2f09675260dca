import type { Knex } from 'knex';

/**
 * The `jti` of every DPoP proof accepted (RFC 9449 section 11.1), shared by the replicas, so a
 * proof replayed to any of them is refused (plugins/auth/dpop/replay-store.ts). Keyed by the
 * proof key's thumbprint and the jti; a row lives as long as its proof could be accepted
 * (`expires_at`) and is pruned in batches by it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dpop_proof_jtis', (t) => {
    t.text('jkt').notNullable();
    t.text('jti').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['jkt', 'jti']);
    t.index(['expires_at']);
    t.check('char_length(??) BETWEEN 1 AND 256', ['jti'], 'dpop_proof_jtis_jti_length');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('dpop_proof_jtis');
}
