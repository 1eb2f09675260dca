import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { basicAuthorization, bearer, createApiToken } from '../helpers/credentials.js';
import { expectOAuthError } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';
import { clientFields, registerCodeClient, type CodeClient } from './support/clients.js';
import { apiStatus, expectTokens, postToken, type TokenPair } from './support/tokens.js';
import { authorizationCode, createTestUser, PageAgent, pkcePair, signIn, type TestUser } from './support/user-agent.js';

describe('token revocation (RFC 7009) and introspection (RFC 7662)', () => {
  let t: TestApp;
  let client: CodeClient;
  let resourceServer: TestClient;
  let user: TestUser;
  let agent: PageAgent;
  before(async () => {
    t = await startTestApp();
    client = await registerCodeClient(t.app);
    resourceServer = await registerClient(t.app, ['read:policies']);
    user = await createTestUser(t.app);
    agent = new PageAgent(t.app);
    await signIn(agent, user);
  });
  after(async () => t.close());

  async function tokens(c: CodeClient = client, extra: Record<string, string> = {}): Promise<TokenPair> {
    const code = await authorizationCode(agent, {
      response_type: 'code',
      client_id: c.clientId,
      redirect_uri: c.redirectUri,
      scope: 'read:policies',
      ...extra,
    });
    return expectTokens(
      await postToken(t.app, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: c.redirectUri,
        ...clientFields(c),
        ...(extra.code_verifier ? { code_verifier: extra.code_verifier } : {}),
      }),
    );
  }

  const revoke = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/oauth/revoke', headers, payload });
  const introspect = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/oauth/introspect', headers, payload });
  const resourceServerFields = (): Record<string, string> => ({ client_id: resourceServer.clientId, client_secret: resourceServer.clientSecret });

  describe('POST /v1/oauth/revoke', () => {
    it('revokes a refresh token and with it every access token of its family', async () => {
      const pair = await tokens();
      const response = await revoke({ token: pair.refresh_token, token_type_hint: 'refresh_token', ...clientFields(client) });
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.body).to.equal('');
      expectOAuthError(
        await postToken(t.app, { grant_type: 'refresh_token', refresh_token: pair.refresh_token, ...clientFields(client) }),
        400,
        'invalid_grant',
      );
      expect(await apiStatus(t.app, pair.access_token)).to.equal(401);
    });

    it('revokes an access token alone; its refresh token keeps working', async () => {
      const pair = await tokens();
      expect((await revoke({ token: pair.access_token, ...clientFields(client) })).statusCode).to.equal(200);
      expect(await apiStatus(t.app, pair.access_token)).to.equal(401);
      expectTokens(await postToken(t.app, { grant_type: 'refresh_token', refresh_token: pair.refresh_token, ...clientFields(client) }));
    });

    it('accepts client authentication by HTTP Basic', async () => {
      const pair = await tokens();
      const response = await revoke({ token: pair.access_token }, basicAuthorization(client.clientId, client.clientSecret!));
      expect(response.statusCode).to.equal(200);
      expect(await apiStatus(t.app, pair.access_token)).to.equal(401);
    });

    it('lets the public CLI client revoke its own refresh token with client_id only', async () => {
      const { verifier, challenge } = pkcePair();
      const cli: CodeClient = { clientId: 'acctl-cli', clientSecret: undefined, redirectUri: 'http://127.0.0.1:9999/callback' };
      const pair = await tokens(cli, { code_challenge: challenge, code_challenge_method: 'S256', code_verifier: verifier });
      expect((await revoke({ token: pair.refresh_token, client_id: 'acctl-cli' })).statusCode).to.equal(200);
      expect(await apiStatus(t.app, pair.access_token)).to.equal(401);
    });

    it('answers 200 for an unknown or malformed token (RFC 7009 section 2.2)', async () => {
      for (const token of ['not-a-token', 'a.b.c', 'acctl_nonsense'])
        expect((await revoke({ token, ...clientFields(client) })).statusCode, token).to.equal(200);
    });

    it('answers 200 for a token revoked already', async () => {
      const pair = await tokens();
      await revoke({ token: pair.refresh_token, ...clientFields(client) });
      expect((await revoke({ token: pair.refresh_token, ...clientFields(client) })).statusCode).to.equal(200);
    });

    it("refuses to revoke another client's token with invalid_request, and leaves it working", async () => {
      const pair = await tokens();
      expectOAuthError(await revoke({ token: pair.refresh_token, ...resourceServerFields() }), 400, 'invalid_request');
      expectOAuthError(await revoke({ token: pair.access_token, ...resourceServerFields() }), 400, 'invalid_request');
      expect(await apiStatus(t.app, pair.access_token)).to.equal(200);
    });

    it('answers unsupported_token_type for an API token', async () => {
      const admin = await registerClient(t.app, ['admin:all']);
      const apiToken = await createApiToken(t.app, await accessToken(t.app, admin), { name: 'x', scopes: ['read:policies'] });
      expectOAuthError(await revoke({ token: apiToken.token, ...resourceServerFields() }), 400, 'unsupported_token_type');
    });

    it('requires client authentication', async () => {
      const pair = await tokens();
      expectOAuthError(await revoke({ token: pair.access_token }), 401, 'invalid_client');
      expectOAuthError(await revoke({ token: pair.access_token, client_id: client.clientId, client_secret: 'wrong' }), 401, 'invalid_client');
    });

    it('requires token with invalid_request', async () => {
      expectOAuthError(await revoke({ ...clientFields(client) }), 400, 'invalid_request');
    });
  });

  describe('POST /v1/oauth/introspect', () => {
    it('describes an active access token to a confidential client', async () => {
      const pair = await tokens();
      const response = await introspect({ token: pair.access_token, ...resourceServerFields() });
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.headers['cache-control']).to.equal('no-store');
      const body = response.json() as Record<string, unknown>;
      expectSchema('oauth-introspection-response', body);
      expect(body).to.include({
        active: true,
        scope: 'read:policies',
        client_id: client.clientId,
        sub: user.id,
        token_type: 'Bearer',
        iss: t.config.publicUrl,
        aud: t.config.publicUrl,
      });
      expect(body.exp).to.be.a('number');
      expect(body.iat).to.be.a('number');
    });

    it('describes a client_credentials token and an API token', async () => {
      const cc = await accessToken(t.app, resourceServer);
      expect((await introspect({ token: cc, ...resourceServerFields() })).json()).to.include({
        active: true,
        sub: resourceServer.clientId,
        client_id: resourceServer.clientId,
      });
      const admin = await registerClient(t.app, ['admin:all']);
      const apiToken = await createApiToken(t.app, await accessToken(t.app, admin), { name: 'svc', scopes: ['read:policies'] });
      const body = (await introspect({ token: apiToken.token, ...resourceServerFields() })).json() as Record<string, unknown>;
      expectSchema('oauth-introspection-response', body);
      expect(body).to.include({ active: true, scope: 'read:policies', token_type: 'Bearer', jti: apiToken.id });
    });

    it('answers active: false, and nothing else, for a revoked access token', async () => {
      const pair = await tokens();
      await revoke({ token: pair.access_token, ...clientFields(client) });
      expect((await introspect({ token: pair.access_token, ...resourceServerFields() })).json()).to.deep.equal({ active: false });
    });

    it('answers active: false for unknown tokens and forged JWTs', async () => {
      for (const token of ['nope', 'a.b.c', 'acctl_x'])
        expect((await introspect({ token, ...resourceServerFields() })).json(), token).to.deep.equal({ active: false });
    });

    it('describes a refresh token to its own client only', async () => {
      const pair = await tokens();
      const own = (await introspect({ token: pair.refresh_token, ...clientFields(client) })).json() as Record<string, unknown>;
      expectSchema('oauth-introspection-response', own);
      expect(own).to.include({ active: true, token_type: 'refresh_token', client_id: client.clientId, sub: user.id, scope: 'read:policies' });
      expect((await introspect({ token: pair.refresh_token, ...resourceServerFields() })).json()).to.deep.equal({ active: false });
    });

    it('answers active: false for a rotated refresh token', async () => {
      const pair = await tokens();
      expectTokens(await postToken(t.app, { grant_type: 'refresh_token', refresh_token: pair.refresh_token, ...clientFields(client) }));
      expect((await introspect({ token: pair.refresh_token, ...clientFields(client) })).json()).to.deep.equal({ active: false });
    });

    it('refuses public clients and unauthenticated callers with invalid_client', async () => {
      const pair = await tokens();
      expectOAuthError(await introspect({ token: pair.access_token, client_id: 'acctl-cli' }), 401, 'invalid_client');
      expectOAuthError(await introspect({ token: pair.access_token }), 401, 'invalid_client');
      expectOAuthError(await introspect({ token: pair.access_token }, bearer(pair.access_token)), 400, 'invalid_request');
    });
  });
});
