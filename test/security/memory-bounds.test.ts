import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import pg from 'pg';
import { createKnex } from '../../server/src/db/knex.js';
import { ActivePolicySet } from '../../server/src/domains/decisions/active-policy-set.js';
import { StoredPrincipals, storedPrincipalsBounds } from '../../server/src/domains/decisions/stored-principals.js';
import { ClientAuthCache, clientAuthCacheBounds } from '../../server/src/domains/oauth/client-auth-cache.js';
import { VerifiedTokenCache } from '../../server/src/plugins/auth/verified-token-cache.js';
import type { Caller } from '../../server/src/plugins/auth/caller.js';
import { MemoryWindowCounter } from '../../server/src/plugins/rate-limits/window-counter.js';
import { approximateBytes, BoundedMap } from '../../server/src/security/bounded-map.js';
import { clientAuthenticationThrottle } from '../../server/src/security/failure-throttle.js';
import { TypedNames } from '../../server/src/security/typed-names.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';

/**
 * Issue #19, finding 13: RSS grew from 100 to 247 MB over 10,000 fuzzed requests. Heap snapshots
 * showed no leak (docs/security.md, "Memory bounds"), but every in-memory cache keyed by what
 * callers send must hold no more than its bound, however many distinct keys arrive at once. Each
 * cache is filled past its bound with distinct keys, in parallel, against the real database.
 */
