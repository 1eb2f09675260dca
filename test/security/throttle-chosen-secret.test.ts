import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import knex, { type Knex } from 'knex';
import { ensureClient, rotateClientSecret, systemContext } from '../../server/src/admin/index.js';
import { clientAuthenticationThrottle, throttleKeys } from '../../server/src/security/failure-throttle.js';
import { TypedNames } from '../../server/src/security/typed-names.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { eventually } from '../helpers/eventually.js';
import { expectOAuthError } from '../helpers/responses.js';
import { addressesIn } from './support.js';
import { auditedDatabase } from '../helpers/audited-database.js';

/**
 * Issue #19, finding 3 ("throttles reserve before they check"), for the one client secret a person
 * chooses: the bootstrap client's (ACCTL_BOOTSTRAP_CLIENT_SECRET). Its guesses take a throttle slot
 * in the shared atomic step before the secret is compared, as passwords do, so while the limit's
 * worth of guesses are still being checked on one replica, the right secret sent to another is
 * not compared, let alone let in.
 */
describe('Security: a client secret a person chose takes its throttle slot before it is compared', function () {
  this.timeout(120_000);
  const lockSpace = 1668441444; // the credential functions' advisory lock space (db/functions/acctl_credential_*.sql)
  const clientId = 'bootstrap-admin';
  const secret = 'a person chose this secret, 32+ characters long';
  let databaseUrl: string;
  let replicas: TestApp[];
  let side: Knex;
  const newAddress = addressesIn('198.20');

  before(async () => {
    databaseUrl = await freshDatabase();
    const config = { rateLimitStandard: 1_000_000, keyEncryptionKey: randomBytes(32).toString('base64') };
    replicas = [await startTestApp({ databaseUrl, config }), await startTestApp({ databaseUrl, config })];
    await ensureClient(replicas[0]!.app, systemContext('bootstrap'), {
      clientId,
      name: 'Bootstrap',
      secret,
      grantTypes: ['client_credentials'],
      scopes: ['admin:all'],
    });
    side = knex({ client: 'pg', connection: databaseUrl, pool: { min: 1, max: 1 } });
  });
  after(async () => {
    await side?.destroy();
    await Promise.all(replicas.map((replica) => replica.close()));
  });

  const token = (replica: TestApp, presented: string, remoteAddress: string): Promise<LightMyRequestResponse> =>
    replica.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress,
      payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: presented },
    });

  /** Requests waiting for the advisory lock of `key` alone: others (the audit log's, on a busy machine) do not count. */
  const waitingForLock = async (key: string): Promise<number> => {
    const rows = await side.raw(
      `SELECT count(*) AS count FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objsubid = 2
         AND classid::bigint = ? AND objid::bigint = (hashtext(?)::bigint & 4294967295)`,
      [lockSpace, key],
    );
    return Number(rows.rows[0]!.count);
  };

  it("marks the bootstrap client's secret as chosen", async () => {
    const row = await side('oauth_clients').where({ client_id: clientId }).first();
    expect(row.secret_chosen).to.equal(true);
  });

  it('refuses the right secret on another replica while the limit of guesses is being checked', async () => {
    const address = newAddress();
    // Both replicas hold the client and a clear verdict for this address (the fast path of a known client).
    for (const replica of replicas) expect((await token(replica, secret, address)).statusCode).to.equal(200);
    const keys = throttleKeys(new TypedNames(replicas[0]!.config.keyEncryptionKey), clientAuthenticationThrottle, clientId, address);
    // Hold the name's lock, so the guesses queue in the throttle's atomic step...
    await side.raw('SELECT pg_advisory_lock(?, hashtext(?))', [lockSpace, keys.accountKey]);
    let guesses: Promise<LightMyRequestResponse[]>;
    let right: Promise<LightMyRequestResponse>;
    try {
      guesses = Promise.all(Array.from({ length: clientAuthenticationThrottle.maxFailures }, (_, i) => token(replicas[0]!, `wrong guess ${i}`, address)));
      while ((await waitingForLock(keys.accountKey)) < clientAuthenticationThrottle.maxFailures) await new Promise((resolve) => setTimeout(resolve, 20));
      // ...then send the right secret to the other replica. Compared before a slot, it would be let in
      // here; it queues behind the guesses instead, unanswered.
      right = token(replicas[1]!, secret, address);
      let answered = false;
      void right.then(() => (answered = true));
      await eventually(
        async () => (answered || (await waitingForLock(keys.accountKey)) > clientAuthenticationThrottle.maxFailures ? true : undefined),
        10_000,
        'the right secret to be answered or to queue behind the guesses',
      );
      expect(answered, 'the right secret was answered while the guesses held every slot').to.equal(false);
    } finally {
      await side.raw('SELECT pg_advisory_unlock(?, hashtext(?))', [lockSpace, keys.accountKey]);
    }
    const answers = await guesses!;
    expect(answers.map((answer) => answer.statusCode)).to.deep.equal(Array(clientAuthenticationThrottle.maxFailures).fill(401));
    expectOAuthError(await right!, 429, 'too_many_attempts');
    expectOAuthError(await token(replicas[0]!, secret, address), 429, 'too_many_attempts');
  });

  it('lets in a few right secrets at once and forgives earlier typos from the same address', async () => {
    const address = newAddress();
    expect((await token(replicas[0]!, 'one typo', address)).statusCode).to.equal(401);
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => token(replicas[i % 2]!, secret, address)));
    expect(answers.map((answer) => answer.statusCode)).to.deep.equal([200, 200, 200, 200]);
    const failures = await side('credential_attempts').where({ throttle: 'client-authentication', failed: true }).count<{ count: string }[]>('* as count');
    // Only the previous test's address keeps its failures.
    expect(Number(failures[0]!.count)).to.equal(clientAuthenticationThrottle.maxFailures);
  });

  it('answers at most the limit of 60 guesses split across two replicas', async () => {
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => token(replicas[i % 2]!, `guess ${i}`, address)));
    const answered = answers.filter((answer) => answer.statusCode === 401).length;
    expect(answered).to.equal(clientAuthenticationThrottle.maxFailures);
    for (const refused of answers.filter((answer) => answer.statusCode !== 401)) expectOAuthError(refused, 429, 'too_many_attempts');
  });

  it('forgets the mark when the secret is rotated to a generated one, and the next start marks it again', async () => {
    expect((await rotateClientSecret(auditedDatabase(side), systemContext('admin'), clientId)).rotated).to.equal(true);
    expect((await side('oauth_clients').where({ client_id: clientId }).first()).secret_chosen).to.equal(false);
    expect(
      await ensureClient(auditedDatabase(side), systemContext('bootstrap'), {
        clientId,
        name: 'Bootstrap',
        secret,
        grantTypes: ['client_credentials'],
        scopes: ['admin:all'],
      }),
    ).to.equal('updated');
    expect((await side('oauth_clients').where({ client_id: clientId }).first()).secret_chosen).to.equal(true);
  });
});
