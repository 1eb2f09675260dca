/**
 * The client a benchmark server's load presents: registered through the admin facade, as `acctl
 * server client create` registers one, and its token taken from the server's token endpoint.
 */
import { registerClient, systemContext, type AdminDatabase } from '../../server/src/admin/index.js';

export interface BenchClient {
  clientId: string;
  clientSecret: string;
}

/** A confidential client_credentials client allowed `scopes`. */
export async function registerBenchClient(database: Pick<AdminDatabase, 'db' | 'auditLog'>, scopes: string[]): Promise<BenchClient> {
  const { client, secret } = await registerClient(database, systemContext('bench'), {
    name: 'Benchmark client',
    clientType: 'confidential',
    grantTypes: ['client_credentials'],
    redirectUris: [],
    scopes,
    createdBy: 'bench',
  });
  if (secret === null) throw new Error('a confidential client was registered without a secret');
  return { clientId: client.client_id, clientSecret: secret };
}

/** An access token for every scope the client is allowed, from the token endpoint of `server` (its origin). */
export async function clientCredentialsToken(server: string, client: BenchClient): Promise<string> {
  // RFC 6749 section 4.4.2, the client authenticating in the body (section 2.3.1).
  const response = await fetch(`${server}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || body.access_token === undefined) throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}
