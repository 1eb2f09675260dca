import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { createKnex } from '../../server/src/db/knex.js';
import { freshDatabase } from '../helpers/database.js';
import { clientCredentialsToken, delay, httpCall } from '../helpers/http.js';
import { allowReadDocs, Load, tally, type AcknowledgedPolicy } from './load.js';
import { readAll as readAllFrom, startServerProcess } from './server-process.js';

/**
 * Issue #10 (b): a real server process (`acctl server start` on a real database) is killed with
 * SIGKILL while decisions and policy writes are in flight, then started again. Whatever it
 * acknowledged is there after the restart; nothing it did not finish is half there.
 */
describe('a server killed with SIGKILL under load', function () {
  this.timeout(120_000);
  const clientId = 'crash-test-admin';
  const clientSecret = randomBytes(32).toString('hex');
  const keyEncryptionKey = randomBytes(32).toString('base64');
  let databaseUrl: string;
  let server: ChildProcess | undefined;
  let base = '';

  async function start(): Promise<string> {
    const started = await startServerProcess({ databaseUrl, keyEncryptionKey, clientId, clientSecret });
    server = started.process;
    return started.baseUrl;
  }
  const readAll = (token: string, paths: string[]) => readAllFrom(base, token, paths);

  before(async () => {
    databaseUrl = await freshDatabase();
  });
  afterEach(() => {
    server?.kill('SIGKILL');
  });

  it('keeps every acknowledged decision and policy write, and no half-written or duplicate policy version, after SIGKILL and a restart', async () => {
    base = await start();
    let token = await clientCredentialsToken(base, clientId, clientSecret);
    expect((await httpCall(`${base}/policies`, { token, body: { name: 'crash-allow', status: 'active', rules: [allowReadDocs] } })).status).to.equal(201);
    // Policies that several clients update at once while the server dies: each update is a version.
    const updating: Array<{ id: string; name: string }> = [];
    for (const name of ['crash-contended-1', 'crash-contended-2']) {
      const created = await httpCall(`${base}/policies`, { token, body: { name, status: 'active', rules: [allowReadDocs] } });
      updating.push({ id: created.body.id, name });
    }

    const load = new Load(() => base, token, { workers: 16, policyWriteEvery: 4, updating });
    // Kill once there is enough acknowledged to check, at a moment the test does not choose.
    const deadline = Date.now() + 60_000;
    while (load.decisions.length < 100 || load.policies.length < 10 || load.updates.length < 10) {
      if (Date.now() > deadline) throw new Error(`too little acknowledged under load: ${JSON.stringify(tally(load.outcomes))}`);
      await delay(50);
    }
    await delay(Math.floor(Math.random() * 300));
    server!.kill('SIGKILL');
    await load.stop();
    const summary = JSON.stringify(tally(load.outcomes));
    expect(
      load.outcomes.some((o) => o.status === 'failed'),
      `requests in flight at the kill: ${summary}`,
    ).to.equal(true);
    // The server answered nothing but successes before it died.
    expect(
      load.outcomes.every((o) => o.status === 200 || o.status === 201 || o.status === 'failed'),
      summary,
    ).to.equal(true);

    base = await start();
    token = await clientCredentialsToken(base, clientId, clientSecret);

    const decisions = await readAll(
      token,
      load.decisions.map((id) => `/decisions/${id}`),
    );
    expect(
      decisions.filter((answer) => answer.status !== 200),
      'acknowledged decisions missing after the restart',
    ).to.deep.equal([]);
    expect(new Set(decisions.map((answer) => answer.body.decision))).to.deep.equal(new Set(['allow']));

    const created = await readAll(
      token,
      load.policies.map((p) => `/policies/${p.id}`),
    );
    for (const [i, answer] of created.entries()) {
      expect(answer.status, `acknowledged policy ${load.policies[i]!.name}`).to.equal(200);
      expect(answer.body).to.deep.include({ name: load.policies[i]!.name, version: 1, rules: load.policies[i]!.rules });
    }

    const versions = await readAll(
      token,
      load.updates.map((u) => `/policies/${u.id}/versions/${u.version}`),
    );
    for (const [i, answer] of versions.entries()) {
      const update: AcknowledgedPolicy = load.updates[i]!;
      expect(answer.status, `acknowledged version ${update.version} of ${update.name}`).to.equal(200);
      expect(answer.body.rules, `content of version ${update.version} of ${update.name}`).to.deep.equal(update.rules);
    }

    // Every policy's versions are 1..N with no gap and no duplicate, and its live row is version N.
    const db = createKnex(databaseUrl, 1);
    try {
      for (const policy of await db('policies').select('id', 'version', 'rules', 'name')) {
        const stored = await db('policy_versions').where({ policy_id: policy.id }).orderBy('version').select('version', 'rules', 'name');
        expect(
          stored.map((v) => v.version),
          `versions of ${policy.name}`,
        ).to.deep.equal(Array.from({ length: policy.version }, (_, n) => n + 1));
        expect(stored.at(-1)).to.deep.include({ rules: policy.rules, name: policy.name });
        // Every version, answered or not before the kill, is exactly one write that was sent.
        for (const version of stored) {
          const identifier: string = version.rules[0].resources.identifiers[0];
          // '*': the content the test wrote before the load, only ever a version 1.
          if (identifier === '*') expect(version.version).to.equal(1);
          else
            expect(version.rules, `version ${version.version} of ${policy.name} is a write that was sent, whole`).to.deep.equal(load.sentRules.get(identifier));
        }
      }
      for (const { id } of updating) {
        const acknowledged = load.updates.filter((u) => u.id === id).map((u) => u.version);
        const [{ version }] = await db('policies').where({ id }).select('version');
        expect(version, 'the last version is at least the last acknowledged one').to.be.at.least(Math.max(...acknowledged, 1));
      }
    } finally {
      await db.destroy();
    }
  });
});
