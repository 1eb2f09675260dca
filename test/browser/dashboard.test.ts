import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createTestUser, type TestUser } from '../oauth/support/user-agent.js';
import { launchChromium } from './support/chromium.js';

/** An administrator registers a client in the dashboard and uses the secret it shows. */
describe('browser: registering a client in the dashboard', () => {
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
});
