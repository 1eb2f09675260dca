import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import type { AuditEvent } from '../../core/src/index.js';
import { hashSecret } from '../../server/src/security/secrets.js';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { basicAuthorization } from '../helpers/credentials.js';
import { expectOAuthError } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';
import { clientFields, registerCodeClient, type CodeClient } from '../oauth/support/clients.js';
import { apiStatus, expectTokens, type TokenPair } from '../oauth/support/tokens.js';
import { authorizationCode, createTestUser, inputValue, PageAgent, signIn, type TestUser } from '../oauth/support/user-agent.js';
import { allEvents, eventsOfRequest } from './helpers.js';

const clientIp = '203.0.113.21';
const userAgent = 'oauth-events-test/1.0';
const anonymous = { subject: 'anonymous', client_id: null, token_kind: 'anonymous' };
const tokenEndpoint = { subject: 'system:token-endpoint', client_id: null, token_kind: 'system' };
const clientActor = (clientId: string) => ({ subject: clientId, client_id: clientId, token_kind: 'anonymous' });
const sessionActor = (user: TestUser) => ({ subject: user.id, client_id: null, token_kind: 'session' });

describe('Audit events of the OAuth endpoints, sign-in and the dashboard', function () {
  // The sign-in tests make real scrypt checks (N=2^17): 17 s of the default 30 in a suite run.
  this.timeout(120_000);
  let t: TestApp;
  let codeClient: CodeClient;
  let machine: TestClient;
  let user: TestUser;
  let admin: TestUser;
  let agent: PageAgent;
  let adminAgent: PageAgent;

  before(async () => {
    t = await startTestApp();
    codeClient = await registerCodeClient(t.app);
    machine = await registerClient(t.app, ['read:policies']);
    [user, admin] = await Promise.all([createTestUser(t.app), createTestUser(t.app, { admin: true })]);
    agent = new PageAgent(t.app);
    adminAgent = new PageAgent(t.app, { remoteAddress: clientIp });
    await signIn(agent, user);
    await signIn(adminAgent, admin);
  });
  after(async () => t.close());

  /** A request to an OAuth endpoint, from a known address and user agent. */
  const oauthPost = (path: 'token' | 'revoke', payload: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/v1/oauth/${path}`, remoteAddress: clientIp, headers: { 'user-agent': userAgent, ...headers }, payload });

  /** Every event the request left, once the background recorder has written what it holds. */
  async function eventsOf(response: LightMyRequestResponse): Promise<AuditEvent[]> {
    await t.app.auditLog.idle();
    const events = await eventsOfRequest(t.app, response.headers['x-request-id'] as string);
    for (const event of events) expectSchema('audit-event', event);
    return events;
  }

  /** The events of the request, by type in the order recorded; each carries the request it came from. */
  async function expectEventsOf(response: LightMyRequestResponse, types: string[], ip = clientIp): Promise<AuditEvent[]> {
    const events = await eventsOf(response);
    expect(
      events.map((event) => event.type),
      'event types',
    ).to.deep.equal(types);
    for (const event of events) {
      expect(event.request.id).to.equal(response.headers['x-request-id']);
      expect(event.request.ip).to.equal(ip);
    }
    return events;
  }

  async function codeTokens(as = agent): Promise<TokenPair> {
    const code = await authorizationCode(as, {
      response_type: 'code',
      client_id: codeClient.clientId,
      redirect_uri: codeClient.redirectUri,
      scope: 'read:policies',
    });
    return expectTokens(
      await oauthPost('token', { grant_type: 'authorization_code', code, redirect_uri: codeClient.redirectUri, ...clientFields(codeClient) }),
    );
  }

  const grantIdOf = async (accessToken: string): Promise<string> =>
    (
      await t.app
        .db('oauth_grant_access_tokens')
        .where({ jti: decodeJwt(accessToken).jti })
        .first('grant_id')
    ).grant_id;

  /** Runs `fn` while the audit log refuses inserts that match `condition` (on NEW), as a full disk or a bug would. */
  async function whileAuditLogRefuses<T>(condition: string, fn: () => Promise<T>): Promise<T> {
    await t.app.db.raw(`
      CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF ${condition} THEN RAISE EXCEPTION 'audit log refuses'; END IF; RETURN NEW; END $$`);
    await t.app.db.raw('CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()');
    try {
      return await fn();
    } finally {
      await t.app.db.raw('DROP TRIGGER test_refuse_audit ON audit_events');
      await t.app.db.raw('DROP FUNCTION test_refuse_audit()');
    }
  }

  describe('POST /v1/oauth/token', () => {
    it('client_credentials leaves one auth.token_issued: the client as actor and target, grant type, scope, jti and subject', async () => {
      const response = await oauthPost('token', { grant_type: 'client_credentials', client_id: machine.clientId, client_secret: machine.clientSecret });
      const body = expectTokens(response);
      const [event] = await expectEventsOf(response, ['auth.token_issued']);
      expect(event!.actor).to.deep.equal(clientActor(machine.clientId));
      expect(event!.target).to.deep.equal({ type: 'oauth_client', id: machine.clientId });
      expect(event!.outcome).to.equal('success');
      expect(event!.request.user_agent).to.equal(userAgent);
      expect(event!.change).to.equal(null);
      expect(event!.data).to.deep.equal({
        grant_type: 'client_credentials',
        scope: 'read:policies',
        jti: decodeJwt(body.access_token).jti,
        subject: machine.clientId,
      });
    });

    it('answers client_credentials without waiting for the audit log, and records the event once it can', async () => {
      let response: LightMyRequestResponse | undefined;
      await t.app.db.transaction(async (trx) => {
        // Holds the audit log's append lock, as a long append would.
        await trx.raw('SELECT * FROM acctl_audit_reserve(0)');
        const answered = oauthPost('token', { grant_type: 'client_credentials', client_id: machine.clientId, client_secret: machine.clientSecret });
        const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the token response waited for the audit log')), 5000).unref());
        response = await Promise.race([answered, timeout]);
        expectTokens(response);
      });
      await expectEventsOf(response!, ['auth.token_issued']);
    });

    it('authorization_code leaves one auth.token_issued in the redemption, naming the user and the grant', async () => {
      const code = await authorizationCode(agent, {
        response_type: 'code',
        client_id: codeClient.clientId,
        redirect_uri: codeClient.redirectUri,
        scope: 'read:policies',
      });
      const response = await oauthPost('token', { grant_type: 'authorization_code', code, redirect_uri: codeClient.redirectUri, ...clientFields(codeClient) });
      const body = expectTokens(response);
      const [event] = await expectEventsOf(response, ['auth.token_issued']);
      expect(event!.actor).to.deep.equal(clientActor(codeClient.clientId));
      expect(event!.target).to.deep.equal({ type: 'oauth_client', id: codeClient.clientId });
      expect(event!.data).to.deep.equal({
        grant_type: 'authorization_code',
        scope: 'read:policies',
        jti: decodeJwt(body.access_token).jti,
        subject: user.id,
        grant_id: await grantIdOf(body.access_token),
      });
    });

    it('refresh_token leaves one auth.token_issued of the same grant', async () => {
      const first = await codeTokens();
      const response = await oauthPost('token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, ...clientFields(codeClient) });
      const body = expectTokens(response);
      const [event] = await expectEventsOf(response, ['auth.token_issued']);
      expect(event!.actor).to.deep.equal(clientActor(codeClient.clientId));
      expect(event!.data).to.deep.equal({
        grant_type: 'refresh_token',
        scope: 'read:policies',
        jti: decodeJwt(body.access_token).jti,
        subject: user.id,
        grant_id: await grantIdOf(first.access_token),
      });
    });

    it('a wrong client secret leaves one auth.failed, anonymous, naming the client presented and never the secret', async () => {
      const wrongSecret = `wrong-${Math.random().toString(36).slice(2)}`;
      const response = await oauthPost('token', { grant_type: 'client_credentials', client_id: machine.clientId, client_secret: wrongSecret });
      expectOAuthError(response, 401, 'invalid_client');
      const [event] = await expectEventsOf(response, ['auth.failed']);
      expect(event!.actor).to.deep.equal(anonymous);
      expect(event!.target).to.deep.equal({ type: 'oauth_client', id: machine.clientId });
      expect(event!.outcome).to.equal('failure');
      expect(event!.data).to.deep.equal({
        reason: 'Client authentication failed: unknown client or wrong secret',
        credential: 'client_secret',
        auth_method: 'client_secret_post',
        endpoint: 'POST /v1/oauth/token',
      });
      expect(JSON.stringify(event)).to.not.include(wrongSecret).and.not.include(hashSecret(wrongSecret));
    });

    it('a wrong secret in HTTP Basic, and a request with no client at all, leave an auth.failed each', async () => {
      const basic = await oauthPost('token', { grant_type: 'client_credentials' }, basicAuthorization(machine.clientId, 'not-the-secret'));
      expectOAuthError(basic, 401, 'invalid_client');
      const [basicEvent] = await expectEventsOf(basic, ['auth.failed']);
      expect(basicEvent!.data).to.include({ auth_method: 'client_secret_basic' });
      const nobody = await oauthPost('token', { grant_type: 'client_credentials' });
      expectOAuthError(nobody, 401, 'invalid_client');
      const [nobodyEvent] = await expectEventsOf(nobody, ['auth.failed']);
      expect(nobodyEvent!.target).to.deep.equal({ type: 'endpoint', id: 'POST /v1/oauth/token' });
    });

    it('a replayed code revokes its family (token.revoked, by the token endpoint) and leaves an auth.failed', async () => {
      const code = await authorizationCode(agent, {
        response_type: 'code',
        client_id: codeClient.clientId,
        redirect_uri: codeClient.redirectUri,
        scope: 'read:policies',
      });
      const redeem = () => oauthPost('token', { grant_type: 'authorization_code', code, redirect_uri: codeClient.redirectUri, ...clientFields(codeClient) });
      const first = expectTokens(await redeem());
      const grantId = await grantIdOf(first.access_token);
      const replay = await redeem();
      expectOAuthError(replay, 400, 'invalid_grant');
      const [revoked, failed] = await expectEventsOf(replay, ['token.revoked', 'auth.failed']);
      expect(revoked!.actor).to.deep.equal(tokenEndpoint);
      expect(revoked!.target).to.deep.equal({ type: 'oauth_grant', id: grantId });
      expect(revoked!.outcome).to.equal('success');
      expect(revoked!.data).to.deep.equal({ token_kind: 'refresh_token', reason: 'authorization_code_replayed', access_tokens_revoked: 1 });
      expect(revoked!.change).to.have.nested.property('before.revoked_at', null);
      expect(revoked!.change).to.have.nested.property('after.revoked_reason', 'authorization_code_replayed');
      expect(failed!.actor).to.deep.equal(clientActor(codeClient.clientId));
      expect(failed!.target).to.deep.equal({ type: 'oauth_client', id: codeClient.clientId });
      expect(failed!.outcome).to.equal('failure');
      expect(failed!.data).to.deep.equal({ reason: 'authorization_code_replayed', credential: 'authorization_code', grant_id: grantId });
      const again = await redeem();
      expectOAuthError(again, 400, 'invalid_grant');
      await expectEventsOf(again, ['auth.failed']); // the family is revoked already: nothing more to revoke
    });

    it('a reused refresh token revokes its family (token.revoked) and leaves an auth.failed', async () => {
      const first = await codeTokens();
      const grantId = await grantIdOf(first.access_token);
      expectTokens(await oauthPost('token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, ...clientFields(codeClient) }));
      const reuse = await oauthPost('token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, ...clientFields(codeClient) });
      expectOAuthError(reuse, 400, 'invalid_grant');
      const [revoked, failed] = await expectEventsOf(reuse, ['token.revoked', 'auth.failed']);
      expect(revoked!.actor).to.deep.equal(tokenEndpoint);
      expect(revoked!.target).to.deep.equal({ type: 'oauth_grant', id: grantId });
      expect(revoked!.data).to.deep.equal({ token_kind: 'refresh_token', reason: 'refresh_token_reused', access_tokens_revoked: 2 });
      expect(failed!.data).to.deep.equal({ reason: 'refresh_token_reused', credential: 'refresh_token', grant_id: grantId });
    });

    it('a refresh for a user no longer active revokes the family: token.revoked, by the token endpoint', async () => {
      const leaving = await createTestUser(t.app);
      const leavingAgent = new PageAgent(t.app);
      await signIn(leavingAgent, leaving);
      const pair = await codeTokens(leavingAgent);
      await t.app.db('principals').where({ id: leaving.id }).update({ status: 'disabled' });
      const response = await oauthPost('token', { grant_type: 'refresh_token', refresh_token: pair.refresh_token, ...clientFields(codeClient) });
      expectOAuthError(response, 400, 'invalid_grant');
      const [event] = await expectEventsOf(response, ['token.revoked']);
      expect(event!.actor).to.deep.equal(tokenEndpoint);
      expect(event!.target).to.deep.equal({ type: 'oauth_grant', id: await grantIdOf(pair.access_token) });
      expect(event!.data).to.deep.equal({ token_kind: 'refresh_token', reason: 'user_inactive', access_tokens_revoked: 1 });
    });

    it('refuses a redemption whose auth.token_issued cannot be written, and leaves the code unused', async () => {
      const code = await authorizationCode(agent, {
        response_type: 'code',
        client_id: codeClient.clientId,
        redirect_uri: codeClient.redirectUri,
        scope: 'read:policies',
      });
      const redeem = () => oauthPost('token', { grant_type: 'authorization_code', code, redirect_uri: codeClient.redirectUri, ...clientFields(codeClient) });
      const refused = await whileAuditLogRefuses(`NEW.type = 'auth.token_issued'`, redeem);
      expect(refused.statusCode).to.equal(500);
      expect(await eventsOf(refused)).to.deep.equal([]);
      const redeemed = await redeem();
      expectTokens(redeemed);
      await expectEventsOf(redeemed, ['auth.token_issued']);
    });
  });

  describe('POST /v1/oauth/revoke', () => {
    it('revoking an access token leaves one token.revoked by the client; revoking it again leaves none', async () => {
      const pair = await codeTokens();
      const revoke = () => oauthPost('revoke', { token: pair.access_token, ...clientFields(codeClient) });
      const response = await revoke();
      expect(response.statusCode, response.body).to.equal(200);
      const [event] = await expectEventsOf(response, ['token.revoked']);
      const claims = decodeJwt(pair.access_token);
      expect(event!.actor).to.deep.equal(clientActor(codeClient.clientId));
      expect(event!.target).to.deep.equal({ type: 'access_token', id: claims.jti });
      expect(event!.data).to.deep.equal({ token_kind: 'access_token', revoked_with: 'value' });
      expect(event!.change).to.have.nested.property('after.subject', user.id);
      expect(await eventsOf(await revoke())).to.deep.equal([]);
    });

    it('revoking a refresh token leaves one token.revoked of its family; revoking it again leaves none', async () => {
      const pair = await codeTokens();
      const revoke = () => oauthPost('revoke', { token: pair.refresh_token, ...clientFields(codeClient) });
      const response = await revoke();
      expect(response.statusCode, response.body).to.equal(200);
      const [event] = await expectEventsOf(response, ['token.revoked']);
      expect(event!.actor).to.deep.equal(clientActor(codeClient.clientId));
      expect(event!.target).to.deep.equal({ type: 'oauth_grant', id: await grantIdOf(pair.access_token) });
      expect(event!.data).to.deep.equal({ token_kind: 'refresh_token', reason: 'revoked_by_client', access_tokens_revoked: 1 });
      expect(await eventsOf(await revoke())).to.deep.equal([]);
    });

    it('an unknown token leaves no event; a wrong client secret, here or at /introspect, leaves an auth.failed', async () => {
      const unknown = await oauthPost('revoke', { token: 'no-such-token', ...clientFields(codeClient) });
      expect(unknown.statusCode).to.equal(200);
      expect(await eventsOf(unknown)).to.deep.equal([]);
      const wrong = await oauthPost('revoke', { token: 'no-such-token', client_id: codeClient.clientId, client_secret: 'wrong' });
      expectOAuthError(wrong, 401, 'invalid_client');
      const [event] = await expectEventsOf(wrong, ['auth.failed']);
      expect(event!.data).to.include({ endpoint: 'POST /v1/oauth/revoke' });
      const introspection = await t.app.inject({
        method: 'POST',
        url: '/v1/oauth/introspect',
        remoteAddress: clientIp,
        payload: { token: 'no-such-token', client_id: machine.clientId, client_secret: 'wrong' },
      });
      expectOAuthError(introspection, 401, 'invalid_client');
      const [introspectionEvent] = await expectEventsOf(introspection, ['auth.failed']);
      expect(introspectionEvent!.target).to.deep.equal({ type: 'oauth_client', id: machine.clientId });
      expect(introspectionEvent!.data).to.include({ endpoint: 'POST /v1/oauth/introspect' });
    });

    it('a revocation whose token.revoked cannot be written is rolled back: the token still works', async () => {
      const pair = await codeTokens();
      const response = await whileAuditLogRefuses(`NEW.type = 'token.revoked'`, () =>
        oauthPost('revoke', { token: pair.refresh_token, ...clientFields(codeClient) }),
      );
      expect(response.statusCode).to.equal(500);
      expect(await eventsOf(response)).to.deep.equal([]);
      expect(await apiStatus(t.app, pair.access_token)).to.equal(200);
      expectTokens(await oauthPost('token', { grant_type: 'refresh_token', refresh_token: pair.refresh_token, ...clientFields(codeClient) }));
    });
  });

  describe('sign-in', () => {
    const signInAttempt = async (from: PageAgent, username: string, password: string): Promise<LightMyRequestResponse> => {
      const form = await from.get('/v1/ui/sign-in');
      return from.postForm('/v1/ui/sign-in', { csrf_token: inputValue(form.body, 'csrf_token'), username, password });
    };

    it('a wrong password leaves one auth.failed naming the principal, never the password', async () => {
      const password = `guess-${Math.random().toString(36).slice(2)}`;
      const response = await signInAttempt(new PageAgent(t.app, { remoteAddress: clientIp }), user.username, password);
      expect(response.statusCode).to.equal(200);
      const [event] = await expectEventsOf(response, ['auth.failed']);
      expect(event!.actor).to.deep.equal(anonymous);
      expect(event!.target).to.deep.equal({ type: 'principal', id: user.id });
      expect(event!.outcome).to.equal('failure');
      expect(event!.data).to.deep.equal({ reason: 'wrong_password', credential: 'password' });
      expect(JSON.stringify(event)).to.not.include(password);
    });

    it('an unknown username leaves an auth.failed saying so, with a keyed digest of the name instead of the name', async () => {
      const response = await signInAttempt(new PageAgent(t.app, { remoteAddress: clientIp }), 'nobody-of-that-name', 'whatever');
      const [event] = await expectEventsOf(response, ['auth.failed']);
      expect(event!.target.type).to.equal('username_digest');
      expect(event!.target.id).to.match(/^[0-9a-f]{32}$/);
      expect(event!.data).to.deep.equal({ reason: 'unknown_user', credential: 'password' });
      expect(JSON.stringify(event)).to.not.include('nobody-of-that-name');
    });

    it('a throttled attempt leaves an auth.failed too', async () => {
      const from = new PageAgent(t.app, { remoteAddress: '203.0.113.77' });
      for (let attempt = 0; attempt < 5; attempt += 1) await signInAttempt(from, 'throttled-user', 'wrong');
      const response = await signInAttempt(from, 'throttled-user', 'wrong');
      expect(response.statusCode).to.equal(429);
      const [event] = await expectEventsOf(response, ['auth.failed'], '203.0.113.77');
      expect(event!.data).to.include({ reason: 'too_many_failures' });
    });

    it('a successful sign-in leaves auth.signed_in, the user the actor (test/web/sign-in-events.test.ts)', async () => {
      const from = new PageAgent(t.app, { remoteAddress: clientIp });
      const response = await signInAttempt(from, user.username, user.password);
      expect(response.statusCode).to.equal(303);
      const events = await eventsOf(response);
      expect(events.map((event) => [event.type, event.actor.subject, event.actor.token_kind])).to.deep.equal([['auth.signed_in', user.id, 'session']]);
    });
  });

  describe('the dashboard', () => {
    const csrf = async (): Promise<string> => inputValue((await adminAgent.get('/v1/ui/dashboard')).body, 'csrf_token');
    const elementText = (page: string, id: string): string => new RegExp(`id="${id}">([^<]*)<`).exec(page)![1]!;
    const register = async (name: string): Promise<LightMyRequestResponse> =>
      adminAgent.postForm('/v1/ui/dashboard/clients', {
        csrf_token: await csrf(),
        name,
        client_type: 'confidential',
        grant_types: ['client_credentials'],
        scopes: ['read:policies'],
      });

    it('registering a client leaves one client.created by the signed-in user, without the secret', async () => {
      const response = await register('Audited app');
      expect(response.statusCode, response.body).to.equal(200);
      const clientId = elementText(response.body, 'client-id');
      const secret = elementText(response.body, 'client-secret');
      const [event] = await expectEventsOf(response, ['client.created']);
      expect(event!.actor).to.deep.equal(sessionActor(admin));
      expect(event!.target).to.deep.equal({ type: 'oauth_client', id: clientId });
      expect(event!.outcome).to.equal('success');
      expect(event!.change).to.have.nested.property('after.name', 'Audited app');
      expect(event!.change).to.have.nested.property('after.created_by', `user:${admin.id}`);
      expect(event!.change).to.have.property('before', null);
      expect(JSON.stringify(event)).to.not.include(secret).and.not.include(hashSecret(secret));
    });

    it('rotating a secret leaves one client.secret_rotated; deleting leaves one client.deleted', async () => {
      const clientId = elementText((await register('Rotated app')).body, 'client-id');
      const rotated = await adminAgent.postForm(`/v1/ui/dashboard/clients/${clientId}/rotate-secret`, { csrf_token: await csrf(), confirm: 'yes' });
      expect(rotated.statusCode, rotated.body).to.equal(200);
      const [rotation] = await expectEventsOf(rotated, ['client.secret_rotated']);
      expect(rotation!.actor).to.deep.equal(sessionActor(admin));
      expect(rotation!.target).to.deep.equal({ type: 'oauth_client', id: clientId });
      expect(rotation!.change).to.have.nested.property('before.secret_rotated_at', null);
      expect(rotation!.change).to.have.nested.property('after.secret_rotated_at').that.is.a('string');
      const deleted = await adminAgent.postForm(`/v1/ui/dashboard/clients/${clientId}/delete`, { csrf_token: await csrf(), confirm: 'yes' });
      expect(deleted.statusCode).to.equal(303);
      const [deletion] = await expectEventsOf(deleted, ['client.deleted']);
      expect(deletion!.actor).to.deep.equal(sessionActor(admin));
      expect(deletion!.change).to.deep.include({ after: null });
      expect(deletion!.change).to.have.nested.property('before.client_id', clientId);
    });

    it('rotating or deleting a client that does not exist leaves no event', async () => {
      const rotated = await adminAgent.postForm('/v1/ui/dashboard/clients/no-such-client/rotate-secret', { csrf_token: await csrf(), confirm: 'yes' });
      expect(rotated.statusCode).to.equal(404);
      const deleted = await adminAgent.postForm('/v1/ui/dashboard/clients/no-such-client/delete', { csrf_token: await csrf(), confirm: 'yes' });
      expect(deleted.statusCode).to.equal(404);
      for (const response of [rotated, deleted]) expect(await eventsOf(response)).to.deep.equal([]);
    });

    it('a registration whose client.created cannot be written is rolled back: no client', async () => {
      const token = await csrf();
      const response = await whileAuditLogRefuses(`NEW.target_type = 'oauth_client'`, () =>
        adminAgent.postForm('/v1/ui/dashboard/clients', {
          csrf_token: token,
          name: 'Never without its event',
          client_type: 'confidential',
          grant_types: ['client_credentials'],
          scopes: ['read:policies'],
        }),
      );
      expect(response.statusCode).to.equal(500);
      expect(await t.app.db('oauth_clients').where({ name: 'Never without its event' }).first()).to.equal(undefined);
      expect(await eventsOf(response)).to.deep.equal([]);
    });
  });

  it('no event of a whole flow holds a secret, password, code or token, nor the hash of one', async () => {
    const secrets: string[] = [admin.password, user.password];
    const keep = (value: string): string => (secrets.push(value), value);
    const dashboardCsrf = async (): Promise<string> => inputValue((await adminAgent.get('/v1/ui/dashboard')).body, 'csrf_token');
    const elementText = (page: string, id: string): string => new RegExp(`id="${id}">([^<]*)<`).exec(page)![1]!;

    // A failed sign-in, then the dashboard: register a client of the authorization-code flow, rotate its secret.
    const guesser = new PageAgent(t.app);
    const form = await guesser.get('/v1/ui/sign-in');
    const refused = await guesser.postForm('/v1/ui/sign-in', {
      csrf_token: inputValue(form.body, 'csrf_token'),
      username: admin.username,
      password: keep(`guess-${Date.now()}`),
    });
    expect(refused.statusCode).to.equal(200);
    secrets.push(...guesser.cookies.values());
    const registered = await adminAgent.postForm('/v1/ui/dashboard/clients', {
      csrf_token: await dashboardCsrf(),
      name: 'Whole flow',
      client_type: 'confidential',
      grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      redirect_uris: 'https://flow.example.com/callback',
      scopes: ['read:policies'],
    });
    expect(registered.statusCode, registered.body).to.equal(200);
    const clientId = elementText(registered.body, 'client-id');
    keep(elementText(registered.body, 'client-secret'));
    const rotated = await adminAgent.postForm(`/v1/ui/dashboard/clients/${clientId}/rotate-secret`, { csrf_token: await dashboardCsrf(), confirm: 'yes' });
    const client = { client_id: clientId, client_secret: keep(elementText(rotated.body, 'client-secret')) };
    secrets.push(...adminAgent.cookies.values());

    // Tokens: a code and its redemption, a refresh, a reuse, a replay, a wrong secret, client credentials, revocations.
    const authorize = { response_type: 'code', client_id: clientId, redirect_uri: 'https://flow.example.com/callback', scope: 'read:policies' };
    const code = keep(await authorizationCode(adminAgent, authorize));
    const redeem = () => oauthPost('token', { grant_type: 'authorization_code', code, redirect_uri: authorize.redirect_uri, ...client });
    const first = expectTokens(await redeem());
    keep(first.access_token);
    keep(first.refresh_token);
    const second = expectTokens(await oauthPost('token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client }));
    keep(second.access_token);
    keep(second.refresh_token);
    expectOAuthError(await oauthPost('token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client }), 400, 'invalid_grant');
    expectOAuthError(await redeem(), 400, 'invalid_grant');
    expectOAuthError(
      await oauthPost('token', { grant_type: 'client_credentials', client_id: clientId, client_secret: keep(`wrong-${Date.now()}`) }),
      401,
      'invalid_client',
    );
    expectOAuthError(
      await oauthPost('token', { grant_type: 'client_credentials' }, basicAuthorization(clientId, keep(`basic-wrong-${Date.now()}`))),
      401,
      'invalid_client',
    );
    const machineToken = expectTokens(await oauthPost('token', { grant_type: 'client_credentials', ...client })).access_token;
    keep(machineToken);
    const third = expectTokens(
      await oauthPost('token', {
        grant_type: 'authorization_code',
        code: keep(await authorizationCode(adminAgent, authorize)),
        redirect_uri: authorize.redirect_uri,
        ...client,
      }),
    );
    keep(third.access_token);
    keep(third.refresh_token);
    for (const token of [machineToken, third.access_token, third.refresh_token])
      expect((await oauthPost('revoke', { token, ...client })).statusCode).to.equal(200);
    expect(
      (await adminAgent.postForm(`/v1/ui/dashboard/clients/${clientId}/delete`, { csrf_token: await dashboardCsrf(), confirm: 'yes' })).statusCode,
    ).to.equal(303);

    await t.app.auditLog.idle();
    const events = await allEvents(t.app);
    const types = new Set(events.map((event) => event.type));
    for (const type of ['auth.failed', 'auth.token_issued', 'token.revoked', 'client.created', 'client.secret_rotated', 'client.deleted'])
      expect(types, type).to.include(type);
    const recorded = JSON.stringify(events);
    for (const secret of secrets) {
      expect(recorded, 'a secret in the audit log').to.not.include(secret);
      expect(recorded, 'the SHA-256 of a secret in the audit log').to.not.include(hashSecret(secret));
    }
  });
});