describe('Security: every in-memory cache keyed by callers stays within its bound (issue #19, finding 13)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let admin: string;
  const parallel = <T>(count: number, each: (n: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: count }, (_, n) => each(n)));

  before(async () => {
    t = await startTestApp({ config: { rateLimitStandard: 1_000_000 } });
    admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
  });
  after(() => t.close());

  it('BoundedMap forgets the least recently used first, by count and by weight', () => {
    const map = new BoundedMap<string, string>(3, { maxWeight: 10, weigh: (value) => value.length });
    map.set('a', 'x').set('b', 'x').set('c', 'x');
    map.get('a');
    map.set('d', 'x');
    expect([...['a', 'b', 'c', 'd']].filter((key) => map.has(key))).to.deep.equal(['a', 'c', 'd']);
    map.set('e', 'xxxxxxxx');
    expect(map.weight).to.be.at.most(10);
    expect(map.has('e')).to.equal(true);
    map.set('huge', 'x'.repeat(11));
    expect(map.has('huge'), 'a value over the whole bound is not kept').to.equal(false);
  });

  it('the verified-token cache holds at most its bound of distinct tokens', async () => {
    expect(new VerifiedTokenCache().size).to.equal(0);
    const cache = new VerifiedTokenCache(100);
    const caller = (n: number): Caller => ({
      kind: 'access_token',
      subject: `client-${n}`,
      clientId: `client-${n}`,
      scopes: ['read:policies'],
      tokenId: `jti-${n}`,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    await parallel(1000, async (n) => {
      await Promise.resolve();
      cache.set(randomBytes(24).toString('base64url'), caller(n), 1);
    });
    expect(cache.size).to.equal(100);
  });

  it('stored principals: at most its bound of ids, made-up ones included, and of bytes', async () => {
    expect(storedPrincipalsBounds).to.deep.equal({ maxEntries: 10_000, maxBytes: 32 * 2 ** 20 });
    const generation = (await t.app.changeFeed.fresh()).principals;
    const byCount = new StoredPrincipals(t.app.db, { maxEntries: 200, maxBytes: 2 ** 30 });
    await parallel(1000, (n) => byCount.find(`no-such-principal-${n}`, generation));
    expect(byCount.size.entries).to.equal(200);

    // Principals with the largest attributes the schema allows: about 200 KB each.
    const big = Object.fromEntries(Array.from({ length: 100 }, (_, n) => [`attribute_${n}`, 'v'.repeat(1000)]));
    const ids = await parallel(12, async (n) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/principals',
        headers: bearer(admin),
        payload: { kind: 'service', name: `big-${n}`, attributes: big },
      });
      expect(created.statusCode, created.body).to.equal(201);
      return created.json().id as string;
    });
    const current = (await t.app.changeFeed.fresh()).principals;
    const byBytes = new StoredPrincipals(t.app.db, { maxEntries: 10_000, maxBytes: 1024 * 1024 });
    const read = await parallel(ids.length, (n) => byBytes.find(ids[n]!, current));
    expect(
      read.every((principal) => principal?.attributes.attribute_0 === 'v'.repeat(1000)),
      'every caller still gets its attributes',
    ).to.equal(true);
    expect(byBytes.size.bytes)
      .to.be.at.most(1024 * 1024)
      .and.above(approximateBytes(big));
    expect(byBytes.size.entries).to.be.below(ids.length);
  });

  it('the client-auth cache: at most its bound of client ids and of throttle verdicts', async () => {
    expect(clientAuthCacheBounds.maxEntries).to.equal(10_000);
    const cache = new ClientAuthCache(t.app.db, t.app.changeFeed, new TypedNames(t.config.keyEncryptionKey), { maxEntries: 150, maxClientBytes: 2 ** 30 });
    const lookup = cache.lookup();
    const now = new Date();
    await parallel(600, async (n) => {
      expect(await lookup.client(`made-up-client-${n}`)).to.equal(undefined);
      const keys = lookup.throttleKeys(clientAuthenticationThrottle, `made-up-client-${n}`, `192.0.2.${n % 250}`);
      await lookup.secondsUntilAllowed(keys, now);
      // A wrong secret is held only while its request is in flight.
      const attempt = cache.lookup();
      attempt.markWrong(keys);
      await Promise.resolve();
      attempt.settle();
    });
    expect(cache.sizes).to.deep.equal({ clients: 150, allowedAt: 150, unrecorded: 0 });
  });

  it('the rate-limit window counter keeps at most its bound of callers per window', async () => {
    const counter = new MemoryWindowCounter(500);
    await parallel(5000, async (n) => {
      await Promise.resolve();
      counter.hit(`caller-${n}`, 1);
    });
    expect(counter.size).to.equal(500);
  });

  describe('the compiled policy set', () => {
    let db: Knex;
    let loads = 0;
    before(() => {
      db = createKnex(t.config.databaseUrl, 10);
      db.on('query', (query: { sql: string }) => {
        if (/from "policies"/.test(query.sql)) loads++;
      });
    });
    after(() => db.destroy());

    it('is one compiled set whatever the number of waiting decisions: callers behind a stale load share one reload', async () => {
      const set = new ActivePolicySet(db, t.app.changeFeed);
      const g0 = (await t.app.changeFeed.fresh()).policies;
      await set.get(g0);
      // A load whose snapshot predates a change: it has read the counter, and waits for the policies table.
      const holder = new pg.Client({ connectionString: t.config.databaseUrl });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE policies IN ACCESS EXCLUSIVE MODE');
        loads = 0;
        const stale = set.get(g0 + 1);
        await waitFor(
          async () => (await holder.query("SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'policies'::regclass AND NOT granted")).rows[0].n > 0,
        );
        // Fifty decisions wait for the change at g0 + 1, behind that load.
        const waiting = parallel(50, () => set.get(g0 + 1));
        await holder.query("UPDATE change_generations SET generation = generation + 1 WHERE name = 'policies'");
        await holder.query('COMMIT');
        const snapshots = await Promise.all([stale, waiting]).then(([one, many]) => [one, ...many]);
        expect(snapshots.every((snapshot) => snapshot.generation === g0 + 1)).to.equal(true);
        // The stale load, one reload shared by all, and perhaps one for the change notification.
        expect(loads).to.be.at.most(3);
      } finally {
        await holder.end();
      }
    });
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out waiting');
}
