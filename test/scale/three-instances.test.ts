import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { decodeProtectedHeader } from 'jose';
import { reportQueue } from '../../server/src/domains/audit/reports/runner.js';
import { jobQueueSchema } from '../../server/src/plugins/job-queue.js';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { runCli } from '../cli/run-cli.js';
import { freshDatabase } from '../helpers/database.js';
import { clientCredentialsToken, httpCall } from '../helpers/http.js';
import { expectSchema } from '../helpers/schemas.js';
import { eventually } from '../helpers/eventually.js';
import { deliveryJobsDone, webhookTestConfig } from '../webhooks/fixtures.js';
import { Receiver } from '../webhooks/receiver.js';

/**
 * Issue #11: three instances of the app, each on its own loopback port, share one database, as
 * replicas behind a load balancer do. Whatever one instance does, the others honour on the very
 * next request; background work (webhook deliveries, audit reports) runs once, not once per
 * instance. Every call goes over real HTTP.
 */
describe('three instances on one database', function () {
  this.timeout(60_000);
  const instances: TestApp[] = [];
  let client: TestClient;
  let token: string;
  let receiver: Receiver;

  // Replicas behind one load balancer share one public URL: it is the tokens' issuer and audience.
  const publicUrl = 'https://acctl.replicas.test';
  const base = (n: number): string => `http://127.0.0.1:${instances[n]!.config.port}/v1`;
  const others = (n: number): number[] => [0, 1, 2].filter((m) => m !== n);
  const allowRead = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'doc', identifiers: ['*'] }, actions: ['read'] };
  const decide = async (n: number, resourceType = 'doc'): Promise<string> => {
    const answer = await httpCall(`${base(n)}/decisions/evaluate`, {
      token,
      body: { principal: { type: 'USER', id: 'u-1' }, resource: { type: resourceType, identifier: 'd-1' }, action: 'read' },
    });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body.decision;
  };
  /** 200 when `bearer` is accepted, 401 when refused (GET /v1/policies needs read:policies). */
  const statusWith = async (n: number, bearer: string): Promise<number> => (await httpCall(`${base(n)}/policies`, { token: bearer })).status;

  let databaseUrl: string;
  const keyEncryptionKey = randomBytes(32).toString('base64');

  before(async () => {
    databaseUrl = await freshDatabase();
    for (let n = 0; n < 3; n++)
      instances.push(await startTestApp({ listen: true, databaseUrl, config: { ...webhookTestConfig, keyEncryptionKey, publicUrl } }));
    client = await registerClient(instances[0]!.app, ['admin:all']);
    token = await clientCredentialsToken(base(0), client.clientId, client.clientSecret);
    receiver = await Receiver.start();
  });
  after(async () => {
    for (const instance of instances) await instance.close();
    await receiver?.close();
  });

  it('accepts a token issued by any instance on every instance', async () => {
    for (const issuer of [0, 1, 2]) {
      const issued = await clientCredentialsToken(base(issuer), client.clientId, client.clientSecret);
      for (const n of [0, 1, 2]) expect(await statusWith(n, issued), `issued by ${issuer}, presented to ${n}`).to.equal(200);
    }
  });

  it('refuses an API token on every instance from the first request after it was revoked on one', async () => {
    const created = await httpCall(`${base(0)}/auth/token`, { token, body: { name: 'replica-probe', scopes: ['read:policies'] } });
    expect(created.status).to.equal(201);
    const apiToken: string = created.body.token;
    // Every instance has verified (and cached) the token before it is revoked.
    for (const n of [0, 1, 2]) expect(await statusWith(n, apiToken)).to.equal(200);
    expect((await httpCall(`${base(1)}/auth/revoke`, { method: 'DELETE', token, body: { token: apiToken } })).status).to.equal(200);
    for (const n of [0, 1, 2]) expect(await statusWith(n, apiToken), `instance ${n}`).to.equal(401);
  });

  it('refuses an access token on every instance from the first request after it was revoked by RFC 7009 on one', async () => {
    const reader = await registerClient(instances[0]!.app, ['read:policies']);
    const accessToken = await clientCredentialsToken(base(0), reader.clientId, reader.clientSecret);
    for (const n of [0, 1, 2]) expect(await statusWith(n, accessToken)).to.equal(200);
    const revoked = await httpCall(`${base(2)}/oauth/revoke`, {
      body: new URLSearchParams({ token: accessToken, client_id: reader.clientId, client_secret: reader.clientSecret }),
    });
    expect(revoked.status, JSON.stringify(revoked.body)).to.equal(200);
    for (const n of [0, 1, 2]) expect(await statusWith(n, accessToken), `instance ${n}`).to.equal(401);
  });

  it('decides with a policy change made through one instance from the next decision on the others', async () => {
    // Compile the current (empty) policy set on every instance first, so a stale cache would show.
    for (const n of [0, 1, 2]) expect(await decide(n)).to.equal('deny');
    const created = await httpCall(`${base(0)}/policies`, { token, body: { name: 'replicas-allow-read', status: 'active', rules: [allowRead] } });
    expect(created.status).to.equal(201);
    for (const n of others(0)) expect(await decide(n), `instance ${n} after the create`).to.equal('allow');
    const archived = await httpCall(`${base(1)}/policies/${created.body.id}`, {
      method: 'PUT',
      token,
      body: { name: 'replicas-allow-read', status: 'archived', rules: [allowRead] },
    });
    expect(archived.status).to.equal(200);
    for (const n of others(1)) expect(await decide(n), `instance ${n} after the archive`).to.equal('deny');
  });

  it('delivers each webhook event exactly once, whichever instance raised it', async () => {
    const hook = await httpCall(`${base(0)}/webhooks`, { token, body: { url: receiver.url(), event_types: ['principal.created'] } });
    expect(hook.status).to.equal(201);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const created = await httpCall(`${base(i % 3)}/principals`, { token, body: { kind: 'user', name: `replica-user-${i}` } });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      ids.push(created.body.id);
    }
    await receiver.waitFor(12, 20_000);
    // A duplicate, if any, is sent by a job of these deliveries, whichever instance runs it: count once none is left.
    await deliveryJobsDone(instances[0]!.app, hook.body.id);
    const delivered = receiver.requests.map((request) => JSON.parse(request.body) as { data: { target: { id: string } } });
    expect(receiver.requests).to.have.lengthOf(12);
    expect(new Set(receiver.requests.map((request) => request.headers['webhook-id'])).size).to.equal(12);
    expect(delivered.map((event) => event.data.target.id).sort()).to.deep.equal([...ids].sort());
    const log = await httpCall(`${base(2)}/webhooks/${hook.body.id}/deliveries?limit=100`, { token });
    expect(log.body.data.map((d: { status: string; attempt_count: number }) => [d.status, d.attempt_count])).to.deep.equal(Array(12).fill(['succeeded', 1]));
  });

  it('runs an audit report once, whichever instance picks up its job, and every instance reads the same result', async () => {
    const since = new Date().toISOString();
    await httpCall(`${base(0)}/policies`, {
      token,
      body: { name: 'replicas-report', status: 'active', rules: [{ ...allowRead, resources: { type: 'report-doc', identifiers: ['*'] } }] },
    });
    for (let i = 0; i < 9; i++) expect(await decide(i % 3, 'report-doc')).to.equal('allow');
    const started = await httpCall(`${base(1)}/audit/reports`, { token, body: { kind: 'access_summary', since } });
    expect(started.status).to.equal(202);
    const id: string = started.body.id;
    const report = await eventually(
      async () => {
        const answer = await httpCall(`${base(2)}/audit/reports/${id}`, { token });
        return answer.body.status === 'completed' ? answer.body : undefined;
      },
      30_000,
      'the report to complete',
    );
    expectSchema('audit-report', report);
    expect(report.result.totals).to.deep.equal({ evaluated: 9, allow: 9, deny: 0 });
    for (const n of [0, 1]) expect((await httpCall(`${base(n)}/audit/reports/${id}`, { token })).body.result).to.deep.equal(report.result);
    // A second run would be a job of this report (another one, or this one again after a failure):
    // wait until none is queued, scheduled or running, then count what ran.
    const db = instances[0]!.app.db;
    const reportJobs = () => db.withSchema(jobQueueSchema).from('job').where({ name: reportQueue }).whereRaw("data->>'report_id' = ?", [id]);
    await eventually(
      async () => ((await reportJobs().whereRaw("state < 'completed'").first('id')) === undefined ? true : undefined),
      20_000,
      "the report's jobs to finish",
    );
    const completedEvents = await db('audit_events').where({ type: 'report.completed', target_id: id }).count<{ count: string }[]>({ count: '*' });
    expect(Number(completedEvents[0]!.count)).to.equal(1);
    const jobs = await reportJobs().select('state');
    expect(jobs.map((job: { state: string }) => job.state)).to.deep.equal(['completed']);
  });

  it('publishes a key rotated on one instance in the JWKS of all, and all accept the tokens it signs', async () => {
    const { created } = await instances[1]!.app.signingKeys.rotate();
    for (const n of [0, 1, 2]) {
      const jwks = await httpCall<{ keys: Array<{ kid: string }> }>(`${base(n)}/oauth/.well-known/jwks.json`);
      expect(
        jwks.body.keys.map((key) => key.kid),
        `JWKS of instance ${n}`,
      ).to.include(created);
    }
    const signedWithNewKey = await clientCredentialsToken(base(1), client.clientId, client.clientSecret);
    expect(decodeProtectedHeader(signedWithNewKey).kid).to.equal(created);
    for (const n of [0, 1, 2]) expect(await statusWith(n, signedWithNewKey), `instance ${n}`).to.equal(200);
  });

  it('publishes a key rotated by acctl server keys rotate on the database in the JWKS of all, and all sign with it', async () => {
    const rotated = await runCli(['server', 'keys', 'rotate', '--json'], { env: { DATABASE_URL: databaseUrl, ACCTL_KEY_ENCRYPTION_KEY: keyEncryptionKey } });
    expect(rotated.exitCode, rotated.stderr).to.equal(0);
    const created = rotated.json<{ signing_kid: string }>().signing_kid;
    // The rotation's notification makes each instance switch to the new key, long before its
    // periodic re-read (and before anything else, such as a JWKS request, makes it look).
    for (const n of [0, 1, 2]) {
      await eventually(
        async () => {
          const issued = await clientCredentialsToken(base(n), client.clientId, client.clientSecret);
          return decodeProtectedHeader(issued).kid === created ? issued : undefined;
        },
        10_000,
        `instance ${n} to sign with the rotated key`,
      );
    }
    for (const n of [0, 1, 2]) {
      const jwks = await httpCall<{ keys: Array<{ kid: string }> }>(`${base(n)}/oauth/.well-known/jwks.json`);
      expect(
        jwks.body.keys.map((key) => key.kid),
        `JWKS of instance ${n}`,
      ).to.include(created);
    }
  });
});
