import type { Knex } from 'knex';
import * as createOauthClients from './20261121_01_create_oauth_clients.js';
import * as createPrincipals from './20261121_02_create_principals.js';
import * as createSigningKeys from './20261121_03_create_signing_keys.js';
import * as createApiTokens from './20261121_04_create_api_tokens.js';
import * as createRevokedAccessTokens from './20261121_05_create_revoked_access_tokens.js';
import * as createPolicies from './20261121_06_create_policies.js';
import * as createChangeGenerations from './20261121_07_create_change_generations.js';
import * as createDecisions from './20261121_08_create_decisions.js';

/**
 * Every migration, oldest first: one change per file, named by date and by what it changes
 * (Ghost's habit). Listed explicitly so the same list runs from TypeScript (tests) and from dist/.
 * Add a new file at the end; never edit or reorder one that has shipped.
 */
export const migrations: Record<string, Knex.Migration> = {
  '20261121_01_create_oauth_clients': createOauthClients,
  '20261121_02_create_principals': createPrincipals,
  '20261121_03_create_signing_keys': createSigningKeys,
  '20261121_04_create_api_tokens': createApiTokens,
  '20261121_05_create_revoked_access_tokens': createRevokedAccessTokens,
  '20261121_06_create_policies': createPolicies,
  '20261121_07_create_change_generations': createChangeGenerations,
  '20261121_08_create_decisions': createDecisions,
};
