import { expect } from 'chai';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { Webhook, WebhookCreated, WebhookDelivery, WebhookDeliveryList, WebhookList, WebhookTestResult } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { adminToken, deliveriesOf, eventually, raise, sampleEvent, webhookTestConfig } from '../webhooks/fixtures.js';
import { Receiver } from '../webhooks/receiver.js';
import { apiAs, apiCli } from './resources-support.js';
import type { CliResult } from './run-cli.js';

describe('acctl webhook (against a running server and a receiver on loopback)', function () {
  this.timeout(300000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let receiver: Receiver;
  let token: string;
  let hook: WebhookCreated;

  before(async () => {
    // The test config allows http:// and private addresses, so a receiver on 127.0.0.1 is a valid URL.
    t = await startTestApp({ listen: true, config: webhookTestConfig });
    const { client } = await apiAs(t, ['admin:all']);
    cli = apiCli(t, client);
    token = await adminToken(t.app);
    receiver = await Receiver.start();
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });

  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };

  it('creates a webhook and prints its signing secret in the JSON answer', async () => {
    hook = ok(await cli(['webhook', 'create', '--url', receiver.url(), '--event', '*', '--description', 'all events', '--json'])).json<WebhookCreated>();
    expectSchema('webhook-created', hook);
    expect(hook).to.include({ url: receiver.url(), description: 'all events', enabled: true });
    expect(hook.event_types).to.deep.equal(['*']);
  });

  it('prints the secret once for people, saying it will not be shown again', async () => {
    const result = ok(await cli(['webhook', 'create', '--url', receiver.url('/other'), '--event', 'policy.created', '--event', 'policy.updated']));
    const secret = /whsec_[A-Za-z0-9+/]{43}=/.exec(result.stdout)?.[0];
    expect(secret, result.stdout).to.be.a('string');
    expect(result.stdout).to.contain('it will not be shown again');
    const id = /^\s*id\s+(\S+)$/m.exec(result.stdout)![1]!;
    const shown = ok(await cli(['webhook', 'get', id])).stdout;
    expect(shown).to.contain('policy.created, policy.updated').and.not.to.contain('whsec_');
    ok(await cli(['webhook', 'delete', id]));
  });

  it("refuses an unknown event type with the server's detail and exit code 2", async () => {
    const result = await cli(['webhook', 'create', '--url', receiver.url(), '--event', 'no.such.event', '--json']);
    expect(result.exitCode).to.equal(exitCodes.usage_error);
    expect(result.json<{ error: { code: string; message: string } }>().error.code).to.equal('usage_error');
  });

  it('lists webhooks as the API envelope, without secrets', async () => {
    const list = ok(await cli(['webhook', 'list', '--json'])).json<WebhookList>();
    expect(list.data.map((webhook) => webhook.id)).to.deep.equal([hook.id]);
    expect(JSON.stringify(list)).not.to.contain('whsec_');
    expect(list.pagination).to.include({ total: 1, page: 1 });
  });

  it('lists webhooks as a table for people', async () => {
    const result = ok(await cli(['webhook', 'list']));
    const [header, row] = result.stdout.trimEnd().split('\n');
    expect(header).to.match(/^ID\s+URL\s+EVENTS\s+STATE\s+DESCRIPTION$/);
    expect(row).to.contain(hook.id).and.to.contain(receiver.url()).and.to.contain('enabled');
    expect(result.stderr).to.contain('page 1 of 1 (1 in all');
  });

  it('gets a webhook by id', async () => {
    const got = ok(await cli(['webhook', 'get', hook.id, '--json'])).json<Webhook>();
    expectSchema('webhook', got);
    expect(got).to.include({ id: hook.id, url: receiver.url() });
  });

  it('disables and enables a webhook, and changes its description', async () => {
    const disabled = ok(await cli(['webhook', 'update', hook.id, '--disable', '--json'])).json<Webhook>();
    expect(disabled.enabled).to.equal(false);
    expect(disabled.disabled_reason).to.be.a('string');
    const enabled = ok(await cli(['webhook', 'update', hook.id, '--enable', '--description', 'everything', '--json'])).json<Webhook>();
    expect(enabled).to.include({ enabled: true, description: 'everything', disabled_at: null });
  });

  it('refuses an update that changes nothing, before calling the server', async () => {
    const result = await cli(['webhook', 'update', hook.id]);
    expect(result.exitCode).to.equal(exitCodes.usage_error);
    expect(result.stderr).to.contain('Nothing to change');
  });

  it('sends a signed webhook.test event that the receiver gets, and prints its result', async () => {
    const before = receiver.requests.length;
    const result = ok(await cli(['webhook', 'test', hook.id, '--json'])).json<WebhookTestResult>();
    expect(result).to.include({ success: true, status_code: 200 });
    // Found by its id: a delivery of an event an earlier test raised may reach the receiver in between.
    const request = receiver.requests.slice(before).find((received) => received.headers['webhook-id'] === result.message_id);
    expect(request, `no request with webhook-id ${result.message_id}`).to.not.equal(undefined);
    const payload = new StandardWebhook(hook.secret).verify(request!.body, request!.headers as Record<string, string>) as { type: string };
    expect(payload.type).to.equal('webhook.test');
  });

  it('exits 11 when the receiver refuses the test event, with the result still the JSON document', async () => {
    receiver.answer([{ status: 500, body: 'broken' }]);
    try {
      const result = await cli(['webhook', 'test', hook.id, '--json']);
      expect(result.exitCode).to.equal(exitCodes.delivery_failed);
      expect(result.json<WebhookTestResult>()).to.include({ success: false, status_code: 500 });
      const human = await cli(['webhook', 'test', hook.id]);
      expect(human.exitCode).to.equal(exitCodes.delivery_failed);
      expect(human.stdout).to.contain('failed');
      expect(human.stderr).to.contain('did not accept the test event');
    } finally {
      receiver.answer([{ status: 200 }]);
    }
  });

  it('shows the delivery log with the attempts, filtered by status', async () => {
    await raise(t.app.db, sampleEvent('policy.created', 'pol-cli'));
    const delivered = await eventually(
      async () => (await deliveriesOf(t.app, token, hook.id)).find((d: WebhookDelivery) => d.event_type === 'policy.created' && d.status === 'succeeded'),
      15_000,
      'the delivery',
    );
    const list = ok(await cli(['webhook', 'deliveries', hook.id, '--status', 'succeeded', '--json'])).json<WebhookDeliveryList>();
    expectSchema('webhook-delivery-list', list);
    expect(list.data.map((delivery) => delivery.id)).to.include(delivered.id);
    expect(list.data.every((delivery) => delivery.status === 'succeeded')).to.equal(true);
    expect(list.data.find((delivery) => delivery.id === delivered.id)!.attempts).to.have.lengthOf(1);
    // Only failed ones: a delivery still pending when an earlier test disabled the webhook may be among them.
    const failed = ok(await cli(['webhook', 'deliveries', hook.id, '--status', 'failed', '--json'])).json<WebhookDeliveryList>().data;
    expect(failed.map((delivery) => delivery.status).filter((status) => status !== 'failed')).to.deep.equal([]);
    expect(failed.map((delivery) => delivery.id)).to.not.include(delivered.id);
    const lines = ok(await cli(['webhook', 'deliveries', hook.id, '--attempts']))
      .stdout.trimEnd()
      .split('\n');
    expect(lines[0]).to.match(/^ID\s+EVENT\s+STATUS\s+ATTEMPTS\s+LAST\s+NEXT\s+CREATED$/);
    const row = lines.findIndex((line) => line.startsWith(delivered.id));
    expect(lines[row])
      .to.contain('policy.created')
      .and.to.contain('succeeded')
      .and.to.match(/200 in \d+ ms/);
    expect(lines[row + 1]).to.match(/^\s+#1 \d{4}-\d\d-\d\d /);
  });

  it('redelivers a delivery: the receiver gets the same message id again', async () => {
    const delivery = (await deliveriesOf(t.app, token, hook.id)).find((d) => d.event_type === 'policy.created');
    const firstRequest = receiver.requests.find((request) => request.headers['webhook-id'] === delivery!.event_id);
    expect(firstRequest, 'the first delivery arrived').to.not.equal(undefined);
    const before = receiver.requests.length;
    const queued = ok(await cli(['webhook', 'redeliver', hook.id, delivery!.id, '--json'])).json<WebhookDelivery>();
    expect(queued).to.include({ id: delivery!.id, status: 'pending' });
    await eventually(
      async () => receiver.requests.slice(before).find((request) => request.headers['webhook-id'] === delivery!.event_id),
      15_000,
      'the redelivery',
    );
  });

  it("deletes a webhook; getting it then exits 4 with the server's detail", async () => {
    expect(ok(await cli(['webhook', 'delete', hook.id, '--json'])).json()).to.deep.equal({ id: hook.id, deleted: true });
    const result = await cli(['webhook', 'get', hook.id, '--json']);
    expect(result.exitCode).to.equal(exitCodes.not_found);
    expect(result.json<{ error: { code: string } }>().error.code).to.equal('not_found');
  });
});
