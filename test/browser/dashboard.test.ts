import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { createTestUser, type TestUser } from '../oauth/support/user-agent.js';
import { launchChromium } from './support/chromium.js';

/** An administrator registers a client in the dashboard and uses the secret it shows. */
describe('browser: registering a client in the dashboard, and consenting to an agent', () => {
  let t: TestApp;
  let browser: Browser;
  let admin: TestUser;
  before(async () => {
    browser = await launchChromium();
    t = await startTestApp({ listen: true });
    admin = await createTestUser(t.app, { admin: true });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('registers a confidential client whose shown secret gets a client_credentials token', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${t.baseUrl}/ui/dashboard`);
      expect(new URL(page.url()).pathname).to.equal('/v1/ui/sign-in');
      if (process.env.ACCTL_TEST_SCREENSHOTS) await page.screenshot({ path: `${process.env.ACCTL_TEST_SCREENSHOTS}/sign-in.png` });
      await page.fill('input[name="username"]', admin.username);
      await page.fill('input[name="password"]', admin.password);
      await Promise.all([page.waitForURL((url) => url.pathname === '/v1/ui/dashboard'), page.click('button[type="submit"]')]);

      if (process.env.ACCTL_TEST_SCREENSHOTS) await page.screenshot({ path: `${process.env.ACCTL_TEST_SCREENSHOTS}/dashboard.png`, fullPage: true });
      await page.fill('input[name="name"]', 'reporting service');
      await page.check('input[name="client_type"][value="confidential"]');
      await page.check('input[name="grant_types"][value="client_credentials"]');
      await page.check('input[name="scopes"][value="read:policies"]');
      await page.check('input[name="scopes"][value="read:audit"]');
      await Promise.all([page.waitForURL((url) => url.pathname === '/v1/ui/dashboard/clients'), page.click('button:has-text("Register client")')]);

      const clientId = (await page.textContent('#client-id'))!.trim();
      const clientSecret = (await page.textContent('#client-secret'))!.trim();
      expect(clientSecret).to.match(/^acctl_cs_[0-9A-Za-z]{49}$/);
      if (process.env.ACCTL_TEST_SCREENSHOTS) await page.screenshot({ path: `${process.env.ACCTL_TEST_SCREENSHOTS}/client-secret.png`, fullPage: true });

      const response = await fetch(`${t.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
      });
      expect(response.status).to.equal(200);
      const body = (await response.json()) as { access_token: string; scope: string };
      expect(body.scope).to.equal('read:policies read:audit');
      const policies = await fetch(`${t.baseUrl}/policies`, { headers: { authorization: `Bearer ${body.access_token}` } });
      expect(policies.status).to.equal(200);

      // The secret is shown once: the dashboard lists the client without it.
      await page.click('a:has-text("Back to the dashboard")');
      expect(await page.textContent(`tr[data-client-id="${clientId}"]`)).to.include('reporting service');
      expect(await page.content()).to.not.include(clientSecret);
    } finally {
      await context.close();
    }
  });
  it('lets a user allow an agent on the delegations page, then revoke it, by clicking alone', async () => {
    const agent = await registerClient(t.app, ['read:policies'], { grantTypes: ['client_credentials', 'urn:ietf:params:oauth:grant-type:token-exchange'] });
    const user = await createTestUser(t.app);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${t.baseUrl}/ui/delegations`);
      await page.fill('input[name="username"]', user.username);
      await page.fill('input[name="password"]', user.password);
      await Promise.all([page.waitForURL((url) => url.pathname === '/v1/ui/delegations'), page.click('button[type="submit"]')]);

      await page.selectOption('select[name="agent_client_id"]', agent.clientId);
      await page.check('input[name="scopes"][value="read:policies"]');
      await Promise.all([page.waitForURL((url) => url.search === '?granted=1'), page.click('button:has-text("Allow")')]);
      const row = page.locator('#grants tr[data-state="live"]');
      expect(await row.textContent()).to.include(agent.clientId);

      await Promise.all([page.waitForURL((url) => url.search === '?revoked=1'), row.locator('button:has-text("Revoke")').click()]);
      expect(await page.locator('#grants tr[data-state="revoked"]').count()).to.equal(1);
      expect(await page.locator('#grants tr[data-state="live"]').count()).to.equal(0);
    } finally {
      await context.close();
    }
  });
});
