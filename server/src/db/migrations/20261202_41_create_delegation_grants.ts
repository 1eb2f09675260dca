import type { Knex } from 'knex';

/**
 * A user's consent that an agent (an OAuth client) may act for them through token exchange
 * (RFC 8693): which agent client, which scopes at most, until when. Given on the consent page,
 * listed and revoked over /v1/delegation-grants. Revoking one ends every token exchanged under it
 * (token_exchanges.grant_ids, checked by accessTokenRefusal). A deleted client takes its grants.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('delegation_grants', (t) => {
    t.uuid('id').primary();
    t.text('principal_id').notNullable().references('id').inTable('principals').onDelete('CASCADE');
    t.text('agent_client_id').notNullable().references('client_id').inTable('oauth_clients').onDelete('CASCADE');
    t.specificType('scopes', 'text[]').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.text('revoked_by');
  });
  // The exchange looks up the live grants of one user for one agent.
  await knex.raw('CREATE INDEX delegation_grants_principal_agent ON delegation_grants (principal_id, agent_client_id) WHERE revoked_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('delegation_grants');
}
