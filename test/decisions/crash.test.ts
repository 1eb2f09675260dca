import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { createKnex } from '../../server/src/db/knex.js';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { spawnCli } from '../cli/run-cli.js';
import { freshDatabase } from '../helpers/database.js';

/** A real server process on a real database, killed with SIGKILL under load. */
describe('decisions survive a crash', function () {
  this.timeout(120_000);
  const clientId = 'crash-test-admin';
  const clientSecret = randomBytes(32).toString('hex');
  const keyEncryptionKey = randomBytes(32).toString('base64');
  let databaseUrl: string;
  let server: ChildProcess | undefined;

  async function start(): Promise<string> {
    const port = await findFreePort();
    server = spawnCli(['server', 'start', '--port', String(port), '--database-url', databaseUrl], {
      ACCTL_KEY_ENCRYPTION_KEY: keyEncryptionKey,
      ACCTL_BOOTSTRAP_CLIENT_ID: clientId,
      ACCTL_BOOTSTRAP_CLIENT_SECRET: clientSecret,
      ACCTL_LOG_LEVEL: 'error',
    });
    server.stdout!.resume();
    server.stderr!.resume();
    const base = `http://127.0.0.1:${port}/v1`;
    const deadline = Date.now() + 60_000;
    while ((await fetch(`${base}/ready`).then((r) => r.status, () => 0)) !== 200) {
      if (Date.now() > deadline) throw new Error('server did not become ready');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return base;
  }

  async function token(base: string): Promise<string> {
    const response = await fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }) });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  before(async () => {
    databaseUrl = await freshDatabase();
  });
  afterEach(() => {
    server?.kill('SIGKILL');
  });

  it('keeps every decision acknowledged before SIGKILL, readable after a restart', async () => {
    let base = await start();
    let bearer = await token(base);
    const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
    const policy = { name: 'crash-allow', status: 'active', rules: [{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'doc', identifiers: ['*'] }, actions: ['read'] }] };
    expect((await fetch(`${base}/policies`, { method: 'POST', headers, body: JSON.stringify(policy) })).status).to.equal(201);

    const acknowledged: string[] = [];
    let killed = false;
    const body = JSON.stringify({ principal: { type: 'USER' }, resource: { type: 'doc', identifier: 'a' }, action: 'read' });
    const worker = async (): Promise<void> => {
      while (!killed) {
        try {
          const response = await fetch(`${base}/decisions/evaluate`, { method: 'POST', headers, body });
          if (response.status === 200) acknowledged.push(((await response.json()) as { id: string }).id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    server!.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    expect(acknowledged.length, 'decisions answered before the kill').to.be.greaterThan(50);

    const db = createKnex(databaseUrl, 1);
    try {
      const stored = await db('decisions').whereIn('id', acknowledged).count<{ count: number }[]>({ count: '*' });
      expect(stored[0]!.count).to.equal(acknowledged.length);
    } finally {
      await db.destroy();
    }

    base = await start();
    bearer = await token(base);
    const last = acknowledged[acknowledged.length - 1]!;
    const record = await fetch(`${base}/decisions/${last}`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(record.status).to.equal(200);
    expect(((await record.json()) as { decision: string }).decision).to.equal('allow');
  });
});
