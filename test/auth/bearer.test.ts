import { createHmac, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { decodeJwt, generateKeyPair } from 'jose';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, forgeAccessToken, unsecuredToken } from '../helpers/credentials.js';
import { expectProblem, wwwAuthenticate } from '../helpers/responses.js';

/**
 * RFC 6750 on the REST routes. POST /v1/auth/token needs admin:all; POST /v1/auth/refresh and
 * DELETE /v1/auth/revoke need any valid token. Refresh answers 400 wrong_token_kind to a valid
 * JWT, so "accepted" there means "got past authentication".
 */
describe('Bearer authentication on the REST API (RFC 6750)', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  const refreshWith = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'POST', url: `/v1/auth/refresh${query}`, headers });
  const createWith = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/token', headers, payload: { name: 'probe', scopes: ['read:audit'] } });

  function expectInvalidToken(response: Awaited<ReturnType<typeof refreshWith>>): void {
    expectProblem(response, 401, 'invalid_token');
    expect(wwwAuthenticate(response)).to.match(/^Bearer realm="acctl", error="invalid_token"/);
  }

  describe('without a token', () => {
    it('answers 401 with WWW-Authenticate: Bearer realm="acctl" and no error attribute (RFC 6750 section 3.1)', async () => {
      const response = await refreshWith({});
      expectProblem(response, 401, 'unauthorized');
      expect(wwwAuthenticate(response)).to.equal(`Bearer realm="acctl", resource_metadata="${t.config.publicUrl}/.well-known/oauth-protected-resource"`);
    });

    it('answers 401 on a route that needs a scope as well', async () => {
      const response = await createWith({});
      expectProblem(response, 401, 'unauthorized');
      expect(wwwAuthenticate(response)).to.equal(`Bearer realm="acctl", resource_metadata="${t.config.publicUrl}/.well-known/oauth-protected-resource"`);
    });
  });

  describe('tokens that must be refused', () => {
    it('accepts, as the control for the tests below, a token the test signs with the service key and valid claims', async () => {
      const response = await createWith(bearer(await forgeAccessToken(t.app)));
      expect(response.statusCode, response.body).to.equal(201);
    });

    it("refuses a token signed by another RSA key that claims the service key's kid", async () => {
      const { privateKey } = await generateKeyPair('RS256');
      expectInvalidToken(await createWith(bearer(await forgeAccessToken(t.app, { key: privateKey }))));
    });

    it('refuses a token signed by another RSA key with an unknown kid', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      expectInvalidToken(await createWith(bearer(await forgeAccessToken(t.app, { key: privateKey, header: { kid: 'attacker-key' } }))));
    });

    it("refuses an unsigned token (alg: none) carrying the service key's kid", async () => {
      const { kid } = t.app.signingKeys.signingKey();
      const now = Math.floor(Date.now() / 1000);
      const token = unsecuredToken(
        { typ: 'JWT', kid },
        { iss: t.config.publicUrl, aud: t.config.publicUrl, sub: 'x', client_id: 'x', scope: 'admin:all', iat: now, exp: now + 600, jti: 'none-1' },
      );
      expectInvalidToken(await createWith(bearer(token)));
    });

    it("refuses an HS256 token whose HMAC secret is the service's public key (algorithm confusion)", async () => {
      const { kid, privateKey } = t.app.signingKeys.signingKey();
      const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' });
      const jwk = t.app.signingKeys.jwks().keys.find((key) => key.kid === kid)!;
      // Both forms a confused verifier might use as the HMAC secret: the PEM text and the JWK JSON.
      for (const secret of [Buffer.from(publicPem), Buffer.from(JSON.stringify(jwk))]) {
        const token = await forgeAccessToken(t.app, { key: new Uint8Array(secret), header: { alg: 'HS256' } });
        expectInvalidToken(await createWith(bearer(token)));
      }
    });

    it('refuses an HS256 token even when it is hand-made with node:crypto', async () => {
      const { kid, privateKey } = t.app.signingKeys.signingKey();
      const secret = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
      const now = Math.floor(Date.now() / 1000);
      const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
      const input = `${part({ alg: 'HS256', typ: 'JWT', kid })}.${part({ iss: t.config.publicUrl, aud: t.config.publicUrl, sub: 'x', client_id: 'x', scope: 'admin:all', iat: now, exp: now + 600, jti: 'hs-1' })}`;
      const token = `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
      expectInvalidToken(await createWith(bearer(token)));
    });

    it('refuses a token signed with another algorithm of the same RSA key (PS256)', async () => {
      // The service key itself, but not the algorithm it publishes (RFC 8725 section 3.1).
      const { privateKey } = t.app.signingKeys.signingKey();
      expectInvalidToken(await createWith(bearer(await forgeAccessToken(t.app, { key: privateKey, header: { alg: 'PS256' } }))));
    });

    it('refuses a token for another audience', async () => {
      expectInvalidToken(await createWith(bearer(await forgeAccessToken(t.app, { claims: { aud: 'https://other.example' } }))));
    });

    it('refuses a token from another issuer', async () => {
      expectInvalidToken(await createWith(bearer(await forgeAccessToken(t.app, { claims: { iss: 'https://other.example' } }))));
    });

    it('refuses an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      expectInvalidToken(await createWith(bearer(await forgeAccessToken(t.app, { claims: { iat: now - 7200, exp: now - 3600 } }))));
    });

    it('refuses a real token whose payload was altered after signing', async () => {
      const client = await registerClient(t.app, ['read:audit']);
      const token = await accessToken(t.app, client);
      const [header, , signature] = token.split('.');
      const claims = { ...decodeJwt(token), scope: 'admin:all' };
      const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      expectInvalidToken(await createWith(bearer(tampered)));
    });

    it('refuses a token signed with an RSA key the test made with node:crypto under the service kid', async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      expectInvalidToken(await refreshWith(bearer(await forgeAccessToken(t.app, { key: privateKey }))));
    });

    it('refuses an Authorization header that is not "Bearer <token>"', async () => {
      expectInvalidToken(await refreshWith({ authorization: 'Token abc' }));
    });

    it('refuses an unknown API token', async () => {
      expectInvalidToken(await refreshWith(bearer(`acctl_${'A'.repeat(46)}`)));
    });
  });

  describe('tokens in the wrong place', () => {
    it('answers 400 token_in_query to a token in the access_token query parameter, even a valid one', async () => {
      const client = await registerClient(t.app, ['admin:all']);
      const token = await accessToken(t.app, client);
      expectProblem(await refreshWith({}, `?access_token=${token}`), 400, 'token_in_query');
    });

    it('answers 400 token_in_query even when a valid header is sent as well', async () => {
      const client = await registerClient(t.app, ['admin:all']);
      const token = await accessToken(t.app, client);
      expectProblem(await refreshWith(bearer(token), `?access_token=${token}`), 400, 'token_in_query');
    });
  });

  describe('scopes', () => {
    it('answers 403 insufficient_scope naming the scope in WWW-Authenticate (RFC 6750 section 3.1)', async () => {
      const client = await registerClient(t.app, ['read:policies', 'write:policies']);
      const response = await createWith(bearer(await accessToken(t.app, client)));
      expectProblem(response, 403, 'insufficient_scope');
      const challenge = wwwAuthenticate(response);
      expect(challenge).to.match(/^Bearer realm="acctl"/);
      expect(challenge).to.include('error="insufficient_scope"');
      expect(challenge).to.include('scope="admin:all"');
    });

    it('lets a token with admin:all through a route that requires admin:all', async () => {
      const client = await registerClient(t.app, ['admin:all']);
      const response = await createWith(bearer(await accessToken(t.app, client)));
      expect(response.statusCode, response.body).to.equal(201);
    });

    it('lets any valid token through a route that only needs authentication', async () => {
      const client = await registerClient(t.app, ['read:audit']);
      const response = await t.app.inject({ method: 'DELETE', url: '/v1/auth/revoke', headers: bearer(await accessToken(t.app, client)) });
      expect(response.statusCode, response.body).to.equal(200);
    });
  });
});
