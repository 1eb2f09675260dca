import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';
import { clientFields, registerCodeClient, type CodeClient } from '../oauth/support/clients.js';
import { expectTokens, postToken } from '../oauth/support/tokens.js';
import { authorizationCode, createTestUser, inputValue, PageAgent, signIn, type TestUser } from '../oauth/support/user-agent.js';

/**
 * Issue #19, finding 4: a client allowed only `read:principals write:principals` PATCHed the
 * administrator's password, signed in as them and got an admin:all token; it could also set
 * `is_admin: true` on any user, or create a user with a password and is_admin. Credentials and
 * administrator status now need admin:all; the whole chain is tried here, from the narrow client
 * to the admin:all token it must not get.
 */
describe('Security: write:principals cannot reach admin:all (credentials and is_admin are admin-only)', function () {
  this.timeout(60_000);
  let t: TestApp;
  let narrow: string;
  let admin: TestUser;
  let codeClient: CodeClient;
  const attempted = 'attacker-chosen-password-123';

  before(async () => {
    t = await startTestApp();
    narrow = await accessToken(t.app, await registerClient(t.app, ['read:principals', 'write:principals']));
    admin = await createTestUser(t.app, { admin: true });
    codeClient = await registerCodeClient(t.app, { scopes: ['admin:all', 'read:policies'] });
  });
  after(() => t.close());

  const send = (method: 'POST' | 'PATCH', url: string, body: unknown, token = narrow): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' },
      payload: JSON.stringify(body),
    });

  /** 403 insufficient_scope as the auth step answers it, naming the field. */
  function expectRefusedField(response: LightMyRequestResponse, pointers: string[]): void {
    const problem = expectProblem(response, 403, 'insufficient_scope');
    expect(response.headers['www-authenticate']).to.equal('Bearer realm="acctl", error="insufficient_scope", scope="admin:all"');
    expect((problem.errors as Array<{ pointer: string }>).map((error) => error.pointer)).to.have.members(pointers);
  }

  /** The whole way from a password to an admin:all token: sign in, consent, redeem. */
  async function adminTokenWith(username: string, password: string): Promise<{ signedIn: boolean; scope?: string }> {
    const agent = new PageAgent(t.app);
    const form = await agent.get('/v1/ui/sign-in');
    const signedIn = await agent.postForm('/v1/ui/sign-in', {
      csrf_token: inputValue(form.body, 'csrf_token'),
      username,
      password,
      return_to: '/v1/ui/dashboard',
    });
    if (signedIn.statusCode !== 303) return { signedIn: false };
    const code = await authorizationCode(agent, {
      response_type: 'code',
      client_id: codeClient.clientId,
      redirect_uri: codeClient.redirectUri,
      scope: 'admin:all',
    });
    const tokens = expectTokens(
      await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: codeClient.redirectUri, ...clientFields(codeClient) }),
    );
    return { signedIn: true, scope: tokens.scope };
  }

  it("refuses every step of the chain, sent at once, and the administrator's password still signs in while the attempted one does not", async () => {
    const victim = await createTestUser(t.app);
    const before = await t.app.db('principals').whereIn('id', [admin.id, victim.id]).select('id', 'password_hash', 'attributes');
    const [password, removePassword, promote, promoteAndPassword, createAdmin, createWithPassword, createWithIsAdminFalse] = await Promise.all([
      send('PATCH', `/v1/principals/${admin.id}`, { password: attempted }),
      send('PATCH', `/v1/principals/${admin.id}`, { password: null }),
      send('PATCH', `/v1/principals/${victim.id}`, { attributes: { is_admin: true } }),
      send('PATCH', `/v1/principals/${victim.id}`, { password: attempted, attributes: { is_admin: true, team: 'x' } }),
      send('POST', '/v1/principals', { kind: 'user', name: 'mallory', password: attempted, attributes: { is_admin: true } }),
      send('POST', '/v1/principals', { kind: 'user', name: 'mallory-2', password: attempted }),
      send('POST', '/v1/principals', { kind: 'user', name: 'mallory-3', attributes: { is_admin: false } }),
    ]);
    expectRefusedField(password, ['/password']);
    expectRefusedField(removePassword, ['/password']);
    expectRefusedField(promote, ['/attributes/is_admin']);
    expectRefusedField(promoteAndPassword, ['/password', '/attributes/is_admin']);
    expectRefusedField(createAdmin, ['/password', '/attributes/is_admin']);
    expectRefusedField(createWithPassword, ['/password']);
    expectRefusedField(createWithIsAdminFalse, ['/attributes/is_admin']);

    // Nothing was written: the same hashes and attributes, no user named mallory*.
    expect(await t.app.db('principals').whereIn('id', [admin.id, victim.id]).select('id', 'password_hash', 'attributes')).to.have.deep.members(before);
    expect(await t.app.db('principals').where('name', 'like', 'mallory%').select('id')).to.deep.equal([]);

    // The end of the chain: the attempted password gets no admin token; the real one still does.
    expect(await adminTokenWith(admin.username, attempted)).to.deep.equal({ signedIn: false });
    expect(await adminTokenWith('mallory', attempted)).to.deep.equal({ signedIn: false });
    expect(await adminTokenWith(victim.username, attempted)).to.deep.equal({ signedIn: false });
    expect(await adminTokenWith(admin.username, admin.password)).to.deep.equal({ signedIn: true, scope: 'admin:all' });
  });

  it('lets a person change their own password only with the current one: a session without it sets no password', async () => {
    const target = await createTestUser(t.app, { admin: true });
    const session = new PageAgent(t.app);
    await signIn(session, target);
    const form = await session.get('/v1/ui/password');
    const refused = await session.postForm('/v1/ui/password', {
      csrf_token: inputValue(form.body, 'csrf_token'),
      current_password: 'not-the-current-one',
      new_password: attempted,
      new_password_confirm: attempted,
    });
    expect(refused.statusCode).to.equal(400);
    expect(await adminTokenWith(target.username, attempted)).to.deep.equal({ signedIn: false });
    // With the current password it is the person's own change, and it works.
    const changed = await session.postForm('/v1/ui/password', {
      csrf_token: inputValue(form.body, 'csrf_token'),
      current_password: target.password,
      new_password: 'the-owner-chose-this',
      new_password_confirm: 'the-owner-chose-this',
    });
    expect(changed.statusCode, changed.body).to.equal(200);
    expect(await adminTokenWith(target.username, 'the-owner-chose-this')).to.deep.equal({ signedIn: true, scope: 'admin:all' });
  });

  it('keeps the victim user a non-administrator: its consent cannot reach admin:all', async () => {
    const victim = await createTestUser(t.app);
    await send('PATCH', `/v1/principals/${victim.id}`, { attributes: { is_admin: true } });
    const agent = new PageAgent(t.app);
    await signIn(agent, victim);
    const code = await authorizationCode(agent, {
      response_type: 'code',
      client_id: codeClient.clientId,
      redirect_uri: codeClient.redirectUri,
      scope: 'admin:all',
    });
    const tokens = expectTokens(
      await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: codeClient.redirectUri, ...clientFields(codeClient) }),
    );
    expect(tokens.scope.split(' ')).to.not.include('admin:all');
  });

  it('still lets write:principals change what it is for: names, other attributes, status', async () => {
    const user = await createTestUser(t.app);
    const response = await send('PATCH', `/v1/principals/${user.id}`, { display_name: 'Renamed', attributes: { department: 'ops' } });
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json()).to.deep.include({ display_name: 'Renamed', attributes: { is_admin: false, department: 'ops' } });
    const created = await send('POST', '/v1/principals', { kind: 'user', name: `plain-${Date.now()}`, attributes: { team: 'a' } });
    expect(created.statusCode, created.body).to.equal(201);
  });

  it('refuses a narrow client that disables, renames, re-enables or deletes an administrator, sent at once; admin:all may', async () => {
    const wider = await accessToken(t.app, await registerClient(t.app, ['read:principals', 'write:principals', 'delete:principals']));
    const target = await createTestUser(t.app, { admin: true });
    const adminToken = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    const disabledAdmin = await createTestUser(t.app, { admin: true });
    expect((await send('PATCH', `/v1/principals/${disabledAdmin.id}`, { status: 'disabled' }, adminToken)).statusCode).to.equal(200);
    const before = await t.app.db('principals').whereIn('id', [target.id, disabledAdmin.id]).orderBy('id').select('id', 'name', 'status', 'display_name');
    const attempts = await Promise.all([
      send('PATCH', `/v1/principals/${target.id}`, { status: 'disabled' }, wider),
      send('PATCH', `/v1/principals/${target.id}`, { name: 'renamed-admin', display_name: 'x' }, wider),
      send('PATCH', `/v1/principals/${disabledAdmin.id}`, { status: 'active' }, wider),
      t.app.inject({ method: 'DELETE', url: `/v1/principals/${target.id}`, headers: bearer(wider) }),
    ]);
    for (const response of attempts) {
      expectProblem(response, 403, 'insufficient_scope');
      expect(response.headers['www-authenticate']).to.equal('Bearer realm="acctl", error="insufficient_scope", scope="admin:all"');
    }
    expect(
      await t.app.db('principals').whereIn('id', [target.id, disabledAdmin.id]).orderBy('id').select('id', 'name', 'status', 'display_name'),
    ).to.deep.equal(before);
    expect(await adminTokenWith(target.username, target.password)).to.deep.equal({ signedIn: true, scope: 'admin:all' });
    expect((await send('PATCH', `/v1/principals/${target.id}`, { display_name: 'By an admin' }, adminToken)).statusCode).to.equal(200);
  });

  it('lets admin:all set a password and is_admin', async () => {
    const adminToken = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    const created = await send(
      'POST',
      '/v1/principals',
      { kind: 'user', name: `second-admin-${Date.now()}`, password: 'a-long-enough-password', attributes: { is_admin: true } },
      adminToken,
    );
    expect(created.statusCode, created.body).to.equal(201);
    const user = created.json() as { id: string; name: string };
    const patched = await send('PATCH', `/v1/principals/${user.id}`, { password: 'another-long-password' }, adminToken);
    expect(patched.statusCode, patched.body).to.equal(200);
    expect(await adminTokenWith(user.name, 'another-long-password')).to.deep.equal({ signedIn: true, scope: 'admin:all' });
  });
});
