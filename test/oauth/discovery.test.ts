import { expect } from 'chai';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { basicAuthorization } from '../helpers/credentials.js';
import { expectSchema } from '../helpers/schemas.js';

/** What a relying party does over real HTTP: discover the server, get a token, verify it with the JWKS. */
describe('OAuth discovery and verification over HTTP', () => {
  let t: TestApp;
  let client: TestClient;
  before(async () => {
    t = await startTestApp({ listen: true });
    client = await registerClient(t.app, ['read:policies', 'evaluate:decisions']);
  });
  after(async () => t.close());

  async function tokenOverHttp(): Promise<string> {
    const response = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { ...basicAuthorization(client.clientId, client.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    return ((await response.json()) as { access_token: string }).access_token;
  }

  it('serves RFC 8414 metadata at /.well-known/oauth-authorization-server naming the issuer and endpoints', async () => {
    const response = await fetch(`${t.config.publicUrl}/.well-known/oauth-authorization-server`);
    expect(response.status).to.equal(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expectSchema('authorization-server-metadata', metadata);
    expect(metadata).to.include({
      issuer: t.config.publicUrl,
      token_endpoint: `${t.config.publicUrl}/v1/oauth/token`,
      jwks_uri: `${t.config.publicUrl}/v1/oauth/.well-known/jwks.json`,
    });
    expect(metadata.grant_types_supported).to.include('client_credentials');
    expect(metadata.token_endpoint_auth_methods_supported).to.include.members(['client_secret_basic', 'client_secret_post']);
  });

  it("names the authorization-code flow's endpoints and PKCE method in the metadata", async () => {
    const metadata = (await (await fetch(`${t.config.publicUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expectSchema('authorization-server-metadata', metadata);
    expect(metadata).to.include({
      authorization_endpoint: `${t.config.publicUrl}/v1/oauth/authorize`,
      revocation_endpoint: `${t.config.publicUrl}/v1/oauth/revoke`,
      introspection_endpoint: `${t.config.publicUrl}/v1/oauth/introspect`,
      authorization_response_iss_parameter_supported: true,
    });
    expect(metadata.grant_types_supported).to.have.members([
      'client_credentials',
      'authorization_code',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:token-exchange',
    ]);
    expect(metadata.code_challenge_methods_supported).to.deep.equal(['S256']);
    expect(metadata.response_types_supported).to.deep.equal(['code']);
    expect(metadata.token_endpoint_auth_methods_supported).to.include('none');
    expect(metadata.introspection_endpoint_auth_methods_supported).to.not.include('none');
  });

  it('issues tokens whose iss is the issuer of the metadata (RFC 8414 section 3.3)', async () => {
    const metadata = (await (await fetch(`${t.config.publicUrl}/.well-known/oauth-authorization-server`)).json()) as { issuer: string };
    const { payload } = await jwtVerify(await tokenOverHttp(), createRemoteJWKSet(new URL(`${t.baseUrl}/oauth/.well-known/jwks.json`)));
    expect(payload.iss).to.equal(metadata.issuer);
  });

  it('issues a client_credentials token that verifies with jose createRemoteJWKSet against the jwks_uri', async () => {
    const metadata = (await (await fetch(`${t.config.publicUrl}/.well-known/oauth-authorization-server`)).json()) as { jwks_uri: string; issuer: string };
    const token = await tokenOverHttp();
    const jwks = createRemoteJWKSet(new URL(metadata.jwks_uri));
    const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer: metadata.issuer, audience: metadata.issuer, algorithms: ['RS256'] });
    expect(protectedHeader).to.include({ alg: 'RS256', typ: 'JWT' });
    expect(payload).to.include({ sub: client.clientId, client_id: client.clientId, scope: 'read:policies evaluate:decisions' });
  });

  it("publishes the signing key in the spec's JWKS shape, with no private members", async () => {
    const response = await fetch(`${t.baseUrl}/oauth/.well-known/jwks.json`);
    expect(response.status).to.equal(200);
    const jwks = (await response.json()) as { keys: Array<Record<string, unknown>> };
    expectSchema('jwks', jwks);
    const { kid } = decodeProtectedHeader(await tokenOverHttp());
    const key = jwks.keys.find((candidate) => candidate.kid === kid);
    expect(key).to.include({ kty: 'RSA', use: 'sig', alg: 'RS256' });
    expect(key).to.have.all.keys('kty', 'kid', 'use', 'alg', 'n', 'e');
  });
});
