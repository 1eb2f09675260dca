import { expect } from 'chai';
import { createLocalJWKSet, jwtVerify, decodeProtectedHeader } from 'jose';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';

describe('POST /v1/oauth/token with grant_type client_credentials', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  it('answers the spec token response, with no refresh_token and Cache-Control: no-store', async () => {
    const client = await registerClient(t.app, ['read:policies', 'write:policies']);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, scope: 'read:policies' },
    });
    expect(response.statusCode).to.equal(200);
    expect(response.headers['cache-control']).to.equal('no-store');
    const body = response.json();
    expectSchema('oauth-token-response', body);
    expect(body).to.include({ token_type: 'Bearer', expires_in: 3600, scope: 'read:policies' });
    expect(body).to.not.have.property('refresh_token');
    expect(body.created_at).to.be.closeTo(Math.floor(Date.now() / 1000), 5);
  });

  it('issues a JWT that verifies against the published JWKS with the spec claims', async () => {
    const client = await registerClient(t.app, ['read:audit']);
    const token = await accessToken(t.app, client);
    const jwks = (await t.app.inject({ method: 'GET', url: '/v1/oauth/.well-known/jwks.json' })).json();
    expectSchema('jwks', jwks);
    const header = decodeProtectedHeader(token);
    expect(header).to.include({ alg: 'RS256', typ: 'JWT' });
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).to.include(header.kid);
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { issuer: t.config.publicUrl, audience: t.config.publicUrl });
    expect(payload).to.include({ sub: client.clientId, client_id: client.clientId, scope: 'read:audit' });
    expect(payload.exp! - payload.iat!).to.equal(3600);
    expect(payload.jti).to.be.a('string');
  });
});
