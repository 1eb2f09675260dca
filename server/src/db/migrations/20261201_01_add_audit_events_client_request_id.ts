import type { Knex } from 'knex';

/**
 * The X-Request-Id a caller sent, kept apart from the id the server gives each request
 * (http/request-id.ts): a caller chose the stored `request.id` before, and could copy another
 * event's. Null on existing rows, which the hash chain leaves out, so they verify as before
 * (domains/audit/chain.ts). On the partitioned parent, so every partition has it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events ADD COLUMN client_request_id text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events DROP COLUMN client_request_id');
}
