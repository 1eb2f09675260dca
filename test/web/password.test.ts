import { expect } from 'chai';
import { verifyPassword } from '../../server/src/security/passwords.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createTestUser, inputValue, PageAgent, signIn, type TestUser } from '../oauth/support/user-agent.js';

/** GET/POST /v1/ui/password: a signed-in person changes their own password, with the current one. */
describe('Own password change page', function () {
  this.timeout(60_000);
  let t: TestApp;

  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  async function signedIn(): Promise<{ user: TestUser; agent: PageAgent }> {
    const user = await createTestUser(t.app);
    const agent = new PageAgent(t.app);
    await signIn(agent, user);
    return { user, agent };
  }

  async function change(agent: PageAgent, fields: Record<string, string | undefined>) {
    const form = await agent.get('/v1/ui/password');
    expect(form.statusCode, form.body).to.equal(200);
    return agent.postForm('/v1/ui/password', { csrf_token: inputValue(form.body, 'csrf_token'), ...fields });
  }

  const storedHash = async (user: TestUser): Promise<string> =>
    (await t.app.db('principals').where({ id: user.id }).first('password_hash')).password_hash as string;

  async function canSignIn(user: TestUser, password: string): Promise<boolean> {
    const agent = new PageAgent(t.app);
    const form = await agent.get('/v1/ui/sign-in');
    const response = await agent.postForm('/v1/ui/sign-in', {
      csrf_token: inputValue(form.body, 'csrf_token'),
      username: user.username,
      password,
      return_to: '/v1/ui/password',
    });
    return response.statusCode === 303;
  }

  it('sends a visitor who is not signed in to the sign-in page, and back here after', async () => {
    const response = await new PageAgent(t.app).get('/v1/ui/password');
    expect(response.statusCode).to.equal(303);
    expect(response.headers.location).to.equal('/v1/ui/sign-in?return_to=%2Fv1%2Fui%2Fpassword');
  });

  it('shows a signed-in user the form, with the stable field names and the page headers, linked from every signed-in page', async () => {
    const { agent } = await signedIn();
    const response = await agent.get('/v1/ui/password');
    expect(response.statusCode).to.equal(200);
    for (const name of ['current_password', 'new_password', 'new_password_confirm', 'csrf_token']) expect(response.body).to.include(`name="${name}"`);
    expect(response.body).to.include('href="/v1/ui/password"');
    expect(response.headers['content-security-policy']).to.include("frame-ancestors 'none'");
    expect(response.headers['cache-control']).to.equal('no-store');
  });

  it('changes the password with the current one: the new one signs in, the old one no longer, and the change is audited with the user as actor', async () => {
    const { user, agent } = await signedIn();
    const response = await change(agent, {
      current_password: user.password,
      new_password: 'a-brand-new-password',
      new_password_confirm: 'a-brand-new-password',
    });
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.body).to.include('Password changed');
    expect(await verifyPassword('a-brand-new-password', await storedHash(user))).to.equal(true);
    expect(await canSignIn(user, 'a-brand-new-password')).to.equal(true);
    expect(await canSignIn(user, user.password)).to.equal(false);
    const event = await t.app
      .db('audit_events')
      .where({ type: 'principal.updated', target_id: user.id })
      .orderBy('seq', 'desc')
      .first('actor_subject', 'actor_token_kind', 'data', 'change');
    expect(event).to.deep.include({ actor_subject: user.id, actor_token_kind: 'session' });
    expect(event.data).to.include({ password_changed: true });
    expect(JSON.stringify(event)).to.not.include('a-brand-new-password');
  });

  it("ends the user's other sessions and renews this one", async () => {
    const { user, agent } = await signedIn();
    const elsewhere = new PageAgent(t.app);
    await signIn(elsewhere, user);
    const stranger = await signedIn();
    const cookieBefore = [...agent.cookies.values()].join();
    const response = await change(agent, {
      current_password: user.password,
      new_password: 'another-new-password',
      new_password_confirm: 'another-new-password',
    });
    expect(response.statusCode, response.body).to.equal(200);
    expect([...agent.cookies.values()].join(), 'a new session id').to.not.equal(cookieBefore);
    expect((await agent.get('/v1/ui/password')).statusCode, 'this browser stays signed in').to.equal(200);
    expect((await elsewhere.get('/v1/ui/password')).statusCode, 'the other session ended').to.equal(303);
    expect((await stranger.agent.get('/v1/ui/password')).statusCode, 'other users are untouched').to.equal(200);
  });

  it('refuses a wrong current password (400), changes nothing, and records an auth.failed for the user', async () => {
    const { user, agent } = await signedIn();
    const before = await storedHash(user);
    const response = await change(agent, {
      current_password: 'not-the-password',
      new_password: 'attacker-password-1',
      new_password_confirm: 'attacker-password-1',
    });
    expect(response.statusCode).to.equal(400);
    expect(response.body).to.include('The current password is incorrect.');
    expect(await storedHash(user)).to.equal(before);
    await t.app.auditLog.idle();
    const failure = await t.app.db('audit_events').where({ type: 'auth.failed', target_id: user.id }).first('data');
    expect(failure, 'auth.failed for the user').to.not.equal(undefined);
    expect(JSON.stringify(failure)).to.not.include('not-the-password');
  });

  it('refuses an unfit new password before looking at the current one (400)', async () => {
    const { user, agent } = await signedIn();
    const before = await storedHash(user);
    for (const [fields, message] of [
      [{ current_password: user.password, new_password: 'short', new_password_confirm: 'short' }, 'must have 12'],
      [{ current_password: user.password, new_password: 'a-long-new-password', new_password_confirm: 'a-different-password' }, 'differ'],
      [{ current_password: user.password, new_password: user.password, new_password_confirm: user.password }, 'must differ from the current one'],
    ] as const) {
      const response = await change(agent, fields);
      expect(response.statusCode).to.equal(400);
      expect(response.body).to.include(message);
    }
    expect(await storedHash(user)).to.equal(before);
  });

  it("does nothing without the session's CSRF token (403)", async () => {
    const { user, agent } = await signedIn();
    const before = await storedHash(user);
    const response = await agent.postForm('/v1/ui/password', {
      current_password: user.password,
      new_password: 'csrf-new-password',
      new_password_confirm: 'csrf-new-password',
    });
    expect(response.statusCode).to.equal(403);
    const forged = await agent.postForm('/v1/ui/password', {
      csrf_token: 'x'.repeat(43),
      current_password: user.password,
      new_password: 'csrf-new-password',
      new_password_confirm: 'csrf-new-password',
    });
    expect(forged.statusCode).to.equal(403);
    expect(await storedHash(user)).to.equal(before);
  });

  it('counts guesses of the current password in the sign-in throttle, parallel ones included', async () => {
    const { user, agent } = await signedIn();
    const before = await storedHash(user);
    const form = await agent.get('/v1/ui/password');
    const csrf = inputValue(form.body, 'csrf_token');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        agent.postForm('/v1/ui/password', {
          csrf_token: csrf,
          current_password: `guess-${i}-wrong`,
          new_password: 'guessed-new-password',
          new_password_confirm: 'guessed-new-password',
        }),
      ),
    );
    const statuses = guesses.map((guess) => guess.statusCode);
    expect(statuses.filter((status) => status === 400).length, statuses.join()).to.be.at.most(5);
    expect(
      statuses.every((status) => status === 400 || status === 429),
      statuses.join(),
    ).to.equal(true);
    const afterwards = await agent.postForm('/v1/ui/password', {
      csrf_token: csrf,
      current_password: user.password,
      new_password: 'guessed-new-password',
      new_password_confirm: 'guessed-new-password',
    });
    expect(afterwards.statusCode, 'the right password waits for the throttle too').to.equal(429);
    expect(afterwards.headers['retry-after']).to.match(/^\d+$/);
    expect(await storedHash(user)).to.equal(before);
  });
});
