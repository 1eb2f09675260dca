import { expect } from 'chai';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { disableReason } from '../../server/src/domains/webhooks/disable-rule.js';
import { retryDelayMs } from '../../server/src/domains/webhooks/retry-schedule.js';
import { generateSigningSecret, signDelivery } from '../../server/src/domains/webhooks/signature.js';
import { defaults } from '../../server/src/config/defaults.js';

describe('webhook retry schedule, disable rule and signatures (pure)', () => {
  const schedule = { maxAttempts: defaults.webhookMaxAttempts, baseDelayMs: defaults.webhookRetryBaseDelayMs, maxDelayMs: defaults.webhookRetryMaxDelayMs };

  it('retries after 1, 4, 16 and 64 minutes, then every 4.3 h and 8 h: about 22 h over 8 attempts by default', () => {
    const nominal = [1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(schedule, attempt, () => 0.5)!);
    expect(nominal.map((ms) => ms / 60_000)).to.deep.equal([1, 4, 16, 64, 256, 480, 480]);
    const totalHours = nominal.reduce((a, b) => a + b, 0) / 3600_000;
    expect(totalHours).to.be.within(20, 24);
    expect(retryDelayMs(schedule, 8), 'no retry after the last attempt').to.equal(null);
  });

  it('jitters each delay by at most 20%, and below the cap each delay is longer than the previous one', () => {
    for (let attempt = 1; attempt < 6; attempt++) {
      const longest = retryDelayMs(schedule, attempt, () => 0.999_999)!;
      const shortestNext = retryDelayMs(schedule, attempt + 1, () => 0)!;
      expect(shortestNext).to.be.greaterThan(longest);
    }
    expect(retryDelayMs(schedule, 1, () => 0)).to.equal(48_000);
    expect(retryDelayMs(schedule, 1, () => 0.999_999)).to.be.within(71_999, 72_000);
  });

  it('disables after N deliveries in a row failed every attempt, or after failing for the configured period', () => {
    const rule = { afterFailedDeliveries: 5, afterFailingMs: 5 * 86_400_000 };
    const now = new Date('2026-11-23T12:00:00Z');
    expect(disableReason({ failing_since: new Date('2026-11-23T11:00:00Z'), consecutive_failed_deliveries: 4 }, rule, now)).to.equal(null);
    expect(disableReason({ failing_since: new Date('2026-11-23T11:00:00Z'), consecutive_failed_deliveries: 5 }, rule, now)).to.match(/5 deliveries in a row/);
    expect(disableReason({ failing_since: new Date('2026-11-18T12:00:00Z'), consecutive_failed_deliveries: 1 }, rule, now)).to.match(/failed since 2026-11-18/);
    expect(disableReason({ failing_since: null, consecutive_failed_deliveries: 0 }, rule, now)).to.equal(null);
  });

  it('signs as Standard Webhooks: the standardwebhooks package verifies, and refuses a changed body', () => {
    const secret = generateSigningSecret();
    const body = JSON.stringify({ type: 'policy.created', timestamp: new Date().toISOString(), data: { id: 'e1' } });
    const headers = signDelivery(secret, 'msg_1', new Date(), body);
    expect(headers['webhook-signature']).to.match(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new StandardWebhook(secret).verify(body, { ...headers })).to.deep.equal(JSON.parse(body));
    expect(() => new StandardWebhook(secret).verify(body.replace('e1', 'e2'), { ...headers })).to.throw();
  });

  it('generates secrets of 32 random bytes in the whsec_ form', () => {
    const secrets = new Set(Array.from({ length: 20 }, () => generateSigningSecret()));
    expect(secrets.size).to.equal(20);
    for (const secret of secrets) expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).to.have.lengthOf(32);
  });
});
