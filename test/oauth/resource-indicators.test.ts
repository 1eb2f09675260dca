import { expect } from 'chai';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { basicAuthorization, bearer } from '../helpers/credentials.js';
import { expectOAuthError, expectProblem, wwwAuthenticate } from '../helpers/responses.js';
import { clientFields, registerCodeClient, type CodeClient } from './support/clients.js';
import { expectTokens, postToken } from './support/tokens.js';
import { authorizationCode, authorizePath, createTestUser, decide, elementText, PageAgent, pkcePair, redirectParams, signIn } from './support/user-agent.js';

/** Another API this server issues tokens for (config `resources`), and one it does not know. */
const apiB = 'https://api-b.example/rpc';
const unknownApi = 'https://api-c.example/';

/**
 * RFC 8707 resource indicators: a token asked for another API carries that API as its `aud`, and
 * this server's own API refuses it; what a relying party sees through openid-client and jose.
 */
describe('RFC 8707 resource indicators', () => {
  let t: TestApp;
  let machine: TestClient;
  let codeClient: CodeClient;
  let agent: PageAgent;
  let jwks: ReturnType<typeof createRemoteJWKSet>;
  before(async () => {
    t = await startTestApp({ listen: true, config: { resources: [apiB] } });
    machine = await registerClient(t.app, ['read:policies', 'read:principals', 'read:audit', 'evaluate:decisions']);
    codeClient = await registerCodeClient(t.app);
    const user = await createTestUser(t.app);
    agent = new PageAgent(t.app);
    await signIn(agent, user);
    jwks = createRemoteJWKSet(new URL(`${t.baseUrl}/oauth/.well-known/jwks.json`));
  });
  after(async () => t.close());

  /** openid-client configured from the RFC 8414 metadata, over real HTTP on loopback. */
  function discover(clientId: string, secret: string): Promise<client.Configuration> {
    return client.discovery(new URL(t.config.publicUrl), clientId, secret, client.ClientSecretPost(secret), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
  }

  const clientCredentials = (extra: Record<string, string | string[]>) => {
    const body = new URLSearchParams({ grant_type: 'client_credentials' });
    for (const [name, value] of Object.entries(extra)) for (const item of [value].flat()) body.append(name, item);
    return t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { ...basicAuthorization(machine.clientId, machine.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
  };

  describe('client_credentials', () => {
    it("issues a token whose aud is the resource asked for, which jose verifies against that API's audience only", async () => {
      const config = await discover(machine.clientId, machine.clientSecret);
      const tokens = await client.clientCredentialsGrant(config, { resource: apiB, scope: 'read:policies' });
      const { payload } = await jwtVerify(tokens.access_token, jwks, { issuer: t.config.publicUrl, audience: apiB });
      expect(payload.aud).to.equal(apiB);
      let refused: unknown;
      await jwtVerify(tokens.access_token, jwks, { audience: t.config.publicUrl }).catch((error: unknown) => (refused = error));
      expect(refused).to.have.property('code', 'ERR_JWT_CLAIM_VALIDATION_FAILED');
    });

    it('keeps the issuer as the audience without resource, so existing clients keep working', async () => {
      const config = await discover(machine.clientId, machine.clientSecret);
      const tokens = await client.clientCredentialsGrant(config, { scope: 'read:policies' });
      const { payload } = await jwtVerify(tokens.access_token, jwks, { audience: t.config.publicUrl });
      expect(payload.aud).to.equal(t.config.publicUrl);
      const response = await fetch(`${t.baseUrl}/policies`, { headers: bearer(tokens.access_token) });
      expect(response.status).to.equal(200);
    });

    it("names this server's own API by its public URL, with or without the trailing slash, and the token works here", async () => {
      const [bare, slashed] = await Promise.all([
        clientCredentials({ resource: t.config.publicUrl }),
        clientCredentials({ resource: `${t.config.publicUrl}/` }),
      ]);
      for (const response of [bare, slashed]) {
        const token = (response.json() as { access_token: string }).access_token;
        expect(decodeJwt(token).aud).to.equal(t.config.publicUrl);
        expect((await t.app.inject({ method: 'GET', url: '/v1/policies', headers: bearer(token) })).statusCode).to.equal(200);
      }
    });

    it('refuses a repeated, relative, fragment-bearing, unknown or empty resource with invalid_target (RFC 8707 section 2)', async () => {
      const hostile = [
        { resource: [apiB, t.config.publicUrl] },
        { resource: [apiB, apiB] },
        { resource: '/v1' },
        { resource: 'api-b.example/rpc' },
        { resource: `${apiB}#part` },
        { resource: unknownApi },
        { resource: '' },
        { resource: 'https://api-b.example/rpc/../rpc2' },
      ];
      const responses = await Promise.all(hostile.map((extra) => clientCredentials(extra)));
      for (const [index, response] of responses.entries()) {
        const body = expectOAuthError(response, 400, 'invalid_target');
        expect(body.error_description, JSON.stringify(hostile[index]))
          .to.be.a('string')
          .and.not.match(/at |SELECT|stack/);
      }
    });

    it('refuses a resource too long to be one with invalid_request, and never a 500', async () => {
      const response = await clientCredentials({ resource: `https://api-b.example/${'a'.repeat(3000)}` });
      expectOAuthError(response, 400, 'invalid_request');
    });
  });

  describe("this server's API refuses tokens for another audience", () => {
    it('answers 401 invalid_token, with the resource metadata challenge, on every route it is tried on at once', async () => {
      const config = await discover(machine.clientId, machine.clientSecret);
      const { access_token: forB } = await client.clientCredentialsGrant(config, { resource: apiB });
      const attempts = [
        { method: 'GET', url: '/v1/policies' },
        { method: 'GET', url: '/v1/principals' },
        { method: 'GET', url: '/v1/audit/events' },
        { method: 'GET', url: '/v1/auth/tokens' },
        {
          method: 'POST',
          url: '/access/v1/evaluation',
          payload: { subject: { type: 'user', id: 'u1' }, action: { name: 'read' }, resource: { type: 'doc', id: 'd1' } },
        },
      ] as const;
      const responses = await Promise.all(attempts.map((attempt) => t.app.inject({ ...attempt, headers: bearer(forB) })));
      for (const response of responses) {
        const problem = expectProblem(response, 401, 'invalid_token');
        expect(String(problem.detail)).to.include('aud');
        expect(wwwAuthenticate(response))
          .to.include('error="invalid_token"')
          .and.include(`resource_metadata="${t.config.publicUrl}/.well-known/oauth-protected-resource"`);
      }
    });

    it('introspects a token for another API as active with its aud (the other API asks here), and revokes it', async () => {
      const introspector = await registerClient(t.app, []);
      const config = await discover(machine.clientId, machine.clientSecret);
      const { access_token: forB } = await client.clientCredentialsGrant(config, { resource: apiB });
      const introspect = () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/oauth/introspect',
          headers: basicAuthorization(introspector.clientId, introspector.clientSecret),
          payload: { token: forB },
        });
      expect((await introspect()).json()).to.include({ active: true, aud: apiB });
      const revoked = await t.app.inject({
        method: 'POST',
        url: '/v1/oauth/revoke',
        headers: basicAuthorization(machine.clientId, machine.clientSecret),
        payload: { token: forB },
      });
      expect(revoked.statusCode).to.equal(200);
      expect((await introspect()).json()).to.deep.equal({ active: false });
    });
  });

  describe('authorization_code and refresh_token', () => {
    const authorizeParams = (extra: Record<string, string> = {}) => {
      const pkce = pkcePair();
      return {
        pkce,
        params: {
          response_type: 'code',
          client_id: codeClient.clientId,
          redirect_uri: codeClient.redirectUri,
          scope: 'read:policies',
          state: 'st-1',
          code_challenge: pkce.challenge,
          code_challenge_method: 'S256',
          ...extra,
        },
      };
    };

    async function grantFor(resource: string | undefined) {
      const { pkce, params } = authorizeParams(resource === undefined ? {} : { resource });
      const code = await authorizationCode(agent, params);
      return { code, verifier: pkce.verifier };
    }

    it('remembers the authorization request’s resource with the code: openid-client gets a token for that API', async () => {
      const { pkce, params } = authorizeParams({ resource: apiB });
      const approved = await decide(agent, params, 'approve');
      const config = await discover(codeClient.clientId, codeClient.clientSecret!);
      const tokens = await client.authorizationCodeGrant(
        config,
        new URL(String(approved.headers.location)),
        { pkceCodeVerifier: pkce.verifier, expectedState: 'st-1' },
        { resource: apiB },
      );
      await jwtVerify(tokens.access_token, jwks, { audience: apiB });
      // And without naming it again at the token endpoint, the refresh keeps the grant's audience.
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      await jwtVerify(refreshed.access_token, jwks, { audience: apiB });
      expect((await t.app.inject({ method: 'GET', url: '/v1/policies', headers: bearer(refreshed.access_token) })).statusCode).to.equal(401);
    });

    it('shows the user the API the tokens will be for on the consent page', async () => {
      const { params } = authorizeParams({ resource: apiB });
      const page = await agent.get(authorizePath(params));
      expect(elementText(page.body, 'resource')).to.equal(apiB);
    });

    it('answers invalid_target in the redirect for an unknown, relative or repeated resource at the authorization endpoint', async () => {
      const unknown = await agent.get(authorizePath(authorizeParams({ resource: unknownApi }).params));
      const relative = await agent.get(authorizePath(authorizeParams({ resource: '/v1' }).params));
      const repeated = await agent.get(`${authorizePath(authorizeParams({ resource: apiB }).params)}&resource=${encodeURIComponent(t.config.publicUrl)}`);
      for (const response of [unknown, relative, repeated]) {
        expect(response.statusCode).to.equal(303);
        expect(redirectParams(response).get('error')).to.equal('invalid_target');
        expect(redirectParams(response).get('state')).to.equal('st-1');
      }
    });

    it('refuses a token request naming another resource than the authorization request’s, and keeps the code unredeemed', async () => {
      const { code, verifier } = await grantFor(apiB);
      const redeem = (resource: string | undefined) =>
        postToken(t.app, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: codeClient.redirectUri,
          code_verifier: verifier,
          resource,
          ...clientFields(codeClient),
        });
      expectOAuthError(await redeem(t.config.publicUrl), 400, 'invalid_target');
      const tokens = expectTokens(await redeem(apiB));
      expect(decodeJwt(tokens.access_token).aud).to.equal(apiB);
    });

    it('refuses a refresh that widens the audience, from either side, with invalid_target, whichever of several is tried at once', async () => {
      const forB = await grantFor(apiB);
      const forUs = await grantFor(undefined);
      const redeem = (grant: { code: string; verifier: string }) =>
        postToken(t.app, {
          grant_type: 'authorization_code',
          code: grant.code,
          redirect_uri: codeClient.redirectUri,
          code_verifier: grant.verifier,
          ...clientFields(codeClient),
        }).then(expectTokens);
      const [tokensB, tokensUs] = await Promise.all([redeem(forB), redeem(forUs)]);
      expect(decodeJwt(tokensUs.access_token).aud).to.equal(t.config.publicUrl);
      const refresh = (refreshToken: string, resource: string) =>
        postToken(t.app, { grant_type: 'refresh_token', refresh_token: refreshToken, resource, ...clientFields(codeClient) });
      const widened = await Promise.all([
        refresh(tokensB.refresh_token, t.config.publicUrl),
        refresh(tokensUs.refresh_token, apiB),
        refresh(tokensB.refresh_token, unknownApi),
      ]);
      for (const response of widened) expectOAuthError(response, 400, 'invalid_target');
      // A refused refresh does not use the refresh token up: the grant's own resource still refreshes.
      const [againB, againUs] = await Promise.all([refresh(tokensB.refresh_token, apiB), refresh(tokensUs.refresh_token, t.config.publicUrl)]);
      expect(decodeJwt(expectTokens(againB).access_token).aud).to.equal(apiB);
      expect(decodeJwt(expectTokens(againUs).access_token).aud).to.equal(t.config.publicUrl);
    });
  });
});
