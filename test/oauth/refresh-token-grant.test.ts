import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { hashSecret } from '../../server/src/security/secrets.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { expectOAuthError } from '../helpers/responses.js';
import { clientFields, registerCodeClient, type CodeClient } from './support/clients.js';
import { apiStatus, expectTokens, postToken, type TokenPair } from './support/tokens.js';
import { authorizationCode, createTestUser, PageAgent, signIn, type TestUser } from './support/user-agent.js';

describe('POST /v1/oauth/token with grant_type=refresh_token', () => {
  let t: TestApp;
  let client: CodeClient;
  let user: TestUser;
  let admin: TestUser;
  let agent: PageAgent;
  let adminAgent: PageAgent;
  before(async () => {
    t = await startTestApp();
    client = await registerCodeClient(t.app);
    [user, admin] = await Promise.all([createTestUser(t.app), createTestUser(t.app, { admin: true })]);
    agent = new PageAgent(t.app);
    adminAgent = new PageAgent(t.app);
    await signIn(agent, user);
    await signIn(adminAgent, admin);
  });
  after(async () => t.close());

  async function tokens(scope = 'read:policies read:principals', as = agent): Promise<TokenPair> {
    const code = await authorizationCode(as, { response_type: 'code', client_id: client.clientId, redirect_uri: client.redirectUri, scope });
    return expectTokens(await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, ...clientFields(client) }));
  }

  const refresh = (refreshToken: string, extra: Record<string, string | undefined> = {}, c: CodeClient = client) =>
    postToken(t.app, { grant_type: 'refresh_token', refresh_token: refreshToken, ...clientFields(c), ...extra });

  it('answers a new access token and a new refresh token, and no created_at (spec, "Token response")', async () => {
    const first = await tokens();
    const response = await refresh(first.refresh_token);
    const body = expectTokens(response);
    expect(body).to.have.all.keys('access_token', 'token_type', 'expires_in', 'refresh_token', 'scope');
    expect(body).to.include({ token_type: 'Bearer', expires_in: 3600, scope: 'read:policies read:principals' });
    expect(body.refresh_token).to.not.equal(first.refresh_token);
    expect(body.access_token).to.not.equal(first.access_token);
    expect(decodeJwt(body.access_token)).to.include({ sub: user.id, client_id: client.clientId });
    expect(response.headers['cache-control']).to.equal('no-store');
  });

  it('rotates on every use: each new refresh token works once', async () => {
    let current = await tokens();
    for (let round = 0; round < 3; round += 1) current = expectTokens(await refresh(current.refresh_token));
    expect(await apiStatus(t.app, current.access_token)).to.equal(200);
  });

  describe('reuse of a rotated refresh token revokes the family (RFC 9700 section 4.14.2)', () => {
    it('refuses the reused token with invalid_grant', async () => {
      const first = await tokens();
      expectTokens(await refresh(first.refresh_token));
      expectOAuthError(await refresh(first.refresh_token), 400, 'invalid_grant');
    });

    it('stops the newest refresh token of the family too', async () => {
      const first = await tokens();
      const second = expectTokens(await refresh(first.refresh_token));
      await refresh(first.refresh_token);
      expectOAuthError(await refresh(second.refresh_token), 400, 'invalid_grant');
    });

    it('revokes every unexpired access token of the family', async () => {
      const first = await tokens();
      const second = expectTokens(await refresh(first.refresh_token));
      const third = expectTokens(await refresh(second.refresh_token));
      for (const token of [first, second, third]) expect(await apiStatus(t.app, token.access_token)).to.equal(200);
      await refresh(first.refresh_token);
      for (const token of [first, second, third]) expect(await apiStatus(t.app, token.access_token)).to.equal(401);
    });

    it('leaves other families of the same user and client alone', async () => {
      const mine = await tokens();
      const other = await tokens();
      expectTokens(await refresh(mine.refresh_token));
      await refresh(mine.refresh_token);
      expect(await apiStatus(t.app, other.access_token)).to.equal(200);
      expectTokens(await refresh(other.refresh_token));
    });

    it('lets exactly one of concurrent refreshes with the same token win, and treats the rest as reuse', async () => {
      const first = await tokens();
      const responses = await Promise.all(Array.from({ length: 5 }, () => refresh(first.refresh_token)));
      expect(responses.filter((response) => response.statusCode === 200)).to.have.length(1);
      const winner = responses.find((response) => response.statusCode === 200)!.json() as TokenPair;
      expectOAuthError(await refresh(winner.refresh_token), 400, 'invalid_grant');
    });
  });

  it("refuses another client's refresh token with invalid_grant", async () => {
    const other = await registerCodeClient(t.app);
    const first = await tokens();
    expectOAuthError(await refresh(first.refresh_token, {}, other), 400, 'invalid_grant');
    expectTokens(await refresh(first.refresh_token));
  });

  it('refuses an unknown refresh token with invalid_grant', async () => {
    expectOAuthError(await refresh('not-a-refresh-token'), 400, 'invalid_grant');
  });

  it('refuses a refresh token whose family is past its 30-day lifetime', async () => {
    const first = await tokens();
    const row = await t.app
      .db('oauth_refresh_tokens')
      .where({ token_hash: hashSecret(first.refresh_token) })
      .first();
    const grant = await t.app.db('oauth_grants').where({ id: row.grant_id }).first();
    expect(grant.expires_at.getTime() - grant.created_at.getTime()).to.equal(30 * 24 * 3600 * 1000);
    await t.app
      .db('oauth_grants')
      .where({ id: row.grant_id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expectOAuthError(await refresh(first.refresh_token), 400, 'invalid_grant');
  });

  it('keeps the absolute lifetime across rotations', async () => {
    const first = await tokens();
    const second = expectTokens(await refresh(first.refresh_token));
    const grantOf = async (token: string) =>
      t.app
        .db('oauth_refresh_tokens')
        .where({ token_hash: hashSecret(token) })
        .first('grant_id');
    expect(await grantOf(second.refresh_token)).to.deep.equal(await grantOf(first.refresh_token));
  });

  describe('scope (RFC 6749 section 6)', () => {
    it('narrows the access token to a requested subset, and the next refresh still has the whole grant', async () => {
      const first = await tokens();
      const narrow = expectTokens(await refresh(first.refresh_token, { scope: 'read:policies' }));
      expect(narrow.scope).to.equal('read:policies');
      const again = expectTokens(await refresh(narrow.refresh_token));
      expect(again.scope).to.equal('read:policies read:principals');
    });

    it('refuses a scope the grant does not cover with invalid_scope', async () => {
      const first = await tokens('read:policies');
      expectOAuthError(await refresh(first.refresh_token, { scope: 'read:policies read:principals' }), 400, 'invalid_scope');
    });

    it('drops admin scopes at the next refresh once the user loses is_admin', async () => {
      const first = await tokens('read:policies write:policies', adminAgent);
      expect(first.scope).to.equal('read:policies write:policies');
      await t.app
        .db('principals')
        .where({ id: admin.id })
        .update({ attributes: JSON.stringify({ is_admin: false }) });
      try {
        expect(expectTokens(await refresh(first.refresh_token)).scope).to.equal('read:policies');
      } finally {
        await t.app
          .db('principals')
          .where({ id: admin.id })
          .update({ attributes: JSON.stringify({ is_admin: true }) });
      }
    });
  });

  it('refuses, and ends the family, when the user has been disabled', async () => {
    const disabled = await createTestUser(t.app);
    const disabledAgent = new PageAgent(t.app);
    await signIn(disabledAgent, disabled);
    const first = await tokens('read:policies', disabledAgent);
    await t.app.db('principals').where({ id: disabled.id }).update({ status: 'disabled' });
    expectOAuthError(await refresh(first.refresh_token), 400, 'invalid_grant');
    expect(await apiStatus(t.app, first.access_token)).to.equal(401);
  });

  it('works for the public CLI client without a secret', async () => {
    const { pkcePair } = await import('./support/user-agent.js');
    const { verifier, challenge } = pkcePair();
    const cli: CodeClient = { clientId: 'acctl-cli', clientSecret: undefined, redirectUri: 'http://[::1]:6000/callback' };
    const code = await authorizationCode(agent, {
      response_type: 'code',
      client_id: 'acctl-cli',
      redirect_uri: cli.redirectUri,
      scope: 'read:policies',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const first = expectTokens(
      await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: cli.redirectUri, client_id: 'acctl-cli', code_verifier: verifier }),
    );
    expectTokens(await refresh(first.refresh_token, {}, cli));
  });
});
