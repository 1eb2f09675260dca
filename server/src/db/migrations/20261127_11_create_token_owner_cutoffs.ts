import type { Knex } from 'knex';

/**
 * When the tokens of an owner (a principal, an OAuth client) end before they expire, as
 * Keycloak's per-user and per-client "not before" does: `suspended` refuses every token of the
 * owner (a disabled or deleted user, a deleted client); `cut_at` refuses those issued at or before
 * it (whole seconds, as `iat` counts them) and stays when the owner comes back, so tokens from
 * before a disable never work again. One row per owner, kept: a cut of a non-expiring API token
 * matters for as long as the token exists. Part of the `credentials` counter (migration
 * 20261121_07), so every replica's verified-token cache is dropped in the change's transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('token_owner_cutoffs', (t) => {
    t.text('owner_kind').notNullable().checkIn(['principal', 'client']);
    t.text('owner_id').notNullable();
    t.boolean('suspended').notNullable();
    t.timestamp('cut_at', { useTz: true }).notNullable();
    /** What set the row last: disabled, deleted, reenabled, admin_revoked, client_deleted, client_recreated. */
    t.text('reason').notNullable();
    t.primary(['owner_kind', 'owner_id']);
  });
  // API tokens name their owner by id alone (a principal's or a client's): they look it up by id.
  await knex.raw('CREATE INDEX token_owner_cutoffs_owner_id ON token_owner_cutoffs (owner_id)');
  await knex.raw(
    "CREATE TRIGGER token_owner_cutoffs_bump_generation AFTER INSERT OR UPDATE OR DELETE ON token_owner_cutoffs FOR EACH STATEMENT EXECUTE FUNCTION acctl_bump_generation('credentials')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('token_owner_cutoffs');
}
