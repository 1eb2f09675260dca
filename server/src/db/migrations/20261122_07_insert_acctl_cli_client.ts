import type { Knex } from 'knex';

/**
 * The first-party public client of the acctl CLI (a data change, so a file of its own). It signs
 * people in with the authorization-code flow and PKCE, receiving the code on a loopback listener
 * (127.0.0.1, or [::1] on IPv6-only hosts) on any port (RFC 8252 sections 7.3 and 8.3). It is
 * allowed every scope of the spec; what a token actually gets is limited by what the signed-in
 * user may grant. The scope list is a snapshot written out here, not read from
 * schemas/scope.json: a migration must do the same thing forever. ON CONFLICT: a client of this
 * id registered by hand before this migration is left alone.
 */
const everyScope = [
  'read:principals',
  'write:principals',
  'delete:principals',
  'read:policies',
  'write:policies',
  'delete:policies',
  'evaluate:decisions',
  'read:audit',
  'admin:all',
];

export async function up(knex: Knex): Promise<void> {
  await knex('oauth_clients')
    .insert({
      client_id: 'acctl-cli',
      name: 'acctl CLI',
      client_type: 'public',
      secret_hash: null,
      grant_types: ['authorization_code', 'refresh_token'],
      redirect_uris: ['http://127.0.0.1/callback', 'http://[::1]/callback'],
      allowed_scopes: everyScope,
      created_by: 'system:migration',
    })
    .onConflict('client_id')
    .ignore();
}

export async function down(knex: Knex): Promise<void> {
  await knex('oauth_clients').where({ client_id: 'acctl-cli', created_by: 'system:migration' }).delete();
}
