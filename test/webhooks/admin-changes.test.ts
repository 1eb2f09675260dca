import { expect } from 'chai';
import { runCli } from '../cli/run-cli.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, createWebhook, deliveriesOf, webhookTestConfig } from './fixtures.js';

/**
 * Webhooks hear of recorded events as the audit log's subscriber, passed in where each log is
 * built (app.ts for the server, admin/database.ts for `acctl server ...`). A change made by `acctl server ...` in a process
 * of its own must reach them as well as one made through the API.
 */
describe('webhooks hear of changes made outside the server', function () {
  this.timeout(90_000);
  let t: TestApp;
  let token: string;

  before(async () => {
    t = await startTestApp({ config: webhookTestConfig });
    token = await adminToken(t.app);
  });
  after(async () => t?.close());

  it('a client registered by acctl server client create is delivered to a webhook subscribed to client.created', async () => {
    const hook = await createWebhook(t.app, token, { url: 'http://127.0.0.1:9/hook', event_types: ['client.created'] });
    const created = await runCli(['server', 'client', 'create', '--name', 'from-the-cli', '--scope', 'read:audit', '--json'], {
      env: { DATABASE_URL: t.config.databaseUrl },
    });
    expect(created.exitCode, created.stderr).to.equal(0);
    expect((await deliveriesOf(t.app, token, hook.id)).map((delivery) => delivery.event_type)).to.deep.equal(['client.created']);
  });
});
