import { expect } from 'chai';
import { decodeJwt } from 'jose';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createTestUser, pkcePair, type TestUser } from '../oauth/support/user-agent.js';
import { launchChromium } from './support/chromium.js';
import { startLoopbackReceiver, type LoopbackReceiver } from './support/loopback-receiver.js';

interface TokenAnswer {
  status: number;
  body: Record<string, unknown> & { access_token?: string; refresh_token?: string; error?: string };
}

/**
 * The CLI's sign-in, end to end, in headless Chromium against a server on loopback: sign in,
 * approve, receive the code on a loopback listener, redeem it with PKCE, refresh, and see reuse
 * of a rotated refresh token end the whole family.
 */
describe('browser: the CLI signs a user in with the authorization-code flow', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let receiver: LoopbackReceiver;
  let user: TestUser;
  before(async () => {
    browser = await launchChromium();
    t = await startTestApp({ listen: true });
    receiver = await startLoopbackReceiver();
    user = await createTestUser(t.app);
    context = await browser.newContext();
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await receiver?.close();
    await t?.close();
  });

  async function token(fields: Record<string, string>): Promise<TokenAnswer> {
    const response = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, body: (await response.json()) as TokenAnswer['body'] };
  }

  const apiStatus = async (accessToken: string): Promise<number> =>
    (await fetch(`${t.baseUrl}/policies`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

  it('signs in, approves, redeems with PKCE, refreshes, and a reused refresh token kills the family', async () => {
    const { verifier, challenge } = pkcePair();
    const state = `s+/=&?é ${Date.now()}`;
    const authorize = new URL(`${t.baseUrl}/oauth/authorize`);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: 'acctl-cli',
      redirect_uri: receiver.redirectUri,
      scope: 'read:policies read:principals',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }

    const page = await context.newPage();
    await page.goto(authorize.toString());
    expect(new URL(page.url()).pathname).to.equal('/v1/ui/sign-in');
    await page.fill('input[name="username"]', user.username);
    await page.fill('input[name="password"]', user.password);
    await Promise.all([page.waitForURL((url) => url.pathname === '/v1/oauth/authorize'), page.click('button[type="submit"]')]);

    expect(await page.textContent('#client-name')).to.equal('acctl CLI');
    expect(await page.textContent('#scopes')).to.include('read:policies');
    if (process.env.ACCTL_TEST_SCREENSHOTS) await page.screenshot({ path: `${process.env.ACCTL_TEST_SCREENSHOTS}/consent.png`, fullPage: true });

    const callback = receiver.nextCallback();
    await page.click('button[name="decision"][value="approve"]');
    const query = await callback;
    await page.waitForURL((url) => url.port === new URL(receiver.redirectUri).port);
    expect(query.get('state')).to.equal(state);
    expect(query.get('iss')).to.equal(t.config.publicUrl);
    const code = query.get('code');
    expect(code).to.be.a('string');

    const first = await token({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: receiver.redirectUri,
      client_id: 'acctl-cli',
      code_verifier: verifier,
    });
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body).to.include({ token_type: 'Bearer', expires_in: 3600, scope: 'read:policies read:principals' });
    expect(first.body.created_at).to.be.a('number');
    expect(decodeJwt(first.body.access_token!)).to.include({ sub: user.id, client_id: 'acctl-cli' });
    expect(await apiStatus(first.body.access_token!)).to.equal(200);

    const second = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token!, client_id: 'acctl-cli' });
    expect(second.status, JSON.stringify(second.body)).to.equal(200);
    expect(second.body).to.not.have.property('created_at');
    expect(second.body.refresh_token).to.not.equal(first.body.refresh_token);
    expect(await apiStatus(second.body.access_token!)).to.equal(200);

    // The first refresh token was rotated: presenting it again means it leaked.
    const reused = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token!, client_id: 'acctl-cli' });
    expect(reused).to.deep.include({ status: 400 });
    expect(reused.body.error).to.equal('invalid_grant');

    const newest = await token({ grant_type: 'refresh_token', refresh_token: second.body.refresh_token!, client_id: 'acctl-cli' });
    expect(newest.status).to.equal(400);
    expect(newest.body.error).to.equal('invalid_grant');
    expect(await apiStatus(first.body.access_token!)).to.equal(401);
    expect(await apiStatus(second.body.access_token!)).to.equal(401);
  });

  it('sends the user back with error=access_denied when they deny', async () => {
    const { challenge } = pkcePair();
    const authorize = new URL(`${t.baseUrl}/oauth/authorize`);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: 'acctl-cli',
      redirect_uri: receiver.redirectUri,
      state: 'denied',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }
    const page = await context.newPage();
    await page.goto(authorize.toString());
    // Still signed in from the first test: straight to the consent page.
    expect(new URL(page.url()).pathname).to.equal('/v1/oauth/authorize');
    const callback = receiver.nextCallback();
    await page.click('button[name="decision"][value="deny"]');
    const query = await callback;
    expect(query.get('error')).to.equal('access_denied');
    expect(query.get('state')).to.equal('denied');
    expect(query.has('code')).to.equal(false);
  });

  it("cannot be framed: Chromium refuses to show the consent page in another site's iframe", async () => {
    const { challenge } = pkcePair();
    const authorize = new URL(`${t.baseUrl}/oauth/authorize`);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: 'acctl-cli',
      redirect_uri: receiver.redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }
    const page = await context.newPage();
    const attacker = await startLoopbackReceiver();
    try {
      await page.goto(attacker.redirectUri);
      await page.setContent(`<iframe id="victim" src="${authorize.toString().replace(/"/g, '&quot;')}"></iframe>`);
      await page.waitForTimeout(1000);
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
      const framedText = frame ? await frame.evaluate('document.body ? document.body.innerText : ""').catch(() => '') : '';
      expect(String(framedText)).to.not.include('Approve');
    } finally {
      await attacker.close();
    }
  });
});
