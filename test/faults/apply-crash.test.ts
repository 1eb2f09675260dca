import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { stringify } from 'yaml';
import type { Knex } from 'knex';
import { createKnex } from '../../server/src/db/knex.js';
import { policyContentHash, type PolicyContentFields } from '../../core/src/index.js';
import type { ApplyJson } from '../../cli/src/commands/policy/apply.js';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { exitCodes } from '../../cli/src/errors.js';
import { runCli, type CliResult } from '../cli/run-cli.js';
import { freshDatabase } from '../helpers/database.js';
import { clientCredentialsToken, delay, httpCall } from '../helpers/http.js';
import { allowReadDocs, Load, tally } from './load.js';
import { readAll, startServerProcess } from './server-process.js';

const owner = 'crash-apply';
const POLICIES = 300;
/** Every fifth policy already exists on the server with other content, so the apply updates it: the kill falls among creates and updates. */
const SEEDED = Array.from({ length: POLICIES / 5 }, (_, i) => 5 * (i + 1));
/** Kill the server once the apply has written this many versions: part-way, neither at the start nor the end. */
const KILL_AFTER_WRITES = 90;

/** Policy `n` as its file says it, and as the server stores it once applied (managed_by added, as apply does). */
function policyFile(n: number): { file: Record<string, unknown>; stored: PolicyContentFields } {
  const name = `crash-apply-${String(n).padStart(3, '0')}`;
  // Content unique to each policy, so a version that mixed two writes would show.
  const file = {
    name,
    description: `Readers of the ${name} documents`,
    status: 'active' as const,
    metadata: { owner: 'docs-team' },
    rules: [{ effect: 'allow' as const, principals: { type: 'USER' }, resources: { type: 'doc', identifiers: [`${name}-*`] }, actions: ['read', 'list'] }],
  };
  return { file, stored: { ...file, metadata: { ...file.metadata, managed_by: owner } } };
}

/** The content a seeded policy has before the apply: the same name and label, other rules. */
function seededContent(n: number): PolicyContentFields {
  const { stored } = policyFile(n);
  return {
    ...stored,
    description: 'before the apply',
    rules: [{ ...allowReadDocs, effect: 'allow', resources: { type: 'doc', identifiers: [`${stored.name}-old-*`] } }],
  };
}

/**
 * Issue #10: the server is SIGKILLed in the middle of `acctl policy apply` of a 300-policy folder
 * (creates and If-Match updates, 8 at a time) while decisions flow. The apply fails as a user would
 * see it; after a restart on the same database every acknowledged decision is there, every policy
 * is whole (one of the contents that were sent, versions 1..N, none half-written), and running the
 * same apply again converges: a plan afterwards has nothing to do.
 */
