import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insertClient } from '../../../server/src/domains/oauth/clients-repo.js';
import { generateSecret } from '../../../core/src/index.js';
import { hashSecret } from '../../../server/src/security/secrets.js';

export interface CodeClient {
  clientId: string;
  /** Undefined for a public client. */
  clientSecret: string | undefined;
  redirectUri: string;
}

/** Registers a client of the authorization-code flow (confidential by default). */
export async function registerCodeClient(
  app: FastifyInstance,
  options: { public?: boolean; redirectUris?: string[]; scopes?: string[]; grantTypes?: string[]; name?: string } = {},
): Promise<CodeClient> {
  const clientId = `code-client-${randomBytes(4).toString('hex')}`;
  const clientSecret = options.public ? undefined : generateSecret('client_secret');
  const redirectUris = options.redirectUris ?? ['https://app.example.com/callback'];
  await insertClient(app.db, {
    client_id: clientId,
    name: options.name ?? 'Example app',
    client_type: options.public ? 'public' : 'confidential',
    secret_hash: clientSecret === undefined ? null : hashSecret(clientSecret),
    grant_types: options.grantTypes ?? ['authorization_code', 'refresh_token'],
    redirect_uris: redirectUris,
    allowed_scopes: options.scopes ?? ['read:policies', 'write:policies', 'read:principals'],
    created_by: 'test',
  });
  return { clientId, clientSecret, redirectUri: redirectUris[0]! };
}

/** The client's credentials as token-endpoint body fields (client_secret_post, or client_id alone). */
export function clientFields(client: CodeClient): Record<string, string> {
  return client.clientSecret === undefined ? { client_id: client.clientId } : { client_id: client.clientId, client_secret: client.clientSecret };
}
