import type { Knex } from 'knex';

/**
 * Idempotency keys of the POST routes that create (plugins/idempotency, docs/api.md "Idempotent
 * requests"), shared by every replica. One row per caller (the token's kind, subject and client,
 * as the audit log's actor) and key: the SHA-256 of the request it was first used with, and,
 * once answered, the answer's status, the headers that matter and its body, never a one-time
 * secret. While the first request runs, `status` is null and `locked_until` is its lease.
 * Rows live 24 hours (`expires_at`, Stripe's rule) and are pruned in batches by `expires_at`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.text('caller_kind').notNullable();
    t.text('caller_subject').notNullable();
    // '' when the token belongs to no client (API tokens): a primary key column cannot be null.
    t.text('caller_client_id').notNullable();
    t.text('key').notNullable();
    t.text('request_hash').notNullable();
    t.uuid('claim').notNullable();
    t.timestamp('locked_until', { useTz: true });
    t.smallint('status');
    t.jsonb('headers');
    t.text('body');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['caller_kind', 'caller_subject', 'caller_client_id', 'key']);
    t.index(['expires_at']);
    t.check('char_length(??) BETWEEN 1 AND 255', ['key'], 'idempotency_keys_key_length');
    t.check('(?? IS NULL) = (?? IS NULL)', ['status', 'body'], 'idempotency_keys_answer_whole');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
}
