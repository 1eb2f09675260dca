import type { CliServerClient } from '../../../../core/src/index.js';
import type { OAuthClientRow } from './clients-repo.js';

/**
 * An OAuth client as the CLI and its events show it: never its secret, nor the secret's hash. Its
 * shape is the one `acctl server client … --json` publishes (schemas/cli/server-client-list.json).
 */
export type ClientSummary = CliServerClient;

export function summarizeClient(row: OAuthClientRow): ClientSummary {
  return {
    client_id: row.client_id,
    name: row.name,
    client_type: row.client_type,
    grant_types: row.grant_types,
    redirect_uris: row.redirect_uris,
    allowed_scopes: row.allowed_scopes,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    secret_rotated_at: row.secret_rotated_at ? row.secret_rotated_at.toISOString() : null,
    owners: row.owners ?? null,
    agent_principal_id: row.agent_principal_id ?? null,
  };
}
