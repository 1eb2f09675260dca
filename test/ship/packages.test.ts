import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { planResources, type EnginePolicy, type ResourcePlan } from '../../core/src/index.js';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { installGlobally, installLocally, packWorkspace, type Installation } from '../../scripts/packed-packages.js';
import { startServerProcess } from '../faults/server-process.js';
import { emptyDatabase, freshDatabase } from '../helpers/database.js';
import { isolatedEnv, repoRoot, runProcess, type ProcessResult } from './support.js';

/** The goal of issue #21: a CI job that only lints installs at most this much. */
const cliInstallLimit = 25 * 1024 * 1024;

const installedBin = (installation: Installation, name: string): string => path.join(installation.prefix, 'bin', name);

/**
 * A program of an installed package, run as a shell runs it (its own shebang, its prefix's bin on
 * PATH), in a folder outside the checkout (whose node_modules holds the server workspace).
 */
function runInstalled(
  installation: Installation,
  name: string,
  args: string[],
  env: Record<string, string> = {},
  cwd = installation.prefix,
): Promise<ProcessResult> {
  return runProcess(installedBin(installation, name), args, {
    env: isolatedEnv({
      PATH: `${path.join(installation.prefix, 'bin')}:${process.env.PATH}`,
      XDG_CONFIG_HOME: mkdtempSync(path.join(os.tmpdir(), 'acctl-config-')),
      ...env,
    }),
    cwd,
  });
}

