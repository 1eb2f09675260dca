import { rmSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Policy, PolicyList, PolicyVersion } from '../../core/src/index.js';
import PolicyApply, { type ApplyJson } from '../../cli/src/commands/policy/apply.js';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { apiAs, apiCli, serverOrigin } from '../cli/resources-support.js';
import type { CliResult } from '../cli/run-cli.js';
import { provenanceEnv, copyOfExampleRepository, editFile, commandlessCliConfig, withCliEnv } from './support.js';

const otherRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'api', identifiers: ['x'] }, actions: ['read'] };

describe('acctl policy plan / apply (a policy folder against a running server)', function () {
  this.timeout(120000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let otherCall: Awaited<ReturnType<typeof apiAs>>['call'];
  let otherSubject: string;
  let admin: TestClient;
  let dir: string;

  const exit = (result: CliResult, code: number): CliResult => {
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(code);
    return result;
  };
  const policyNamed = async (name: string): Promise<Policy> => {
    const list: PolicyList = await call('GET', `/v1/policies?name=${encodeURIComponent(name)}`);
    expect(list.data, `no live policy ${name}`).to.have.length(1);
    return call('GET', `/v1/policies/${list.data[0]!.id}`);
  };
  const livePolicies = async (): Promise<PolicyList> => call('GET', '/v1/policies?limit=100');
  const plan = async (...extra: string[]): Promise<{ result: CliResult; plan: Plan }> => {
    const result = await cli(['policy', 'plan', dir, '--json', ...extra]);
    return { result, plan: result.json<Plan>() };
  };

  before(async () => {
    t = await startTestApp({ listen: true });
    const adminApi = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    admin = adminApi.client;
    cli = apiCli(t, admin);
    call = adminApi.call;
    const other = await apiAs(t, ['read:policies', 'write:policies']);
    otherCall = other.call;
    otherSubject = other.client.clientId;
    dir = copyOfExampleRepository();
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plans every policy as a create on an empty server, and exits 2 (changes)', async () => {
    const { result, plan: made } = await plan();
    exit(result, 2);
    expect(made.summary).to.deep.include({ create: 16, update: 0, delete: 0, unchanged: 0 });
    expect(made.changes.find((change) => change.name === 'prod-database-read')).to.include({
      action: 'create',
      file: `${dir}/prod-database-read.yaml`,
      line: 2,
      col: 7,
    });
  });

  it('applies the folder, recording provenance and the ownership label in each version', async () => {
    const result = exit(await cli(['policy', 'apply', dir, '--auto-approve', '--json'], { env: provenanceEnv }), 0);
    const applied = result.json<ApplyJson>();
    expect(applied.applied.filter((change) => change.action === 'create')).to.have.length(16);
    const policy = await policyNamed('prod-database-read');
    const version: PolicyVersion = await call('GET', `/v1/policies/${policy.id}/versions/1`);
    expect(version.metadata ?? {}).to.deep.include({ owner: 'data-platform', managed_by: 'platform-security' });
    expect(version.metadata?.provenance).to.deep.include({
      tool: 'acctl policy apply',
      commit: provenanceEnv.GITHUB_SHA,
      run_url: 'https://github.example.com/acme/policies/actions/runs/4242',
      actor: 'octocat',
      source: `${dir}/prod-database-read.yaml`,
    });
  });

  it('plans no change after an apply (exit 0), from list requests alone', async () => {
    const seen: string[] = [];
    const record = (request: { method?: string; url?: string }) => seen.push(`${request.method} ${request.url}`);
    t.app.server.on('request', record);
    const { result, plan: made } = await plan().finally(() => t.app.server.off('request', record));
    exit(result, 0);
    expect(made.summary).to.deep.include({ create: 0, update: 0, delete: 0, unchanged: 16, drifted: 0 });
    // The token the commands before obtained is kept (CI mode), so one page of the repository's labelled policies: no policy fetched one by one.
    expect(seen).to.deep.equal(['GET /v1/policies?managed_by=platform-security&limit=100&page=1']);
  });

  it('fetches the changed policies whole 100 at a time, not one request each', async () => {
    for (const name of ['admin-console.yaml', 'api-read.yaml'])
      editFile(dir, name, (text) => text.replace(/^description: .*$/m, 'description: edited for the fetch count'));
    const seen: string[] = [];
    const record = (request: { method?: string; url?: string }) => seen.push(`${request.method} ${request.url}`);
    t.app.server.on('request', record);
    const { result, plan: made } = await plan().finally(() => t.app.server.off('request', record));
    exit(result, 2);
    expect(made.summary).to.deep.include({ update: 2, unchanged: 14 });
    const fetches = seen.filter((line) => line.includes('view=full') || /^GET \/v1\/policies\/[^?]/.test(line));
    // The plan's diff reads the 2 changed policies; the access analysis every active one (the set before): one request each.
    expect(fetches).to.have.length(2);
    expect(fetches[0]).to.match(/^GET \/v1\/policies\?id=[^&]+&id=[^&]+&view=full&limit=100$/);
    const active = (await livePolicies()).data.filter((item) => item.status === 'active').length;
    expect(fetches[1]).to.match(new RegExp(`^GET /v1/policies\\?(id=[^&]+&){${active}}view=full&limit=100$`));
    rmSync(dir, { recursive: true, force: true });
    dir = copyOfExampleRepository();
  });

  it('changes nothing on a second apply: every version stays where it was', async () => {
    const before = (await livePolicies()).data.map((item) => [item.name, item.version]);
    const applied = exit(await cli(['policy', 'apply', dir, '--auto-approve', '--json']), 0).json<ApplyJson>();
    expect(applied.applied).to.deep.equal([]);
    expect((await livePolicies()).data.map((item) => [item.name, item.version])).to.deep.equal(before);
  });

  it('plans an edited file as an update with a field-level diff, in every format', async () => {
    editFile(dir, 'prod-database-read.yaml', (text) =>
      text.replace('identifiers: [prod-analytics-replica]\n    actions: [read]', 'identifiers: [prod-analytics-replica]\n    actions: [read, write]'),
    );
    const { result, plan: made } = await plan();
    exit(result, 2);
    const update = made.changes.find((change) => change.name === 'prod-database-read');
    expect(update).to.include({ action: 'update', expected_version: 1 });
    expect(update?.action === 'update' && update.diff.map((entry) => entry.text)).to.deep.equal(['rule 1 gains action `write`']);

    const human = exit(await cli(['policy', 'plan', dir]), 2).stdout;
    expect(human)
      .to.include('~ update   prod-database-read')
      .and.include('rule 1 gains action `write`')
      .and.include('Plan: 0 to create, 1 to update, 0 to delete, 15 unchanged.');
    const github = exit(await cli(['policy', 'plan', dir, '--format', 'github']), 2).stdout;
    expect(github).to.include(
      `::notice file=${dir}/prod-database-read.yaml,line=2,col=7,title=acctl policy plan%3A update prod-database-read::rule 1 gains action \`write\``,
    );
    const markdown = exit(await cli(['policy', 'plan', dir, '--format', 'markdown']), 2).stdout;
    // Write access for the analytics service widens access: the comment leads with it.
    expect(markdown).to.match(/^### 🚨 acctl policy plan\n\n#### 🚨 Access widens\n/);
    expect(markdown).to.include('**Plan: 0 to create, 1 to update');
    expect(markdown).to.include('<details><summary>Details (1)</summary>').and.include('- rule 1 gains action `write`');
    const junit = exit(await cli(['policy', 'plan', dir, '--format', 'junit']), 2).stdout;
    expect(junit).to.include('<testsuites name="acctl policy plan" tests="16" failures="0" errors="0">').and.include('rule 1 gains action `write`');
    const json = exit(await cli(['policy', 'plan', dir, '--format', 'json']), 2).json<Plan>();
    expect(json.summary.update).to.equal(1);
  });

  it('writes the markdown report to $GITHUB_STEP_SUMMARY with --format github', async () => {
    const summaryFile = path.join(dir, '..', `summary-${process.pid}.md`);
    writeFileSync(summaryFile, '');
    exit(await cli(['policy', 'plan', dir, '--format', 'github'], { env: { GITHUB_STEP_SUMMARY: summaryFile } }), 2);
    expect(readFileSync(summaryFile, 'utf8')).to.include('### 🚨 acctl policy plan').and.include('#### 🚨 Access widens');
    rmSync(summaryFile);
  });

  it('refuses a stale saved plan with exit 9 and overwrites nothing', async () => {
    const planFile = path.join(dir, 'stale-plan.json');
    exit(await cli(['policy', 'plan', dir, '--out', planFile]), 2);
    const live = await policyNamed('prod-database-read');
    await otherCall('PUT', `/v1/policies/${live.id}`, { name: live.name, description: 'changed on the server', rules: live.rules, metadata: live.metadata });
    const result = exit(await cli(['policy', 'apply', planFile]), exitCodes.stale_plan);
    expect(result.stderr).to.include(
      'The server changed since the plan, nothing was applied: policy "prod-database-read" is at version 2 on the server, the plan saw version 1',
    );
    const after = await policyNamed('prod-database-read');
    expect(after).to.include({ version: 2, description: 'changed on the server' });
    rmSync(planFile);
  });

  it('reports drift: who changed the policy on the server since this repository applied it, and when', async () => {
    const { result, plan: made } = await plan();
    exit(result, 2);
    const update = made.changes.find((change) => change.name === 'prod-database-read');
    const live = await policyNamed('prod-database-read');
    expect(update?.action === 'update' && update.drift).to.deep.equal({
      updated_by: otherSubject,
      updated_at: live.updated_at,
      version: 2,
      reason: 'changed_since_apply',
    });
    expect(exit(await cli(['policy', 'plan', dir]), 2).stdout).to.include(
      `drifted: changed on the server since this repository last applied it, by ${otherSubject} at ${live.updated_at} (version 2)`,
    );
  });

  it('lets exactly one of two concurrent applies of the same plan win', async () => {
    const planFile = path.join(dir, 'race-plan.json');
    exit(await cli(['policy', 'plan', dir, '--out', planFile]), 2);
    // Two real processes: in one test process, CLI runs take turns (run-cli.ts).
    const results = await Promise.all([cli(['policy', 'apply', planFile], { process: true }), cli(['policy', 'apply', planFile], { process: true })]);
    expect(results.map((result) => result.exitCode).sort()).to.deep.equal([0, exitCodes.stale_plan]);
    const live = await policyNamed('prod-database-read');
    expect(live.version).to.equal(3);
    expect(live.rules[1]!.actions).to.deep.equal(['read', 'write']);
    rmSync(planFile);
  });

  it("prunes only the policies carrying this repository's label, leaving others' and unlabelled ones alone", async () => {
    // Gone from the folder: a policy this repository applied once (its label), another team's, and a hand-made one.
    await call('POST', '/v1/policies', { name: 'retired-policy', rules: [otherRule], metadata: { managed_by: 'platform-security' } });
    await call('POST', '/v1/policies', { name: 'finance-owned', rules: [otherRule], metadata: { managed_by: 'finance' } });
    await call('POST', '/v1/policies', { name: 'hand-made', rules: [otherRule] });
    const { result, plan: made } = await plan('--prune');
    exit(result, 2);
    expect(made.changes.filter((change) => change.action === 'delete').map((change) => change.name)).to.deep.equal(['retired-policy']);
    const withoutPrune = (await plan()).plan;
    expect(withoutPrune.changes.filter((change) => change.action === 'orphaned').map((change) => change.name)).to.deep.equal(['retired-policy']);
    const dryRun = exit(await cli(['policy', 'apply', dir, '--prune', '--dry-run']), 0);
    expect(dryRun.stdout)
      .to.include('- delete   retired-policy')
      .and.include('Dry run: the server accepts the change set (0 to create, 0 to update, 1 to delete); nothing was applied.');
    expect((await livePolicies()).data.map((item) => item.name)).to.include('retired-policy');
    exit(await cli(['policy', 'apply', dir, '--prune', '--auto-approve']), 0);
    const names = (await livePolicies()).data.map((item) => item.name);
    expect(names).to.include.members(['finance-owned', 'hand-made']).and.not.include('retired-policy');
    const deleted: PolicyList = await call('GET', '/v1/policies?status=deleted');
    expect(deleted.data.map((item) => item.name)).to.deep.equal(['retired-policy']);
  });

  it('refuses to prune more than --max-deletes, deleting nothing', async () => {
    for (const name of ['retired-1', 'retired-2', 'retired-3'])
      await call('POST', '/v1/policies', { name, rules: [otherRule], metadata: { managed_by: 'platform-security' } });
    const result = exit(await cli(['policy', 'apply', dir, '--prune', '--max-deletes', '2', '--auto-approve']), exitCodes.usage_error);
    expect(result.stderr).to.include('The plan deletes 3 policies, more than --max-deletes 2; nothing was applied');
    expect((await livePolicies()).data.map((item) => item.name)).to.include.members(['retired-1', 'retired-2', 'retired-3']);
  });

  it('blocks a policy whose name another repository owns (plan exits 1, apply refuses)', async () => {
    writeFileSync(
      path.join(dir, 'finance-owned.yaml'),
      'name: finance-owned\nrules:\n  - effect: allow\n    principals: {type: USER}\n    resources: {type: api, identifiers: [y]}\n    actions: [read]\n',
    );
    const { result, plan: made } = await plan();
    exit(result, 1);
    expect(made.changes.find((change) => change.name === 'finance-owned')).to.include({ action: 'blocked' });
    exit(await cli(['policy', 'apply', dir, '--auto-approve']), exitCodes.conflict);
    rmSync(path.join(dir, 'finance-owned.yaml'));
  });

  it('applies a saved plan to the server --server names, even after the command made a client for another server', async () => {
    writeFileSync(
      path.join(dir, 'second-client.yaml'),
      'name: second-client\nrules:\n  - effect: allow\n    principals: {type: USER}\n    resources: {type: api, identifiers: [z]}\n    actions: [read]\n',
    );
    const planFile = path.join(dir, 'second-client-plan.json');
    exit(await cli(['policy', 'plan', dir, '--out', planFile]), 2);
    // A client for a server that does not answer exists when apply asks for the plan's server.
    class ApplyAfterAnotherClient extends PolicyApply {
      override async run(): Promise<ApplyJson> {
        await this.api('http://127.0.0.1:9');
        return super.run();
      }
      override log(): void {}
    }
    const config = await commandlessCliConfig();
    const credentials = { ACCTL_CLIENT_ID: admin.clientId, ACCTL_CLIENT_SECRET: admin.clientSecret };
    const applied = await withCliEnv(credentials, () => ApplyAfterAnotherClient.run([planFile, '--server', serverOrigin(t)], config));
    expect(applied.applied.map((change) => [change.action, change.name])).to.deep.equal([['create', 'second-client']]);
    await policyNamed('second-client');
    rmSync(planFile);
  });

  it('exits 1 for any error of plan: a server that does not answer, files with lint errors', async () => {
    const unreachable = await cli(['policy', 'plan', dir], { env: { ACCTL_SERVER: 'http://127.0.0.1:9' } });
    exit(unreachable, 1);
    expect(unreachable.stderr).to.include('Cannot reach the acctl server');
    editFile(dir, 'api-read.yaml', (text) => text.replace('rules:', 'rulez:'));
    const invalid = exit(await cli(['policy', 'plan', dir]), 1);
    expect(invalid.stderr).to.include('error(s) in the policy files');
  });
});
