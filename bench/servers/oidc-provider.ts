/**
 * The token endpoint's peer: panva's oidc-provider (v9, a certified OpenID provider; devDependency)
 * issuing client_credentials access tokens as RS256 JWTs for one resource server, the way its docs
 * set that up: features.clientCredentials, and features.resourceIndicators with
 * accessTokenFormat 'jwt'. One RSA 2048 signing key, as acctl's. Its in-memory adapter stores
 * nothing for JWT access tokens, and nothing is audited: acctl records an auth.token_issued event
 * per token.
 *
 *   node --import tsx bench/servers/oidc-provider.ts
 *
 * Prints {"ready":true,"port":...,"version":"...","client_id":"...","client_secret":"...","resource":"...","scope":"..."} when listening.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import Provider from 'oidc-provider';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { repoRoot } from '../lib/paths.js';
import { announceReady, stopOnRequest } from './child-protocol.js';

const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', 'oidc-provider', 'package.json'), 'utf8')) as { version: string };
const resource = 'https://api.acctl.bench';
const scope = 'evaluate:decisions';
const clientId = 'bench-client';
const clientSecret = randomBytes(32).toString('base64url');
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

const port = await findFreePort();
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_post',
      scope,
    },
  ],
  jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'bench-rs256', alg: 'RS256', use: 'sig' }] },
  scopes: [scope],
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, indicator) => {
        if (indicator !== resource) throw new Provider.errors.InvalidTarget();
        return { scope, audience: resource, accessTokenTTL: 15 * 60, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
      },
    },
  },
});

const server = createServer(provider.callback());
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
stopOnRequest(() => new Promise((resolve) => server.close(resolve)));
announceReady({ port, version, client_id: clientId, client_secret: clientSecret, resource, scope });
