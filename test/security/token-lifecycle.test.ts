import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import { deleteClient } from '../../server/src/domains/oauth/clients-repo.js';
import { deleteClient as deleteClientRecorded } from '../../server/src/admin/index.js';
import { systemContext } from '../../server/src/events/context.js';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { basicAuthorization, bearer, createApiToken } from '../helpers/credentials.js';
import { expectOAuthError, expectProblem } from '../helpers/responses.js';
import { clientFields, registerCodeClient, type CodeClient } from '../oauth/support/clients.js';
import { expectTokens, postToken, type TokenPair } from '../oauth/support/tokens.js';
import { authorizationCode, createTestUser, PageAgent, signIn, type TestUser } from '../oauth/support/user-agent.js';

/**
 * Issue #19, finding 6: a client's access tokens kept working for up to an hour after the client
 * was deleted, and a user's after the user was disabled or deleted; introspection said active.
 * Now a deletion or disable on one replica ends the owner's tokens on every replica from the next
 * request (token_owner_cutoffs, under the credentials change counter), and introspection agrees.
 * Each test warms the OTHER replica's verified-token cache first, so a stale cache would show.
 */
describe('Security: tokens end with their owner, on every replica at once', function () {
  this.timeout(60_000);
  let first: TestApp;
  let second: TestApp;
  let adminToken: string;
  let principalsWriter: string;
  let resourceServer: TestClient;

  before(async () => {
    first = await startTestApp();
    second = await startTestApp({ databaseUrl: first.config.databaseUrl, config: { keyEncryptionKey: first.config.keyEncryptionKey } });
    adminToken = await accessToken(first.app, await registerClient(first.app, ['admin:all']));
    principalsWriter = await accessToken(first.app, await registerClient(first.app, ['read:principals', 'write:principals', 'delete:principals']));
    resourceServer = await registerClient(first.app, ['read:policies']);
  });
  after(async () => {
    await second?.close();
    await first?.close();
  });

  const use = (t: TestApp, token: string, url = '/v1/policies'): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const introspect = async (t: TestApp, token: string): Promise<Record<string, unknown>> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/introspect',
      headers: basicAuthorization(resourceServer.clientId, resourceServer.clientSecret),
      payload: { token },
    });
    expect(response.statusCode, response.body).to.equal(200);
    return response.json() as Record<string, unknown>;
  };
  const patchPrincipal = (id: string, body: Record<string, unknown>, token = principalsWriter) =>
    first.app.inject({
      method: 'PATCH',
      url: `/v1/principals/${id}`,
      headers: { ...bearer(token), 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify(body),
    });

  /** Warm: the token works on the second replica (and is now in its verified-token cache), and is active there. */
  async function expectLiveOnSecond(token: string, url?: string): Promise<void> {
    const response = await use(second, token, url);
    expect(response.statusCode, response.body).to.equal(200);
    expect(await introspect(second, token)).to.include({ active: true });
  }

  /** Many requests at once on the second replica, right after the change on the first: every one refused, and inactive at introspection. */
  async function expectEndedOnSecond(token: string, url?: string): Promise<void> {
    const answers = await Promise.all(Array.from({ length: 10 }, () => use(second, token, url)));
    for (const answer of answers) expectProblem(answer, 401, 'invalid_token');
    expect(await introspect(second, token)).to.deep.equal({ active: false });
  }

  describe('a deleted client', () => {
    it('its client_credentials token is refused on the other replica right after the deletion', async () => {
      const client = await registerClient(first.app, ['read:policies']);
      const token = await accessToken(first.app, client);
      await expectLiveOnSecond(token);
      expect(await deleteClientRecorded(first.app, systemContext('system:test'), client.clientId)).to.equal(true);
      await expectEndedOnSecond(token);
    });

    it('also when deleted the way `acctl server client delete` does it, on the database', async () => {
      const client = await registerClient(first.app, ['read:policies']);
      const token = await accessToken(first.app, client);
      await expectLiveOnSecond(token);
      expect(await deleteClient(first.app.db, client.clientId)).to.equal(true);
      await expectEndedOnSecond(token);
    });

    it('its API tokens end too, and its tokens stay ended if a client with the same id is registered again', async () => {
      const client = await registerClient(first.app, ['admin:all', 'read:policies']);
      const token = await accessToken(first.app, client);
      const apiToken = await createApiToken(first.app, token, { name: 'made-by-client', scopes: ['read:policies'] });
      await expectLiveOnSecond(apiToken.token);
      await deleteClientRecorded(first.app, systemContext('system:test'), client.clientId);
      await expectEndedOnSecond(apiToken.token);
      await first.app.db('oauth_clients').insert({
        client_id: client.clientId,
        name: 'Same id again',
        client_type: 'confidential',
        secret_hash: 'x',
        grant_types: ['client_credentials'],
        redirect_uris: [],
        allowed_scopes: ['read:policies'],
        created_by: 'test',
      });
      await expectEndedOnSecond(token, '/v1/policies');
      await expectEndedOnSecond(apiToken.token);
    });
  });

  describe('a disabled or deleted user', () => {
    let codeClient: CodeClient;
    before(async () => {
      codeClient = await registerCodeClient(first.app, { scopes: ['read:policies', 'admin:all'] });
    });

    async function userTokens(agent: PageAgent, scope = 'read:policies'): Promise<TokenPair> {
      const code = await authorizationCode(agent, { response_type: 'code', client_id: codeClient.clientId, redirect_uri: codeClient.redirectUri, scope });
      return expectTokens(
        await postToken(first.app, { grant_type: 'authorization_code', code, redirect_uri: codeClient.redirectUri, ...clientFields(codeClient) }),
      );
    }

    async function signedInUser(admin = false): Promise<{ user: TestUser; agent: PageAgent }> {
      const user = await createTestUser(first.app, { admin });
      const agent = new PageAgent(first.app);
      await signIn(agent, user);
      return { user, agent };
    }

    it("a disabled user's access token is refused on the other replica right after the disable", async () => {
      const { user, agent } = await signedInUser();
      const pair = await userTokens(agent);
      await expectLiveOnSecond(pair.access_token);
      const disabled = await patchPrincipal(user.id, { status: 'disabled' });
      expect(disabled.statusCode, disabled.body).to.equal(200);
      await expectEndedOnSecond(pair.access_token);
      // Its refresh-token family ended in the same transaction, with its own event.
      const [revoked] = await first.app
        .db('audit_events')
        .where({ type: 'token.revoked', target_type: 'oauth_grant', request_id: disabled.headers['x-request-id'] })
        .select('data');
      expect(revoked?.data).to.include({ token_kind: 'refresh_token', reason: 'user_inactive' });
    });

    it('re-enabling the user revives none of what it held: access token, refresh token, browser session', async () => {
      const { user, agent } = await signedInUser();
      const pair = await userTokens(agent);
      await expectLiveOnSecond(pair.access_token);
      expect((await patchPrincipal(user.id, { status: 'disabled' })).statusCode).to.equal(200);
      expect((await patchPrincipal(user.id, { status: 'active' })).statusCode).to.equal(200);
      await expectEndedOnSecond(pair.access_token);
      expectOAuthError(
        await postToken(second.app, { grant_type: 'refresh_token', refresh_token: pair.refresh_token, ...clientFields(codeClient) }),
        400,
        'invalid_grant',
      );
      const dashboard = await agent.get('/v1/ui/dashboard');
      expect(dashboard.statusCode, 'the old browser session signs nobody in').to.equal(303);
      expect(String(dashboard.headers.location)).to.match(/^\/v1\/ui\/sign-in/);
      // What the user gets after coming back works as usual, from the second after the cut on: cuts
      // count whole seconds, as iat does, and a token of the cut's own second is refused.
      const { cut_at: cutAt } = await first.app
        .db('token_owner_cutoffs')
        .where({ owner_kind: 'principal', owner_id: user.id })
        .first<{ cut_at: Date }>('cut_at');
      const nextSecond = (Math.floor(cutAt.getTime() / 1000) + 1) * 1000;
      while (Date.now() < nextSecond) await new Promise((resolve) => setTimeout(resolve, nextSecond - Date.now()));
      await signIn(agent, user);
      await expectLiveOnSecond((await userTokens(agent)).access_token);
    });

    it("a deleted user's access token is refused on the other replica right after the deletion", async () => {
      const { user, agent } = await signedInUser();
      const pair = await userTokens(agent);
      await expectLiveOnSecond(pair.access_token);
      const deleted = await first.app.inject({ method: 'DELETE', url: `/v1/principals/${user.id}`, headers: bearer(principalsWriter) });
      expect(deleted.statusCode, deleted.body).to.equal(200);
      await expectEndedOnSecond(pair.access_token);
    });

    it('an administrator who loses is_admin loses the admin:all tokens they hold, API tokens included', async () => {
      const { user, agent } = await signedInUser(true);
      const pair = await userTokens(agent, 'admin:all');
      const apiToken = await createApiToken(first.app, pair.access_token, { name: 'admin-made', scopes: ['admin:all'] });
      await expectLiveOnSecond(pair.access_token, '/v1/webhooks');
      await expectLiveOnSecond(apiToken.token, '/v1/webhooks');
      const demoted = await patchPrincipal(user.id, { attributes: { is_admin: false } }, adminToken);
      expect(demoted.statusCode, demoted.body).to.equal(200);
      await expectEndedOnSecond(pair.access_token, '/v1/webhooks');
      await expectEndedOnSecond(apiToken.token, '/v1/webhooks');
    });

    it('disabling a user while its tokens are refreshed, revoked and used at once: no 5xx, and nothing of it works after', async () => {
      const { user, agent } = await signedInUser();
      const pairs = [];
      for (let i = 0; i < 4; i++) pairs.push(await userTokens(agent));
      const answers = await Promise.all([
        patchPrincipal(user.id, { status: 'disabled' }),
        ...pairs.map((pair, i) =>
          postToken(i % 2 === 0 ? first.app : second.app, { grant_type: 'refresh_token', refresh_token: pair.refresh_token, ...clientFields(codeClient) }),
        ),
        ...pairs.map((pair) =>
          first.app.inject({ method: 'POST', url: '/v1/oauth/revoke', payload: { token: pair.refresh_token, ...clientFields(codeClient) } }),
        ),
        ...pairs.map((pair) => use(second, pair.access_token)),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).to.be.below(500);
      expect(answers[0]!.statusCode).to.equal(200);
      // Access tokens a refresh managed to issue in the race end with the rest.
      const raced = answers
        .slice(1, 1 + pairs.length)
        .filter((answer) => answer.statusCode === 200)
        .map((answer) => (answer.json() as TokenPair).access_token);
      for (const token of [...pairs.map((pair) => pair.access_token), ...raced]) await expectEndedOnSecond(token);
      expect((await patchPrincipal(user.id, { status: 'active' })).statusCode).to.equal(200);
      for (const token of [...pairs.map((pair) => pair.access_token), ...raced]) expectProblem(await use(second, token), 401, 'invalid_token');
    });

    it('leaves the tokens of other users and clients alone', async () => {
      const { agent } = await signedInUser();
      const bystander = await userTokens(agent);
      const { user: other, agent: otherAgent } = await signedInUser();
      await userTokens(otherAgent);
      expect((await patchPrincipal(other.id, { status: 'disabled' })).statusCode).to.equal(200);
      await expectLiveOnSecond(bystander.access_token);
    });
  });
});
