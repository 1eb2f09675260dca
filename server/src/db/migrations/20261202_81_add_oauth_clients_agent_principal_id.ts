import type { Knex } from 'knex';

/**
 * The agent principal a client acts as (issue #36, docs/oauth.md "Agents"): its client_credentials
 * tokens carry the agent's id as `sub`, so decisions and delegation chains see a principal of kind
 * agent with its attributes. NULL: the client is its own subject, as before this column existed.
 * Only an agent may be named: admin/clients.ts checks the kind in the registering transaction
 * (principals' kind never changes). Principals are deleted softly (status `deleted`), so RESTRICT
 * only stops a hard delete from leaving a client pointing nowhere; a disabled or deleted agent cuts
 * its tokens through token_owner_cutoffs, as a user's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_clients', (t) => {
    t.text('agent_principal_id').nullable().references('id').inTable('principals').onDelete('RESTRICT');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_clients', (t) => {
    t.dropColumn('agent_principal_id');
  });
}
