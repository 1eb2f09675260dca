import { expect } from 'chai';
import { DestinationRefused, parseWebhookUrl, resolveDestination } from '../../server/src/security/destination.js';
import { forbiddenAddressReason } from '../../server/src/security/private-addresses.js';
import { sendSigned } from '../../server/src/domains/webhooks/send-signed.js';
import { encryptSigningSecret } from '../../server/src/domains/webhooks/secret-store.js';
import { generateSigningSecret } from '../../server/src/domains/webhooks/signature.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { expectProblem } from '../helpers/responses.js';
import { bearer } from '../helpers/credentials.js';
import { adminToken, createWebhook, deliveriesOf, eventually, raise, sampleEvent, webhookTestConfig } from './fixtures.js';
import { Receiver } from './receiver.js';

// node-oidc-provider guards its outbound requests against private addresses, and tests it; so do we.
describe('webhook destinations: the guard against requests into private networks (SSRF)', () => {
  describe('forbiddenAddressReason', () => {
    const forbidden = [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '100.127.255.255',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'febf::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '2002:c0a8:101::1',
      '[::1]',
      'fe80::1%eth0',
    ];
    const allowed = [
      '93.184.215.14',
      '8.8.8.8',
      '100.128.0.1',
      '172.32.0.1',
      '169.255.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ];

    for (const address of forbidden) {
      it(`refuses ${address}`, () => expect(forbiddenAddressReason(address)).to.be.a('string'));
    }
    it('allows public IPv4 and IPv6 addresses, mapped or not', () => {
      for (const address of allowed) expect(forbiddenAddressReason(address), address).to.equal(null);
    });
  });

  describe('URL rules', () => {
    const strict = { allowHttp: false, allowPrivateNetworks: false };
    it('refuses http unless allowed, credentials and fragments', () => {
      expect(() => parseWebhookUrl('http://example.com/hook', strict)).to.throw(DestinationRefused, /https/);
      expect(parseWebhookUrl('http://example.com/hook', { ...strict, allowHttp: true }).href).to.equal('http://example.com/hook');
      expect(() => parseWebhookUrl('https://user:pass@example.com/hook', strict)).to.throw(DestinationRefused, /credentials/);
      expect(() => parseWebhookUrl('https://example.com/hook#x', strict)).to.throw(DestinationRefused, /fragment/);
      expect(() => parseWebhookUrl('ftp://example.com/', strict)).to.throw(DestinationRefused);
      expect(() => parseWebhookUrl('/relative', strict)).to.throw(DestinationRefused);
    });

    it('checks every address a host resolves to, not only the first', async () => {
      const resolveHost = async (): Promise<string[]> => ['93.184.215.14', '10.0.0.7'];
      const refused = await resolveDestination(new URL('https://mixed.example/'), strict, resolveHost).catch((error: Error) => error);
      expect(refused).to.be.instanceOf(DestinationRefused);
      expect((refused as Error).message).to.match(/10\.0\.0\.7, a private/);
    });

    it('refuses a host that does not resolve', async () => {
      const resolveHost = async (): Promise<string[]> => {
        throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
      };
      await resolveDestination(new URL('https://nowhere.example/'), strict, resolveHost).then(
        () => expect.fail('resolved'),
        (error: Error) => expect(error.message).to.match(/does not resolve \(ENOTFOUND\)/),
      );
    });
  });

  describe('at creation (webhooksAllowPrivateNetworks: false)', () => {
    let t: TestApp;
    let token: string;
    before(async () => {
      t = await startTestApp({ config: { ...webhookTestConfig, webhooksAllowPrivateNetworks: false } });
      token = await adminToken(t.app);
    });
    after(async () => t.close());

    const refused = [
      'http://127.0.0.1/hook',
      'http://localhost:8080/hook',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.0.10/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.1.1/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
      'http://127.1/',
    ];
    for (const url of refused) {
      it(`refuses ${url}`, async () => {
        const body = expectProblem(
          await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(token), payload: { url, event_types: ['*'] } }),
          400,
          'webhook_url_not_allowed',
        );
        expect(body.detail).to.match(/resolves to .* address/);
      });
    }

    it('accepts a public address', async () => {
      const hook = await createWebhook(t.app, token, { url: 'https://93.184.215.14/hook', event_types: ['*'] });
      expect(hook.url).to.equal('https://93.184.215.14/hook');
    });

    it('refuses the same URLs in PATCH', async () => {
      const hook = await createWebhook(t.app, token, { url: 'https://93.184.215.14/hook', event_types: ['*'] });
      expectProblem(
        await t.app.inject({ method: 'PATCH', url: `/v1/webhooks/${hook.id}`, headers: bearer(token), payload: { url: 'http://localhost/' } }),
        400,
        'webhook_url_not_allowed',
      );
    });
  });

  it('refuses http:// URLs unless webhooksAllowHttp is set', async () => {
    const t = await startTestApp({ config: { webhooksAllowHttp: false, webhooksAllowPrivateNetworks: false } });
    try {
      const token = await adminToken(t.app);
      const body = expectProblem(
        await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(token), payload: { url: 'http://93.184.215.14/hook', event_types: ['*'] } }),
        400,
        'webhook_url_not_allowed',
      );
      expect(body.detail).to.match(/https/);
    } finally {
      await t.close();
    }
  });

  it('checks again at delivery: a host that resolves to 127.0.0.1 (localhost) is refused when private networks are not allowed', async () => {
    const receiver = await Receiver.start();
    const databaseUrl = await freshDatabase();
    // Created while the configuration allowed it (or while DNS answered a public address)...
    const before = await startTestApp({ databaseUrl, config: { ...webhookTestConfig, webhookConcurrency: 0 } });
    const token = await adminToken(before.app);
    const hook = await createWebhook(before.app, token, { url: `http://localhost:${receiver.port}/hook`, event_types: ['policy.created'] });
    await before.close();
    // ...and delivered where it is not allowed.
    const t = await startTestApp({
      databaseUrl,
      config: { ...webhookTestConfig, webhooksAllowPrivateNetworks: false, keyEncryptionKey: before.config.keyEncryptionKey },
    });
    try {
      const adminAgain = await adminToken(t.app);
      await raise(t.app.db, sampleEvent('policy.created'));
      const [delivery] = await eventually(async () => {
        const deliveries = await deliveriesOf(t.app, adminAgain, hook.id);
        return deliveries[0]?.attempts.length ? deliveries : undefined;
      });
      expect(delivery!.attempts[0]!.error).to.match(/^destination refused: The host localhost resolves to (127\.0\.0\.1|::1), a loopback/);
      expect(delivery!.attempts[0]!.status_code).to.equal(null);
      expect(receiver.requests).to.have.lengthOf(0);
    } finally {
      await t.close();
      await receiver.close();
    }
  });

  it('connects to the address it checked, not to a second DNS answer (the name is never resolved again)', async () => {
    const receiver = await Receiver.start();
    try {
      const secret = generateSigningSecret();
      const webhook = {
        id: 'w1',
        url: `http://receiver.invalid:${receiver.port}/pinned`,
        secret_ciphertext: encryptSigningSecret(secret, Buffer.alloc(32, 7).toString('base64'), 'w1'),
      };
      let lookups = 0;
      const resolveHost = async (): Promise<string[]> => (lookups++, ['127.0.0.1']);
      const result = await sendSigned(
        webhook,
        'msg_1',
        '{}',
        { policy: { allowHttp: true, allowPrivateNetworks: true }, timeoutMs: 1000, keyEncryptionKey: Buffer.alloc(32, 7).toString('base64') },
        { resolveHost },
      );
      expect(result).to.include({ ok: true, statusCode: 200 });
      expect(lookups).to.equal(1);
      expect(receiver.requests[0]!.headers.host).to.equal(`receiver.invalid:${receiver.port}`);
      expect(receiver.requests[0]!.url).to.equal('/pinned');
    } finally {
      await receiver.close();
    }
  });
});
