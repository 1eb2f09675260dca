import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { expectOAuthError } from '../helpers/responses.js';
import { hashSecret } from '../../server/src/security/secrets.js';
import { registerCodeClient, clientFields, type CodeClient } from './support/clients.js';
import { apiStatus, expectTokens, postToken } from './support/tokens.js';
import { authorizationCode, createTestUser, PageAgent, pkcePair, signIn, type TestUser } from './support/user-agent.js';

describe('POST /v1/oauth/token with grant_type=authorization_code', () => {
  let t: TestApp;
  let client: CodeClient;
  let publicClient: CodeClient;
  let user: TestUser;
  let agent: PageAgent;
  before(async () => {
    t = await startTestApp();
    client = await registerCodeClient(t.app);
    publicClient = await registerCodeClient(t.app, { public: true, redirectUris: ['http://127.0.0.1/callback'] });
    user = await createTestUser(t.app);
    agent = new PageAgent(t.app);
    await signIn(agent, user);
  });
  after(async () => t.close());

  const authorize = (c: CodeClient, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> => ({
    response_type: 'code',
    client_id: c.clientId,
    redirect_uri: c.redirectUri,
    scope: 'read:policies',
    state: 'st',
    ...extra,
  });

  /** A code for the public client, on the loopback port 5555, with PKCE. */
  async function publicCode(): Promise<{ code: string; verifier: string; redirectUri: string }> {
    const { verifier, challenge } = pkcePair();
    const redirectUri = 'http://127.0.0.1:5555/callback';
    const code = await authorizationCode(
      agent,
      authorize(publicClient, { redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    return { code, verifier, redirectUri };
  }

  const redeem = (c: CodeClient, code: string, extra: Record<string, string | undefined> = {}) =>
    postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: c.redirectUri, ...clientFields(c), ...extra });

  it("answers the spec's token response: access_token, Bearer, 3600, refresh_token, scope, created_at", async () => {
    const code = await authorizationCode(agent, authorize(client));
    const response = await redeem(client, code);
    const body = expectTokens(response);
    expect(body).to.have.all.keys('access_token', 'token_type', 'expires_in', 'refresh_token', 'scope', 'created_at');
    expect(body).to.include({ token_type: 'Bearer', expires_in: 3600, scope: 'read:policies' });
    expect(body.created_at)
      .to.be.a('number')
      .within(Math.floor(Date.now() / 1000) - 5, Math.floor(Date.now() / 1000) + 1);
    expect(response.headers['cache-control']).to.equal('no-store');
  });

  it("issues an access token whose sub is the user's principal id and client_id the client", async () => {
    const body = expectTokens(await redeem(client, await authorizationCode(agent, authorize(client))));
    expect(decodeJwt(body.access_token)).to.include({
      sub: user.id,
      client_id: client.clientId,
      scope: 'read:policies',
      iss: t.config.publicUrl,
      aud: t.config.publicUrl,
    });
    expect(await apiStatus(t.app, body.access_token)).to.equal(200);
  });

  it('stores the code and the refresh token as SHA-256 only', async () => {
    const code = await authorizationCode(agent, authorize(client));
    const body = expectTokens(await redeem(client, code));
    expect(
      await t.app
        .db('oauth_authorization_codes')
        .where({ code_hash: hashSecret(code) })
        .first(),
    ).to.not.equal(undefined);
    expect(
      await t.app
        .db('oauth_refresh_tokens')
        .where({ token_hash: hashSecret(body.refresh_token) })
        .first(),
    ).to.not.equal(undefined);
    const dump = JSON.stringify([await t.app.db('oauth_authorization_codes').select('*'), await t.app.db('oauth_refresh_tokens').select('*')]);
    expect(dump).to.not.include(code);
    expect(dump).to.not.include(body.refresh_token);
  });

  it("redeems a public client's code with the PKCE verifier and no secret", async () => {
    const { code, verifier, redirectUri } = await publicCode();
    expectTokens(await redeem(publicClient, code, { redirect_uri: redirectUri, code_verifier: verifier }));
  });

  it("refuses a redirect_uri other than the authorize request's with invalid_grant", async () => {
    const code = await authorizationCode(agent, authorize(client));
    expectOAuthError(await redeem(client, code, { redirect_uri: 'https://app.example.com/other' }), 400, 'invalid_grant');
  });

  it("refuses a loopback redirect_uri on another port than the authorize request's", async () => {
    const { code, verifier } = await publicCode();
    expectOAuthError(await redeem(publicClient, code, { redirect_uri: 'http://127.0.0.1:5556/callback', code_verifier: verifier }), 400, 'invalid_grant');
  });

  it('requires redirect_uri with invalid_request', async () => {
    const code = await authorizationCode(agent, authorize(client));
    expectOAuthError(await redeem(client, code, { redirect_uri: undefined }), 400, 'invalid_request');
  });

  it('refuses a PKCE verifier that does not match the challenge with invalid_grant', async () => {
    const { code, redirectUri } = await publicCode();
    expectOAuthError(await redeem(publicClient, code, { redirect_uri: redirectUri, code_verifier: pkcePair().verifier }), 400, 'invalid_grant');
  });

  it('refuses a missing verifier when the request had a challenge with invalid_grant', async () => {
    const { code, redirectUri } = await publicCode();
    expectOAuthError(await redeem(publicClient, code, { redirect_uri: redirectUri }), 400, 'invalid_grant');
  });

  it('refuses a verifier when the authorize request had no challenge (PKCE downgrade) with invalid_grant', async () => {
    const code = await authorizationCode(agent, authorize(client));
    const response = await redeem(client, code, { code_verifier: pkcePair().verifier });
    expect(expectOAuthError(response, 400, 'invalid_grant').error_description).to.match(/no code_challenge/);
  });

  it("redeems a confidential client's code with PKCE when it sent a challenge", async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorizationCode(agent, authorize(client, { code_challenge: challenge, code_challenge_method: 'S256' }));
    expectTokens(await redeem(client, code, { code_verifier: verifier }));
  });

  it('refuses the code of another client with invalid_grant', async () => {
    const other = await registerCodeClient(t.app);
    const code = await authorizationCode(agent, authorize(client));
    expectOAuthError(await redeem(other, code, { redirect_uri: client.redirectUri }), 400, 'invalid_grant');
  });

  it('refuses a confidential client with a wrong secret with invalid_client', async () => {
    const code = await authorizationCode(agent, authorize(client));
    expectOAuthError(await redeem(client, code, { client_secret: 'wrong' }), 401, 'invalid_client');
  });

  it('refuses an unknown code with invalid_grant', async () => {
    expectOAuthError(await redeem(client, 'not-a-code'), 400, 'invalid_grant');
  });

  it('refuses an expired code with invalid_grant', async () => {
    const code = await authorizationCode(agent, authorize(client));
    await t.app
      .db('oauth_authorization_codes')
      .where({ code_hash: hashSecret(code) })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(expectOAuthError(await redeem(client, code), 400, 'invalid_grant').error_description).to.match(/expired/);
  });

  it('makes codes live 60 seconds', async () => {
    const code = await authorizationCode(agent, authorize(client));
    const row = await t.app
      .db('oauth_authorization_codes')
      .where({ code_hash: hashSecret(code) })
      .first();
    expect(row.expires_at.getTime() - row.created_at.getTime()).to.equal(60_000);
  });

  describe('a code is single-use (RFC 6749 section 4.1.2)', () => {
    it('refuses a second redemption with invalid_grant and revokes what the first one issued', async () => {
      const code = await authorizationCode(agent, authorize(client));
      const first = expectTokens(await redeem(client, code));
      expect(await apiStatus(t.app, first.access_token)).to.equal(200);

      expectOAuthError(await redeem(client, code), 400, 'invalid_grant');

      expect(await apiStatus(t.app, first.access_token)).to.equal(401);
      const refreshed = await postToken(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token, ...clientFields(client) });
      expectOAuthError(refreshed, 400, 'invalid_grant');
    });

    it('revokes on a replay even after the code has expired', async () => {
      const code = await authorizationCode(agent, authorize(client));
      const first = expectTokens(await redeem(client, code));
      await t.app
        .db('oauth_authorization_codes')
        .where({ code_hash: hashSecret(code) })
        .update({ expires_at: new Date(Date.now() - 1000) });
      expectOAuthError(await redeem(client, code), 400, 'invalid_grant');
      expect(await apiStatus(t.app, first.access_token)).to.equal(401);
    });

    it('lets exactly one of ten concurrent redemptions win; the others are replays', async () => {
      const racer = await registerCodeClient(t.app);
      const code = await authorizationCode(agent, authorize(racer));
      const responses = await Promise.all(Array.from({ length: 10 }, () => redeem(racer, code)));
      const won = responses.filter((response) => response.statusCode === 200);
      expect(won).to.have.length(1);
      for (const response of responses.filter((r) => r.statusCode !== 200)) expectOAuthError(response, 400, 'invalid_grant');
      expect(await t.app.db('oauth_grants').where({ client_id: racer.clientId }).select('id')).to.have.length(1);
      // A replay, even a simultaneous one, revokes what the code issued: someone else holds the code.
      expect(await apiStatus(t.app, (won[0]!.json() as { access_token: string }).access_token)).to.equal(401);
    });
  });

  describe('scopes', () => {
    it("grants the client's allowed scopes the user may grant when no scope is requested", async () => {
      const body = expectTokens(await redeem(client, await authorizationCode(agent, authorize(client, { scope: undefined }))));
      expect(body.scope.split(' ')).to.have.members(['read:policies', 'read:principals']);
    });

    it('grants an admin user the write scopes the client is allowed', async () => {
      const admin = new PageAgent(t.app);
      await signIn(admin, await createTestUser(t.app, { admin: true }));
      const body = expectTokens(await redeem(client, await authorizationCode(admin, authorize(client, { scope: 'read:policies write:policies' }))));
      expect(body.scope).to.equal('read:policies write:policies');
    });

    it('gives a non-admin user of acctl-cli the read scopes only', async () => {
      const { verifier, challenge } = pkcePair();
      const cli: CodeClient = { clientId: 'acctl-cli', clientSecret: undefined, redirectUri: 'http://127.0.0.1:7777/callback' };
      const code = await authorizationCode(agent, authorize(cli, { scope: undefined, code_challenge: challenge, code_challenge_method: 'S256' }));
      const body = expectTokens(await redeem(cli, code, { code_verifier: verifier }));
      expect(body.scope.split(' ')).to.have.members(['read:principals', 'read:policies', 'evaluate:decisions', 'read:audit']);
    });
  });
});