describe('the packages users install: packed, installed into clean prefixes, and run from there', function () {
  this.timeout(300_000);
  let folder: string;
  let cliTarball: string;
  let serverTarball: string;
  let cliOnly: Installation;

  before(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'acctl-ship-'));
    [cliTarball, serverTarball] = await Promise.all([packWorkspace('cli'), packWorkspace('server')]);
    cliOnly = await installGlobally(path.join(folder, 'cli-prefix'), [cliTarball]);
  });
  after(() => {
    for (const tarball of [cliTarball, serverTarball]) if (tarball) rmSync(path.dirname(tarball), { recursive: true, force: true });
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  describe('@acctl/cli alone', () => {
    it(`installs without a dependency, in at most ${cliInstallLimit / 1024 / 1024} MB`, () => {
      const installed = path.join(cliOnly.prefix, 'lib', 'node_modules', '@acctl', 'cli');
      expect(readdirSync(installed).sort()).to.deep.equal(['bin', 'dist', 'oclif.manifest.json', 'package.json', 'schemas']);
      expect(existsSync(path.join(installed, 'node_modules')), 'the CLI package installs no dependency').to.equal(false);
      expect(cliOnly.bytes).to.be.at.most(cliInstallLimit);
    });

    it('runs a policy repository from lint to apply against a server started from the repository: lint, test, plan (exit 2), apply, plan (exit 0)', async () => {
      const repository = path.join(folder, 'policy-repository');
      cpSync(path.join(repoRoot, 'policies-example'), repository, { recursive: true });
      const credentials = { clientId: 'ci-deployer', clientSecret: randomBytes(24).toString('base64url') };
      const server = await startServerProcess({ databaseUrl: await freshDatabase(), keyEncryptionKey: randomBytes(32).toString('base64'), ...credentials });
      try {
        const env = { ACCTL_SERVER: server.baseUrl.replace(/\/v1$/, ''), ACCTL_CLIENT_ID: credentials.clientId, ACCTL_CLIENT_SECRET: credentials.clientSecret };
        const acctl = (args: string[]) => runInstalled(cliOnly, 'acctl', args, env, repository);
        const steps: Array<[string[], number]> = [
          [['policy', 'lint', '.'], 0],
          [['policy', 'test', '.'], 0],
          [['policy', 'plan', '.'], 2],
          [['policy', 'apply', '.', '--auto-approve'], 0],
          [['policy', 'plan', '.'], 0],
        ];
        for (const [args, exitCode] of steps) {
          const result = await acctl(args);
          expect(result.exitCode, `acctl ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).to.equal(exitCode);
        }
        const listed = await acctl(['policy', 'list', '--json']);
        expect(listed.exitCode, listed.stderr).to.equal(0);
        const policyFiles = readdirSync(repository).filter((file) => file.endsWith('.yaml') && !file.endsWith('.test.yaml') && file !== 'acctl.yaml');
        expect((JSON.parse(listed.stdout) as { data: unknown[] }).data).to.have.lengthOf(policyFiles.length);
      } finally {
        server.process.kill('SIGTERM');
      }
    });

    it('gives an application that installs it @acctl/cli/plan: its SQL and Knex helpers select the rows in PostgreSQL, and its declarations type-check a call and refuse a wrong one', async () => {
      const app = path.join(folder, 'plan-app');
      mkdirSync(app);
      writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'plan-app', private: true, type: 'module' }));
      // As docs/api.md says: a dependency of the application; knex and pg are the application's own (here the checkout's).
      await installLocally(app, [cliTarball]);
      const installed = readdirSync(path.join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
      expect(installed, 'the helpers bring no dependency').to.deep.equal(['@acctl']);
      const help = await runInstalled(cliOnly, 'acctl', ['--help']);
      expect(help.exitCode, help.stderr).to.equal(0);
      expect(help.stdout).to.match(/^ {2}policy /m);

      const databaseUrl = await emptyDatabase();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('CREATE TABLE documents (id integer PRIMARY KEY, name text NOT NULL, owner jsonb, labels jsonb)');
        await client.query(`INSERT INTO documents VALUES
          (1, 'public-1', '"u-2"', '[]'), (2, 'public-2', '"u-2"', '["secret"]'), (3, 'doc-3', '"u-1"', '[]'),
          (4, 'doc-4', '"u-2"', '[]'), (5, 'doc-5', '"u-1"', '["secret"]'), (6, 'doc-6', NULL, '[]')`);
      } finally {
        await client.end();
      }
      const plan = planResources(documentPolicies, { principal: { type: 'USER', id: 'u-1' }, action: 'read', resourceType: 'document', now: new Date() });
      expect(plan.kind).to.equal('conditional');
      writeFileSync(path.join(app, 'plan.json'), JSON.stringify(plan));
      writeFileSync(path.join(app, 'select.mjs'), planApplication);
      const selected = await runProcess(process.execPath, ['select.mjs'], {
        env: isolatedEnv({ DATABASE_URL: databaseUrl, CHECKOUT_PACKAGE_JSON: path.join(repoRoot, 'package.json') }),
        cwd: app,
      });
      expect(selected.exitCode, selected.stderr).to.equal(0);
      expect(JSON.parse(selected.stdout)).to.deep.equal({ bySql: [1, 3], byKnex: [1, 3], refused: 'lone_surrogate' });

      // One compiler run over both files (tsc is the costly part): the errors are all the misuse's.
      writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: typeCheckOptions, files: ['uses-plan.ts', 'misuses-plan.ts'] }));
      // A plan core made, as a literal of the declared type: declarations that drift from core's ResourcePlan refuse it.
      writeFileSync(path.join(app, 'uses-plan.ts'), typedUse(plan));
      writeFileSync(path.join(app, 'misuses-plan.ts'), typedMisuse);
      const checked = await runProcess(process.execPath, [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
        env: isolatedEnv({}),
        cwd: app,
      });
      expect(checked.exitCode, checked.stdout).to.equal(2);
      const errors = checked.stdout.match(/^[\w.-]+\.ts\(\d+,\d+\): error TS\d+/gm) ?? [];
      expect(
        errors.filter((line) => !line.startsWith('misuses-plan.ts(')),
        checked.stdout,
      ).to.deep.equal([]);
      expect(errors, checked.stdout).to.have.lengthOf(3);
    });

    it('answers acctl server … with one sentence and exit 127 when the server package is not installed', async () => {
      const result = await runInstalled(cliOnly, 'acctl', ['server', 'start']);
      expect(result.exitCode).to.equal(127);
      expect(result.stderr.trim().split('\n')).to.have.lengthOf(1);
      expect(result.stderr).to.include('npm install --global @acctl/server');
    });
  });

  describe('@acctl/server beside @acctl/cli', () => {
    let both: Installation;
    before(async () => {
      both = await installGlobally(path.join(folder, 'both-prefix'), [cliTarball, serverTarball]);
    });

    it('installs its own copy of the schemas and its built code, and brings its dependencies', () => {
      const installed = path.join(both.prefix, 'lib', 'node_modules', '@acctl', 'server');
      expect(readdirSync(installed).sort()).to.include.members(['bin', 'dist', 'package.json', 'schemas']);
      // The two entries, the SQL functions beside them, and the chunks they load as a command needs them.
      const built = readdirSync(path.join(installed, 'dist'));
      expect(built).to.include.members(['cli.js', 'functions', 'worker.js']);
      expect(built.filter((file) => file !== 'functions' && !file.endsWith('.js'))).to.deep.equal([]);
      const { dependencies } = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      for (const name of Object.keys(dependencies)) {
        const where = [path.join(installed, 'node_modules', name), path.join(both.prefix, 'lib', 'node_modules', name)];
        expect(
          where.some((dir) => existsSync(dir)),
          `${name} is installed`,
        ).to.equal(true);
      }
    });

    it('runs the same commands as acctl-server and as acctl server, each named as it was called', async () => {
      const own = await runInstalled(both, 'acctl-server', ['--help']);
      expect(own.exitCode, own.stderr).to.equal(0);
      expect(own.stdout).to.include('$ acctl-server [COMMAND]');
      const handed = await runInstalled(both, 'acctl', ['server', 'client', '--help']);
      expect(handed.exitCode, handed.stderr).to.equal(0);
      expect(handed.stdout).to.include('$ acctl server client COMMAND');
      for (const result of [own, handed]) expect(result.stdout).to.not.match(/^ {2}(policy|login) /m);
    });

    it('starts from the installed package on a database, with two workers, and serves the API', async () => {
      const databaseUrl = await freshDatabase();
      const migrated = await runInstalled(both, 'acctl-server', ['migrate', '--database-url', databaseUrl, '--json']);
      expect(migrated.exitCode, migrated.stderr).to.equal(0);
      const port = await findFreePort();
      const child: ChildProcess = spawn(
        installedBin(both, 'acctl-server'),
        ['start', '--port', String(port), '--database-url', databaseUrl, '--workers', '2', '--json'],
        {
          env: isolatedEnv({ ACCTL_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'), ACCTL_LOG_LEVEL: 'error' }),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        for (let waited = 0; !stdout.includes('\n') && child.exitCode === null; waited += 100) {
          if (waited > 60_000) throw new Error(`no ready line:\n${stderr}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(JSON.parse(stdout) as Record<string, unknown>, stderr).to.include({ database: 'external', workers: 2 });
        const health = await fetch(`http://127.0.0.1:${port}/v1/health`);
        expect(health.status).to.equal(200);
        const openapi = (await (await fetch(`http://127.0.0.1:${port}/v1/openapi.json`)).json()) as { info: { version: string } };
        expect(openapi.info.version).to.equal((JSON.parse(readFileSync(path.join(repoRoot, 'server', 'package.json'), 'utf8')) as { version: string }).version);
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).to.equal(0);
    });
  });
});

/** Owners read their documents, anyone reads public-*, and nobody reads a secret one. */
const documentRule = (effect: 'allow' | 'deny', identifiers: string[], conditions: unknown[] = []) => ({
  effect,
  principals: { type: 'USER' },
  resources: { type: 'document', identifiers },
  actions: ['read'],
  conditions,
});
const comparison = (attribute: string, operator: string, to: unknown) => ({ type: 'attribute', operator, value: { attribute, to } });
const documentPolicies: EnginePolicy[] = [
  {
    id: 'documents',
    version: 1,
    name: 'documents',
    rules: [
      documentRule('allow', ['public-*']),
      documentRule('allow', ['*'], [comparison('resource.attributes.owner', 'equals', { attribute: 'principal.id' })]),
      documentRule('deny', ['*'], [comparison('resource.attributes.labels', 'contains', 'secret')]),
    ] as EnginePolicy['rules'],
  },
];

/** An application's script: @acctl/cli/plan from its node_modules, pg and knex from the checkout's. */
const planApplication = `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { planToKnex, planToSql, PlanSqlError } from '@acctl/cli/plan';
const require = createRequire(process.env.CHECKOUT_PACKAGE_JSON);
const pg = require('pg');
const knex = require('knex')({ client: 'pg', connection: process.env.DATABASE_URL });
const plan = JSON.parse(readFileSync('plan.json', 'utf8'));
const columns = { identifier: 'name', attributes: { owner: 'owner', labels: 'labels' } };
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const { where, params } = planToSql(plan, columns);
const bySql = (await client.query(\`SELECT id FROM documents WHERE \${where} ORDER BY id\`, params)).rows.map((row) => row.id);
const byKnex = (await knex('documents').where(planToKnex(plan, columns)).orderBy('id').select('id')).map((row) => row.id);
let refused;
try {
  planToSql({ ...plan, condition: { type: 'identifier', pattern: { kind: 'exact', identifier: '\\ud800' } } }, columns);
} catch (error) {
  if (error instanceof PlanSqlError) refused = error.code;
}
await client.end();
await knex.destroy();
console.log(JSON.stringify({ bySql, byKnex, refused }));
`;

/** An application's tsconfig: its own, with no @types (the declarations must need none). */
const typeCheckOptions = { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', lib: ['es2023'], types: [] };

function typedUse(plan: ResourcePlan): string {
  return `import { planToKnex, planToSql, PlanSqlError, type PlanColumns, type PlanSql, type ResourceCondition, type ResourcePlan, type WhereRawBuilder } from '@acctl/cli/plan';
const plan: ResourcePlan = ${JSON.stringify(plan)};
const columns: PlanColumns = { identifier: 'name', attributes: { owner: 'owner' } };
const sql: PlanSql = planToSql(plan, columns);
const where: string = sql.where;
const params: string[] = sql.params;
const apply: (builder: WhereRawBuilder) => void = planToKnex(plan, columns);
const condition = (of: ResourcePlan): ResourceCondition | undefined => (of.kind === 'unsupported' ? undefined : of.condition);
const error = new PlanSqlError('lone_surrogate', 'unstorable');
const code: string = error.code;
export { where, params, apply, condition, code };
`;
}

const typedMisuse = `import { planToKnex, planToSql, type ResourcePlan } from '@acctl/cli/plan';
declare const plan: ResourcePlan;
planToSql(plan, { identifier: 'name' });
planToSql({ kind: 'conditional', condition: { type: 'maybe' }, policies: {} }, { identifier: 'name', attributes: {} });
const sql: string = planToKnex(plan, { identifier: 'name', attributes: {} });
export { sql };
`;
