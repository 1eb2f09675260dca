import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { clientFields, registerCodeClient, type CodeClient } from '../oauth/support/clients.js';
import { apiStatus, expectTokens, postToken } from '../oauth/support/tokens.js';
import { authorizationCode, createTestUser, inputValue, PageAgent, signIn, type TestUser } from '../oauth/support/user-agent.js';

const exchangeGrant = 'urn:ietf:params:oauth:grant-type:token-exchange';
const accessTokenType = 'urn:ietf:params:oauth:token-type:access_token';
const page = '/v1/ui/delegations';

/**
 * The delegations page (issue #36): a signed-in user allows an agent client to act for them, sees
 * and revokes their grants; an administrator sees and revokes every user's. The grants it makes are
 * the ones token exchange (RFC 8693) stands on, so revoking one here ends the tokens exchanged.
 */
describe('the delegations page (/v1/ui/delegations)', () => {
  let t: TestApp;
  let user: TestUser;
  let browser: PageAgent;
  let app: CodeClient;

  before(async () => {
    t = await startTestApp({ config: { delegationGrantMaxDays: 60 } });
    user = await createTestUser(t.app);
    browser = new PageAgent(t.app);
    await signIn(browser, user);
    app = await registerCodeClient(t.app, { scopes: ['read:policies', 'read:principals'] });
  });
  after(async () => t.close());

  const agentClient = (scopes = ['read:policies', 'read:principals']): Promise<TestClient> =>
    registerClient(t.app, scopes, { grantTypes: ['client_credentials', exchangeGrant] });

  async function csrf(agent: PageAgent): Promise<string> {
    return inputValue((await agent.get(page)).body, 'csrf_token');
  }

  async function grant(agent: PageAgent, fields: Record<string, string | string[]>) {
    return agent.postForm(page, { csrf_token: await csrf(agent), expires_in_days: '7', ...fields });
  }

  const liveGrants = (principalId: string, agentClientId: string) =>
    t.app.db('delegation_grants').where({ principal_id: principalId, agent_client_id: agentClientId }).whereNull('revoked_at');

  it('sends a browser that is not signed in to the sign-in page, to come back here', async () => {
    const response = await new PageAgent(t.app).get(page);
    expect(response.statusCode).to.equal(303);
    expect(response.headers.location).to.equal('/v1/ui/sign-in?return_to=%2Fv1%2Fui%2Fdelegations');
  });

  it('is a page with the headers of every page: no framing, no script, nothing cached', async () => {
    await agentClient();
    const response = await browser.get(page);
    expect(response.statusCode).to.equal(200);
    expect(response.headers['content-security-policy']).to.include("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).to.equal('DENY');
    expect(response.headers['cache-control']).to.equal('no-store');
    // A user who is not an administrator is offered only the scopes every user may grant.
    expect(response.body).to.include('value="read:policies"');
    expect(response.body).to.not.include('value="write:policies"');
  });

  it('grants an agent, lists the grant, and the agent may then exchange the user’s token; revoking ends the exchanged token', async () => {
    const agent = await agentClient();
    const granted = await grant(browser, { agent_client_id: agent.clientId, scopes: ['read:policies'] });
    expect(granted.statusCode, granted.body).to.equal(303);
    expect(granted.headers.location).to.equal(`${page}?granted=1`);
    const [row] = await liveGrants(user.id, agent.clientId);
    expect(row.scopes).to.deep.equal(['read:policies']);
    const days = (row.expires_at.getTime() - row.created_at.getTime()) / 86_400_000;
    expect(days).to.equal(7);
    const listed = await browser.get(page);
    expect(listed.body).to.include(`data-grant-id="${row.id}" data-state="live"`);

    const code = await authorizationCode(browser, { response_type: 'code', client_id: app.clientId, redirect_uri: app.redirectUri, scope: 'read:policies' });
    const subjectToken = expectTokens(
      await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, ...clientFields(app) }),
    ).access_token;
    const exchanged = await postToken(t.app, {
      grant_type: exchangeGrant,
      client_id: agent.clientId,
      client_secret: agent.clientSecret,
      subject_token: subjectToken,
      subject_token_type: accessTokenType,
      actor_token: await accessToken(t.app, agent),
      actor_token_type: accessTokenType,
    });
    const delegated = expectTokens(exchanged).access_token;
    expect(await apiStatus(t.app, delegated)).to.equal(200);

    const revoked = await browser.postForm(`${page}/${row.id}/revoke`, { csrf_token: inputValue(listed.body, 'csrf_token') });
    expect(revoked.statusCode, revoked.body).to.equal(303);
    expect(await apiStatus(t.app, delegated)).to.equal(401);
    expect((await browser.get(page)).body).to.include(`data-grant-id="${row.id}" data-state="revoked"`);
    const events = await t.app.db('audit_events').whereIn('type', ['delegation.granted', 'delegation.revoked']).where({ target_id: row.id });
    expect(events.map((event) => event.type).sort()).to.deep.equal(['delegation.granted', 'delegation.revoked']);
  });

  it('replaces the agent’s grant when the user grants it again: one live grant, the new scopes', async () => {
    const agent = await agentClient();
    expect((await grant(browser, { agent_client_id: agent.clientId, scopes: ['read:policies'] })).statusCode).to.equal(303);
    expect((await grant(browser, { agent_client_id: agent.clientId, scopes: ['read:principals'] })).statusCode).to.equal(303);
    const live = await liveGrants(user.id, agent.clientId);
    expect(live.map((row) => row.scopes)).to.deep.equal([['read:principals']]);
    // The replaced grant is revoked with its event, so the tokens exchanged under its scopes end.
    const [replaced] = await t.app.db('delegation_grants').where({ agent_client_id: agent.clientId }).whereNotNull('revoked_at');
    expect(replaced.scopes).to.deep.equal(['read:policies']);
    expect(await t.app.db('audit_events').where({ type: 'delegation.revoked', target_id: replaced.id })).to.have.length(1);
  });

  it('answers two tabs granting the same agent at once with one grant and a 409 page, never a 500', async () => {
    const agent = await agentClient();
    const token = await csrf(browser);
    const answers = await Promise.all(
      [['read:policies'], ['read:principals']].map((scopes) =>
        browser.postForm(page, { csrf_token: token, agent_client_id: agent.clientId, scopes, expires_in_days: '7' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // Both may land one after the other (the second replaces the first) or meet (the second is told).
    expect([
      [303, 303],
      [303, 409],
    ]).to.deep.include(statuses);
    expect(await liveGrants(user.id, agent.clientId)).to.have.length(1);
  });

  describe('refuses', () => {
    it('a form without the session’s CSRF token (403), granting nothing', async () => {
      const agent = await agentClient();
      const response = await browser.postForm(page, { agent_client_id: agent.clientId, scopes: 'read:policies', expires_in_days: '7' });
      expect(response.statusCode).to.equal(403);
      expect(await liveGrants(user.id, agent.clientId)).to.have.length(0);
    });

    it('a scope the user does not hold (400, on the page)', async () => {
      const agent = await agentClient(['read:policies', 'write:policies']);
      const response = await grant(browser, { agent_client_id: agent.clientId, scopes: ['read:policies', 'write:policies'] });
      expect(response.statusCode).to.equal(400);
      expect(response.body).to.include('You cannot grant write:policies: you do not hold it.');
      expect(await liveGrants(user.id, agent.clientId)).to.have.length(0);
    });

    it('a scope the agent is not allowed, a client not registered for token exchange, and an expiry past the maximum (400)', async () => {
      const narrow = await agentClient(['read:policies']);
      const plain = await registerClient(t.app, ['read:policies']);
      const cases: Array<Record<string, string | string[]>> = [
        { agent_client_id: narrow.clientId, scopes: ['read:principals'] },
        { agent_client_id: plain.clientId, scopes: ['read:policies'] },
        { agent_client_id: narrow.clientId, scopes: ['read:policies'], expires_in_days: '61' },
        { agent_client_id: narrow.clientId, scopes: ['read:policies'], expires_in_days: '0' },
      ];
      for (const fields of cases) {
        const response = await grant(browser, fields);
        expect(response.statusCode, JSON.stringify(fields)).to.equal(400);
        expect(response.body).to.include('id="problems"');
      }
      expect(await t.app.db('delegation_grants').whereIn('agent_client_id', [narrow.clientId, plain.clientId])).to.have.length(0);
    });

    it('hostile input: NUL, lone surrogates, huge values (400, never 500)', async () => {
      const agent = await agentClient();
      const token = await csrf(browser);
      for (const fields of [
        { agent_client_id: `${agent.clientId}\u0000`, scopes: 'read:policies', expires_in_days: '7' },
        { agent_client_id: agent.clientId, scopes: 'read:policies\ud800', expires_in_days: '7' },
        { agent_client_id: agent.clientId, scopes: 'read:policies', expires_in_days: '\udfff' },
        { agent_client_id: 'a'.repeat(100_000), scopes: 'read:policies', expires_in_days: '7' },
        { agent_client_id: agent.clientId, scopes: Array.from({ length: 2000 }, () => 'read:policies'), expires_in_days: '7' },
        { agent_client_id: agent.clientId, scopes: 'read:policies', expires_in_days: '9'.repeat(400) },
      ]) {
        const body = new URLSearchParams();
        body.append('csrf_token', token);
        for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
        // Lone surrogates are written as percent-escapes of their UTF-16 code unit, which a form cannot carry: as JSON too.
        const responses = [
          await browser.request({ method: 'POST', url: page, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body.toString() }),
          await browser.request({
            method: 'POST',
            url: page,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ csrf_token: token, ...fields }),
          }),
        ];
        for (const response of responses) expect(response.statusCode, `${response.body.slice(0, 300)}`).to.equal(400);
      }
      expect(await liveGrants(user.id, agent.clientId)).to.have.length(0);
    });

    it('another user’s grant id, an unknown one (404) and one that is no grant id (400)', async () => {
      const agent = await agentClient();
      const other = new PageAgent(t.app);
      await signIn(other, await createTestUser(t.app));
      expect((await grant(other, { agent_client_id: agent.clientId, scopes: 'read:policies' })).statusCode).to.equal(303);
      const [theirs] = await t.app.db('delegation_grants').where({ agent_client_id: agent.clientId });
      const token = await csrf(browser);
      expect((await browser.postForm(`${page}/${theirs.id}/revoke`, { csrf_token: token })).statusCode).to.equal(404);
      expect((await browser.postForm(`${page}/00000000-0000-4000-8000-000000000000/revoke`, { csrf_token: token })).statusCode).to.equal(404);
      expect((await browser.postForm(`${page}/not-a-grant/revoke`, { csrf_token: token })).statusCode).to.equal(400);
      expect((await browser.get(page)).body).to.not.include(theirs.id);
      expect((await t.app.db('delegation_grants').where({ id: theirs.id }).first()).revoked_at).to.equal(null);
    });
  });

  it('shows an administrator every user’s grants, and lets them revoke one', async () => {
    const agent = await agentClient();
    const other = new PageAgent(t.app);
    await signIn(other, await createTestUser(t.app));
    expect((await grant(other, { agent_client_id: agent.clientId, scopes: 'read:policies' })).statusCode).to.equal(303);
    const [theirs] = await t.app.db('delegation_grants').where({ agent_client_id: agent.clientId });
    const admin = new PageAgent(t.app);
    const adminUser = await createTestUser(t.app, { admin: true });
    await signIn(admin, adminUser);
    const listed = await admin.get(`${page}?principal=${theirs.principal_id}`);
    expect(listed.body).to.include(`data-grant-id="${theirs.id}" data-state="live"`);
    const revoked = await admin.postForm(`${page}/${theirs.id}/revoke`, { csrf_token: inputValue(listed.body, 'csrf_token') });
    expect(revoked.statusCode).to.equal(303);
    expect((await t.app.db('delegation_grants').where({ id: theirs.id }).first()).revoked_by).to.equal(adminUser.id);
  });
});
