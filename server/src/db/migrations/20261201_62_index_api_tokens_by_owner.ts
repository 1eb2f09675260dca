import type { Knex } from 'knex';

/** GET /v1/auth/tokens: an owner's tokens, newest first (domains/api-tokens/repo.ts listApiTokens). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX api_tokens_owner_created ON api_tokens (subject, created_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX api_tokens_owner_created');
}
