import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword, passwordHashingStats, resetPasswordHashingStats } from '../../server/src/security/passwords.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { comparableHeaders } from '../helpers/responses.js';
import { createTestUser, inputValue, PageAgent, signIn, type TestUser } from '../oauth/support/user-agent.js';

/** The form's answer without what differs between any two requests (date, request id, rate-limit count) and the echoed username. */
function comparable(response: LightMyRequestResponse, username: string): { status: number; headers: Record<string, unknown>; body: string } {
  const { 'content-length': _length, ...headers } = comparableHeaders(response.headers);
  return { status: response.statusCode, headers, body: response.body.replaceAll(username, '<username>') };
}

describe('sign-in, sessions and sign-out', function () {
  // Each password check is a real scrypt, at the tests' cost (helpers/app.ts): what is checked here is
  // counted (passwordHashingStats), never timed, so the production cost would only spend CPU.
  this.timeout(60_000);
  let t: TestApp;
  let user: TestUser;
  let address = 0;
  /** A browser at an address of its own, so throttling in one test does not reach another. */
  const newAddress = (): string => `10.0.0.${++address}`;
  const newAgent = (remoteAddress = newAddress()): PageAgent => new PageAgent(t.app, { remoteAddress });
  before(async () => {
    t = await startTestApp();
    user = await createTestUser(t.app);
  });
  after(async () => t.close());

  async function attempt(agent: PageAgent, username: string, password: string, returnTo = '/v1/ui/dashboard'): Promise<LightMyRequestResponse> {
    const form = await agent.get('/v1/ui/sign-in');
    return agent.postForm('/v1/ui/sign-in', { csrf_token: inputValue(form.body, 'csrf_token'), username, password, return_to: returnTo });
  }

  it('serves the form with the stable field names username and password, and page security headers', async () => {
    const response = await newAgent().get('/v1/ui/sign-in');
    expect(response.statusCode).to.equal(200);
    expect(response.body).to.match(/<input type="text" id="username" name="username"/);
    expect(response.body).to.match(/<input type="password" id="password" name="password"/);
    expect(response.headers['content-security-policy']).to.include("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).to.equal('DENY');
  });

  it('signs in with 303 to return_to and a new HttpOnly, SameSite=Lax session cookie', async () => {
    const agent = newAgent();
    const form = await agent.get('/v1/ui/sign-in');
    const before = agent.cookies.get('acctl_session');
    expect(String(form.headers['set-cookie'])).to.match(/^acctl_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    const response = await agent.postForm('/v1/ui/sign-in', {
      csrf_token: inputValue(form.body, 'csrf_token'),
      username: user.username,
      password: user.password,
      return_to: '/v1/ui/sign-out',
    });
    expect(response.statusCode).to.equal(303);
    expect(response.headers.location).to.equal('/v1/ui/sign-out');
    expect(response.headers['set-cookie']).to.be.an('array').with.length(2);
    expect((response.headers['set-cookie'] as string[])[1]).to.match(/^acctl_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/);
    // A session id known before sign-in never becomes a signed-in one (session fixation).
    expect(agent.cookies.get('acctl_session')).to.not.equal(before);
    expect(await t.app.db('web_sessions').where({ principal_id: user.id }).first()).to.not.equal(undefined);
  });

  it('signs in case-insensitively on the username', async () => {
    expect((await attempt(newAgent(), user.username.toUpperCase(), user.password)).statusCode).to.equal(303);
  });

  it('stores the session id as SHA-256 only', async () => {
    const agent = newAgent();
    await signIn(agent, user);
    const id = agent.cookies.get('acctl_session')!;
    expect(JSON.stringify(await t.app.db('web_sessions').select('*'))).to.not.include(id);
  });

  it('never sends the browser off-site after sign-in, whatever return_to says', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/v1/policies']) {
      const response = await attempt(newAgent(), user.username, user.password, returnTo);
      expect(response.headers.location, returnTo).to.equal('/v1/ui/dashboard');
    }
  });

  it('answers a form POST without the CSRF token with a 403 page, and does not sign in', async () => {
    const agent = newAgent();
    await agent.get('/v1/ui/sign-in');
    const response = await agent.postForm('/v1/ui/sign-in', { username: user.username, password: user.password });
    expect(response.statusCode).to.equal(403);
    expect(response.headers['content-type']).to.match(/^text\/html/);
    expect(response.body).to.include('id="error-code">forbidden<');
    expect(response.headers['set-cookie']).to.equal(undefined);
  });

  it('answers a form POST without any session with 403', async () => {
    const agent = newAgent();
    const form = await agent.get('/v1/ui/sign-in');
    agent.cookies.clear();
    expect(
      (await agent.postForm('/v1/ui/sign-in', { csrf_token: inputValue(form.body, 'csrf_token'), username: user.username, password: user.password }))
        .statusCode,
    ).to.equal(403);
  });

  it('answers an unknown username and a wrong password alike, in status, headers, body and work (one scrypt each, at one cost)', async () => {
    const agent = newAgent();
    const form = await agent.get('/v1/ui/sign-in');
    const csrf = inputValue(form.body, 'csrf_token');
    const post = (username: string): Promise<LightMyRequestResponse> =>
      agent.postForm('/v1/ui/sign-in', { csrf_token: csrf, username, password: 'wrong-password-123', return_to: '/v1/ui/dashboard' });
    /** The response, and the scrypt checks it ran (passwords.ts counts every one, HashingSlots). */
    const checked = async (username: string): Promise<{ response: LightMyRequestResponse; hashes: number }> => {
      resetPasswordHashingStats();
      const response = await post(username);
      return { response, hashes: passwordHashingStats().started };
    };
    const unknownName = 'nobody-by-this-name';
    // The process makes its decoy hash once, at the first unknown name, at the configured cost.
    await post(unknownName);
    const unknown = await checked(unknownName);
    const wrong = await checked(user.username);
    expect(comparable(unknown.response, unknownName)).to.deep.equal(comparable(wrong.response, user.username));
    expect(unknown.response.statusCode).to.equal(200);
    expect(unknown.response.body).to.include('The username or password is incorrect.');
    // The time both take is one scrypt's: counted, not timed, so a busy machine cannot fail it.
    expect({ unknown: unknown.hashes, wrong: wrong.hashes }).to.deep.equal({ unknown: 1, wrong: 1 });
    const stored = (await t.app.db('principals').where({ id: user.id }).first()) as { password_hash: string };
    const decoy = await hashPassword('any');
    expect(decoy.split('$').slice(0, 4), 'new hashes, the decoy among them, are made at the cost of the stored passwords').to.deep.equal(
      stored.password_hash.split('$').slice(0, 4),
    );
  });

  it('refuses a disabled user with the same message', async () => {
    const disabled = await createTestUser(t.app);
    await t.app.db('principals').where({ id: disabled.id }).update({ status: 'disabled' });
    const response = await attempt(newAgent(), disabled.username, disabled.password);
    expect(response.statusCode).to.equal(200);
    expect(response.body).to.include('The username or password is incorrect.');
  });

  describe('throttling: 5 failures per username and address in 15 minutes', () => {
    // Each test guesses at a user of its own: the per-username ceiling (20 failures from all
    // addresses) counts every test's failures together.
    let target: TestUser;
    beforeEach(async () => {
      target = await createTestUser(t.app);
    });

    it('answers the sixth attempt 429 with Retry-After, even with the right password', async () => {
      const agent = newAgent();
      for (let failure = 1; failure <= 5; failure += 1) expect((await attempt(agent, target.username, 'wrong-password')).statusCode).to.equal(200);
      const sixth = await attempt(agent, target.username, target.password);
      expect(sixth.statusCode).to.equal(429);
      expect(Number(sixth.headers['retry-after'])).to.be.within(1, 900);
      expect(sixth.body).to.include('Too many failed sign-ins');
      expect(sixth.headers['set-cookie']).to.equal(undefined);
    });

    it('throttles an unknown username the same way', async () => {
      const agent = newAgent();
      for (let failure = 1; failure <= 5; failure += 1) await attempt(agent, 'ghost-user', 'x');
      expect((await attempt(agent, 'ghost-user', 'x')).statusCode).to.equal(429);
    });

    it('does not throttle the same username from another address, nor another username from this one', async () => {
      const agent = newAgent();
      for (let failure = 1; failure <= 5; failure += 1) await attempt(agent, target.username, 'wrong-password');
      expect((await attempt(newAgent(), target.username, target.password)).statusCode).to.equal(303);
      const other = await createTestUser(t.app);
      expect((await attempt(agent, other.username, other.password)).statusCode).to.equal(303);
    });

    it('lets the username in again once the failures leave the window', async () => {
      const agent = newAgent();
      for (let failure = 1; failure <= 5; failure += 1) await attempt(agent, target.username, 'wrong-password');
      expect((await attempt(agent, target.username, target.password)).statusCode).to.equal(429);
      await t.app.db('credential_attempts').update({ attempted_at: new Date(Date.now() - 16 * 60 * 1000) });
      expect((await attempt(agent, target.username, target.password)).statusCode).to.equal(303);
    });

    it('forgets earlier failures after a successful sign-in', async () => {
      const at = newAddress();
      for (let failure = 1; failure <= 4; failure += 1) await attempt(newAgent(at), target.username, 'wrong-password');
      expect((await attempt(newAgent(at), target.username, target.password)).statusCode).to.equal(303);
      for (let failure = 1; failure <= 4; failure += 1) expect((await attempt(newAgent(at), target.username, 'wrong-password')).statusCode).to.equal(200);
    });
  });

  describe('sign-out', () => {
    it('ends the session everywhere: a copied cookie stops working', async () => {
      const agent = newAgent();
      await signIn(agent, user);
      const copy = newAgent();
      copy.cookies.set('acctl_session', agent.cookies.get('acctl_session')!);
      expect((await copy.get('/v1/ui/sign-out')).statusCode).to.equal(200);

      const page = await agent.get('/v1/ui/sign-out');
      const response = await agent.postForm('/v1/ui/sign-out', { csrf_token: inputValue(page.body, 'csrf_token') });
      expect(response.statusCode).to.equal(303);
      expect(response.headers.location).to.equal('/v1/ui/sign-in?signed_out=1');
      expect(String(response.headers['set-cookie'])).to.match(/^acctl_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);

      const afterwards = await copy.get('/v1/ui/dashboard');
      expect(afterwards.statusCode).to.equal(303);
      expect(afterwards.headers.location).to.match(/^\/v1\/ui\/sign-in\?/);
    });

    it('refuses a sign-out POST without the CSRF token (no logout CSRF)', async () => {
      const agent = newAgent();
      await signIn(agent, user);
      expect((await agent.postForm('/v1/ui/sign-out', {})).statusCode).to.equal(403);
      expect((await agent.get('/v1/ui/sign-out')).statusCode).to.equal(200);
    });
  });

  describe('over https', () => {
    let secure: TestApp;
    before(async () => {
      secure = await startTestApp({ config: { publicUrl: 'https://acctl.example.com' } });
    });
    after(async () => secure.close());

    it('uses a __Host- cookie marked Secure', async () => {
      const response = await new PageAgent(secure.app).get('/v1/ui/sign-in');
      expect(String(response.headers['set-cookie'])).to.match(
        /^__Host-acctl_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure$/,
      );
    });
  });
});