describe('acctl policy apply while the server is killed with SIGKILL', function () {
  this.timeout(120_000);
  const clientId = 'apply-crash-admin';
  const clientSecret = randomBytes(32).toString('hex');
  const keyEncryptionKey = randomBytes(32).toString('base64');
  let databaseUrl: string;
  let server: ChildProcess | undefined;
  let db: Knex;
  let dir: string;

  async function start(): Promise<string> {
    const started = await startServerProcess({ databaseUrl, keyEncryptionKey, clientId, clientSecret });
    server = started.process;
    return started.baseUrl;
  }
  const cli = (base: string, args: string[]): Promise<CliResult> =>
    runCli(args, { env: { ACCTL_SERVER: base.replace(/\/v1$/, ''), ACCTL_CLIENT_ID: clientId, ACCTL_CLIENT_SECRET: clientSecret } });
  const output = (result: CliResult) => `exit ${result.exitCode}\n${result.stdout}\n${result.stderr}`;
  /** Versions written by an apply so far: each carries its provenance. */
  const appliedVersions = async (): Promise<number> => {
    const row = await db('policy_versions')
      .whereRaw("metadata->>'managed_by' = ? and metadata->'provenance' is not null", [owner])
      .count({ count: '*' })
      .first();
    return Number(row?.count);
  };

  before(async () => {
    databaseUrl = await freshDatabase();
    db = createKnex(databaseUrl, 2);
    dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-apply-crash-'));
    writeFileSync(path.join(dir, 'acctl.yaml'), stringify({ owner, files: ['*.yaml'] }));
    for (let n = 1; n <= POLICIES; n++) writeFileSync(path.join(dir, `${policyFile(n).file.name}.yaml`), stringify(policyFile(n).file));
  });
  afterEach(() => {
    server?.kill('SIGKILL');
  });
  after(async () => {
    await db?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('fails the apply as unreachable, keeps every acknowledged write whole, and converges on the next apply', async () => {
    let base = await start();
    let token = await clientCredentialsToken(base, clientId, clientSecret);
    expect((await httpCall(`${base}/policies`, { token, body: { name: 'crash-apply-allow', status: 'active', rules: [allowReadDocs] } })).status).to.equal(201);
    for (const n of SEEDED) {
      const created = await httpCall(`${base}/policies`, { token, body: seededContent(n) });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
    }

    // Decisions only (no policy write of its own: the apply is the policy traffic).
    const load = new Load(() => base, token, { workers: 8, policyWriteEvery: Number.POSITIVE_INFINITY });
    const applying = cli(base, ['policy', 'apply', dir, '--auto-approve']);
    let finished: CliResult | undefined;
    void applying.then(
      (result) => (finished = result),
      () => undefined,
    );
    const deadline = Date.now() + 60_000;
    while ((await appliedVersions()) < KILL_AFTER_WRITES) {
      if (finished !== undefined) throw new Error(`the apply ended before the kill:\n${output(finished)}`);
      if (Date.now() > deadline)
        throw new Error(`the apply wrote too little: ${await appliedVersions()} versions; load ${JSON.stringify(tally(load.outcomes))}`);
      await delay(10);
    }
    server!.kill('SIGKILL');
    const crashed = await applying;
    await load.stop();

    // The user is told the server went away, not that the apply worked.
    expect(crashed.exitCode, output(crashed)).to.equal(exitCodes.server_unreachable);
    expect(crashed.stderr).to.include(`Cannot reach the acctl server at ${base.replace(/\/v1$/, '')}`);
    expect(crashed.stderr).to.match(new RegExp(`the apply stopped after \\d+ of ${POLICIES} change\\(s\\) were acknowledged`));
    expect(crashed.stderr).to.include('run acctl policy apply on the folder again');
    expect(crashed.stdout).not.to.include('Apply complete');
    expect(load.decisions.length, JSON.stringify(tally(load.outcomes))).to.be.above(0);

    base = await start();
    token = await clientCredentialsToken(base, clientId, clientSecret);
    // Counted after the restart: a transaction the kill cut short has been rolled back by then.
    const writtenAtKill = await appliedVersions();
    expect(writtenAtKill, 'the kill came part-way through the apply').to.be.below(POLICIES);
    const decisions = await readAll(
      base,
      token,
      load.decisions.map((id) => `/decisions/${id}`),
    );
    expect(
      decisions.filter((answer) => answer.status !== 200),
      'acknowledged decisions missing after the restart',
    ).to.deep.equal([]);

    const wanted = new Map(Array.from({ length: POLICIES }, (_, i) => [policyFile(i + 1).stored.name, policyContentHash(policyFile(i + 1).stored)]));
    const seeded = new Map(SEEDED.map((n) => [seededContent(n).name, policyContentHash(seededContent(n))]));
    /** Every policy of the folder: live row equal to its last version, versions 1..N, each a whole content that was sent. */
    const checkStored = async (): Promise<Map<string, number[]>> => {
      const versionsByName = new Map<string, number[]>();
      for (const policy of await db('policies')
        .whereRaw("metadata->>'managed_by' = ?", [owner])
        .select('id', 'name', 'description', 'status', 'rules', 'metadata', 'version')) {
        expect(versionsByName.has(policy.name), `one live policy named ${policy.name}`).to.equal(false);
        const stored = await db('policy_versions')
          .where({ policy_id: policy.id })
          .orderBy('version')
          .select('version', 'name', 'description', 'status', 'rules', 'metadata');
        const numbers = stored.map((version) => version.version as number);
        expect(numbers, `versions of ${policy.name}`).to.deep.equal(Array.from({ length: policy.version }, (_, n) => n + 1));
        const { version: _live, id: _id, ...live } = policy;
        expect(stored.at(-1), `the live row of ${policy.name} is its last version`).to.deep.include(live);
        for (const version of stored) {
          const hash = policyContentHash(version);
          const fromSeed = version.version === 1 && seeded.get(policy.name) === hash;
          expect(fromSeed || wanted.get(policy.name) === hash, `version ${version.version} of ${policy.name} is its file's content, whole`).to.equal(true);
          // A version the apply wrote says so, with the hash of what it wrote.
          if (!fromSeed) expect(version.metadata.provenance).to.include({ tool: 'acctl policy apply', content_hash: hash });
        }
        versionsByName.set(policy.name, numbers);
      }
      const orphans = await db('policy_versions').whereNotIn('policy_id', db('policies').select('id')).count({ count: '*' }).first();
      expect(Number(orphans?.count), 'versions without their policy').to.equal(0);
      return versionsByName;
    };
    const afterCrash = await checkStored();
    expect(afterCrash.size, 'policies of the folder on the server after the crash').to.be.within(SEEDED.length, POLICIES - 1);
    expect(
      [...seeded.keys()].filter((name) => afterCrash.get(name)?.length === 1),
      'updates the kill left undone',
    ).not.to.be.empty;

    // The same apply again: it finishes what the crash interrupted, and writes nothing twice.
    const again = await cli(base, ['policy', 'apply', dir, '--auto-approve', '--json']);
    expect(again.exitCode, output(again)).to.equal(0);
    const reapplied = again.json<ApplyJson>().applied;
    expect(reapplied.length, 'the second apply writes only what the first did not').to.equal(POLICIES - writtenAtKill);
    const converged = await checkStored();
    expect(converged.size).to.equal(POLICIES);
    for (const [name, versions] of converged) expect(versions, `versions of ${name}`).to.deep.equal(seeded.has(name) ? [1, 2] : [1]);

    const plan = await cli(base, ['policy', 'plan', dir, '--json']);
    expect(plan.exitCode, output(plan)).to.equal(0);
    expect(plan.json<Plan>().summary).to.deep.include({ create: 0, update: 0, delete: 0, unchanged: POLICIES, drifted: 0, blocked: 0 });
  });
});
