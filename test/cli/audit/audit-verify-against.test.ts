import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import type { ApiToken, AuditVerification } from '../../../core/src/index.js';
import type { HeadsCheck } from '../../../cli/src/audit/saved-heads.js';
import { exitCodes } from '../../../kit/src/index.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { apiAs, apiCli, serverOrigin } from '../resources-support.js';
import { runCli } from '../run-cli.js';

type Verified = AuditVerification & { against?: HeadsCheck };

/**
 * `acctl audit verify --save-head FILE` and `--against FILE` (issue #22): a log cut short, or cut
 * and then written on, still verifies as a chain; only a head kept outside the server shows it.
 */
describe('acctl audit verify --against a saved head', function () {
  this.timeout(120_000);
  let t: TestApp;
  let cli: (args: readonly string[]) => ReturnType<typeof runCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let writer: Awaited<ReturnType<typeof apiAs>>['client'];
  let apiToken: string;
  let reader: Awaited<ReturnType<typeof apiAs>>['client'];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-heads-'));
  const heads = path.join(dir, 'heads.json');
  let saved: Verified;

  /** Changes made at once, as several administrators make them. */
  const makeChanges = (count: number, prefix: string) =>
    Promise.all(Array.from({ length: count }, (_, n) => call('POST', '/v1/principals', { kind: 'agent', name: `${prefix}-${n}` })));

  before(async () => {
    t = await startTestApp({ listen: true });
    ({ call, client: writer } = await apiAs(t, ['admin:all', 'write:principals', 'read:audit']));
    reader = (await apiAs(t, ['read:audit'])).client;
    cli = apiCli(t, reader);
    // An API token reads without getting a token first, which would be an event of its own (auth.token_issued).
    apiToken = ((await call('POST', '/v1/auth/token', { name: 'verifier', scopes: ['read:audit'] })) as ApiToken).token;
    await makeChanges(20, 'before');
  });
  after(() => t.close());

  it('saves the heads of an intact log with --save-head', async () => {
    const result = await cli(['audit', 'verify', '--save-head', heads, '--json']);
    expect(result.exitCode, result.stderr).to.equal(0);
    saved = JSON.parse(readFileSync(heads, 'utf8')) as Verified;
    expect(saved.valid).to.equal(true);
    const change = saved.chains.find((chain) => chain.chain === 'change')!;
    expect(change.head!.sequence).to.be.greaterThan(20);
    expect(result.json<Verified>().chains).to.deep.equal(saved.chains);
  });

  it('finds the saved head in a log that grew since (exit 0)', async () => {
    await makeChanges(130, 'after');
    const result = await cli(['audit', 'verify', '--against', heads, '--json']);
    expect(result.exitCode, result.stderr).to.equal(0);
    const { against } = result.json<Verified>();
    const savedHead = saved.chains.find((chain) => chain.chain === 'change')!.head!;
    expect(against!.valid).to.equal(true);
    expect(against!.heads).to.deep.equal([{ chain: 'change', saved: savedHead, status: 'matches', actual: savedHead.hash }]);
    const text = await cli(['audit', 'verify', '--against', heads]);
    expect(text.stdout).to.contain(`The log leads to the heads saved in ${heads}`);
    expect(text.stdout).to.match(/^change\s+#\d+ [0-9a-f]{16}\s+matches\s+[0-9a-f]{16}$/m);
  });

  it('refuses a file that is not a saved head with exit 2, before asking the server', async () => {
    const garbage = path.join(dir, 'garbage.json');
    writeFileSync(
      garbage,
      JSON.stringify({ chains: [{ chain: 'change', head: { sequence: 1, hash: 'not-a-hash' } }], verified_at: saved.verified_at, valid: true }),
    );
    for (const file of [garbage, path.join(dir, 'missing.json')]) {
      const result = await cli(['audit', 'verify', '--against', file]);
      expect(result.exitCode, result.stderr).to.equal(exitCodes.usage_error);
      expect(result.stderr).to.contain('--against');
    }
  });

  describe('after events are deleted in the database', () => {
    let second: TestApp;
    before(async () => {
      // Someone with direct database access deletes the saved head and every later change event,
      // then a replica starts on the database: its chain ends earlier and still links.
      const savedHead = saved.chains.find((chain) => chain.chain === 'change')!.head!;
      const attacker = new pg.Client({ connectionString: t.config.databaseUrl });
      await attacker.connect();
      try {
        await attacker.query("SET session_replication_role = 'replica'");
        await attacker.query("DELETE FROM audit_events WHERE chain = 'change' AND seq >= $1", [savedHead.sequence]);
      } finally {
        await attacker.end();
      }
      await t.close();
      second = await startTestApp({ listen: true, databaseUrl: t.config.databaseUrl, config: { keyEncryptionKey: t.config.keyEncryptionKey } });
      t = second;
      cli = (args) => runCli(args, { env: { ACCTL_SERVER: serverOrigin(second), ACCTL_TOKEN: apiToken } });
    });

    it(`says truncated and exits ${exitCodes.chain_broken}, where the chain alone verifies`, async () => {
      const plain = await cli(['audit', 'verify', '--json']);
      expect(plain.exitCode, plain.stdout).to.equal(0);
      const result = await cli(['audit', 'verify', '--against', heads, '--json']);
      expect(result.exitCode, result.stdout).to.equal(exitCodes.chain_broken);
      const { against } = result.json<Verified>();
      expect(against!.valid).to.equal(false);
      expect(against!.heads[0]).to.include({ chain: 'change', status: 'truncated', actual: null });
      const text = await cli(['audit', 'verify', '--against', heads]);
      expect(text.exitCode).to.equal(exitCodes.chain_broken);
      expect(text.stdout).to.contain('The log does NOT lead to the heads saved in');
    });

    it(`says missing and exits ${exitCodes.chain_broken} once the log was written on past the saved sequence`, async () => {
      const writerCli = apiCli(t, writer);
      for (const name of ['later-1', 'later-2']) expect((await writerCli(['principal', 'create', '--kind', 'agent', '--name', name])).exitCode).to.equal(0);
      const plain = await cli(['audit', 'verify', '--json']);
      expect(plain.exitCode, plain.stdout).to.equal(0);
      const result = await cli(['audit', 'verify', '--against', heads, '--json']);
      expect(result.exitCode, result.stdout).to.equal(exitCodes.chain_broken);
      expect(result.json<Verified>().against!.heads[0]).to.include({ chain: 'change', status: 'missing' });
    });

    it('does not overwrite the saved heads with those of the changed log', async () => {
      const before = readFileSync(heads, 'utf8');
      const result = await cli(['audit', 'verify', '--against', heads, '--save-head', heads]);
      expect(result.exitCode).to.equal(exitCodes.chain_broken);
      expect(result.stderr).to.contain('heads not saved');
      expect(readFileSync(heads, 'utf8')).to.equal(before);
    });
  });
});
