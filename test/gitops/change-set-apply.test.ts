import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { AuditEventList, Policy, PolicyList, PolicySet } from '../../core/src/index.js';
import { policyContentHash } from '../../core/src/index.js';
import type { ApplyJson } from '../../cli/src/commands/policy/apply.js';
import { exitCodes } from '../../kit/src/index.js';
import { contentOf } from '../../cli/src/gitops/desired.js';
import { summarize, type Plan, type PlanChange } from '../../cli/src/gitops/plan.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli, serverOrigin } from '../cli/resources-support.js';
import type { CliResult } from '../cli/run-cli.js';
import { exitWith as exit, minimalRule as rule, provenanceEnv, copyOfExampleRepository, editFile, startProxy, type ProxyAction } from './support.js';

/**
 * `acctl policy apply` sends the plan as one change set (POST /v1/policy-sets): the server applies
 * all of it or none. Real CLI processes against a real server; where a write must land between
 * the plan and the set (another writer), or an answer be lost, the CLI talks to the server through
 * a proxy that does it as the set goes by.
 */
describe('acctl policy apply sends one change set', function () {
  this.timeout(180_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let otherCall: Awaited<ReturnType<typeof apiAs>>['call'];
  let dir: string;
  const requests: string[] = [];
  const record = (request: { method?: string; url?: string }): void => {
    requests.push(`${request.method} ${request.url}`);
  };

  const versions = async (): Promise<Record<string, number>> => {
    const list: PolicyList = await call('GET', '/v1/policies?limit=100');
    return Object.fromEntries(list.data.map((item) => [item.name, item.version]));
  };
  const policyNamed = async (name: string): Promise<Policy> => {
    const list: PolicyList = await call('GET', `/v1/policies?name=${encodeURIComponent(name)}`);
    expect(list.data, `no live policy ${name}`).to.have.length(1);
    return call('GET', `/v1/policies/${list.data[0]!.id}`);
  };
  const setEvents = async (): Promise<AuditEventList['data']> =>
    ((await call('GET', '/v1/audit/events?type=policy_set.applied&limit=100')) as AuditEventList).data;
  const generation = async (): Promise<number> => Number((await t.app.db('change_generations').where({ name: 'policies' }).first('generation')).generation);
  const setPosts = (): string[] => requests.filter((line) => line.startsWith('POST /v1/policy-sets'));

  /** The proxy's hook: what happens when a change set goes through it (nothing by default). */
  let onSet: () => Promise<ProxyAction> = async () => 'forward';
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  /** The CLI against the proxy (a saved plan made this way names the proxy as its server). */
  const viaProxy = (args: string[]): Promise<CliResult> => cli(args, { env: { ACCTL_SERVER: proxy.origin } });

  before(async () => {
    t = await startTestApp({ listen: true });
    const adminApi = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies', 'read:audit']);
    cli = apiCli(t, adminApi.client);
    call = adminApi.call;
    otherCall = (await apiAs(t, ['read:policies', 'write:policies', 'delete:policies'])).call;
    dir = copyOfExampleRepository();
    t.app.server.on('request', record);
    proxy = await startProxy(serverOrigin(t), (method, url) => (method === 'POST' && url === '/v1/policy-sets' ? onSet() : 'forward'));
  });
  beforeEach(() => {
    requests.length = 0;
    onSet = async () => 'forward';
  });
  after(async () => {
    t.app.server.off('request', record);
    await proxy.close();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies a folder of 16 policies with one POST /v1/policy-sets: one policy_set.applied event, one generation, every version naming the set', async () => {
    const generationBefore = await generation();
    const result = exit(await cli(['policy', 'apply', dir, '--auto-approve', '--json'], { env: provenanceEnv }), 0);
    const applied = result.json<ApplyJson>();
    expect(applied.applied).to.have.length(16);
    expect(applied.policy_set?.counts).to.deep.include({ create: 16, update: 0, delete: 0 });
    expect(applied.policy_set?.id).to.be.a('string');
    expect(setPosts()).to.have.length(1);
    expect(
      requests.filter((line) => /^(PUT|DELETE) |^POST \/v1\/policies/.test(line)),
      'no write one policy at a time',
    ).to.deep.equal([]);
    const events = await setEvents();
    expect(events).to.have.length(1);
    expect(JSON.stringify(events[0])).to.include(applied.policy_set!.id!);
    expect(await generation()).to.equal(generationBefore + 1);
    const set: PolicySet = await call('GET', `/v1/policy-sets/${applied.policy_set!.id}`);
    expect(set.provenance).to.deep.equal({
      tool: 'acctl policy apply',
      repository: 'acme/policies',
      commit: provenanceEnv.GITHUB_SHA,
      run_url: 'https://github.example.com/acme/policies/actions/runs/4242',
      actor: 'octocat',
    });
    expect(set.changes.map((change) => change.name).sort()).to.deep.equal(applied.applied.map((change) => change.name).sort());
    // Each version keeps its own provenance (file, hash), and names the set that wrote it.
    const policy = await policyNamed('prod-database-read');
    expect(policy.metadata.provenance).to.deep.include({ source: `${dir}/prod-database-read.yaml`, commit: provenanceEnv.GITHUB_SHA, policy_set: set.id });
  });

  it('prints the set id, and sends nothing when the plan has no changes', async () => {
    editFile(dir, 'api-read.yaml', (text) => text.replace(/description: .*/, 'description: edited once'));
    const human = exit(await cli(['policy', 'apply', dir, '--auto-approve']), 0);
    expect(human.stdout).to.match(/Apply complete: 0 created, 1 updated, 0 deleted\. Change set [0-9a-f-]{36}\./);
    requests.length = 0;
    const again = exit(await cli(['policy', 'apply', dir, '--auto-approve', '--json']), 0).json<ApplyJson>();
    expect(again.applied).to.deep.equal([]);
    expect(again).not.to.have.property('policy_set');
    expect(setPosts()).to.deep.equal([]);
  });

  it('applies nothing at all when another writer moved two policies between the plan and the set, and names both', async () => {
    editFile(dir, 'prod-database-read.yaml', (text) => text.replace('actions: [read]', 'actions: [read, list]'));
    editFile(dir, 'api-read.yaml', (text) => text.replace(/description: .*/, 'description: edited twice'));
    const planFile = path.join(dir, '..', `moved-${process.pid}.json`);
    exit(await viaProxy(['policy', 'plan', dir, '--out', planFile]), 2);
    const before = await versions();
    const eventsBefore = (await setEvents()).length;
    const moved = ['prod-database-read', 'api-read'];
    // After apply's own check of the saved plan, before the set reaches the server: only the server's if_match can catch this.
    onSet = async () => {
      for (const name of moved) {
        const live = await policyNamed(name);
        await otherCall('PUT', `/v1/policies/${live.id}`, { name, description: 'moved by another writer', rules: live.rules, metadata: live.metadata });
      }
      return 'forward';
    };
    const result = exit(await viaProxy(['policy', 'apply', planFile]), exitCodes.stale_plan);
    rmSync(planFile);
    expect(result.stderr).to.match(/^Error: The server refused the change set, nothing was applied: 2 change\(s\) cannot be made: /);
    for (const name of moved)
      expect(result.stderr).to.include(`policy "${name}" is at version ${before[name]! + 1} on the server, not version ${before[name]} (update refused)`);
    expect(result.stderr).to.include('Run acctl policy plan again');
    // The two moved once (the other writer); every other policy is where it was.
    const after = await versions();
    expect(after).to.deep.equal({ ...before, 'prod-database-read': before['prod-database-read']! + 1, 'api-read': before['api-read']! + 1 });
    expect((await policyNamed('api-read')).description).to.equal('moved by another writer');
    expect(await setEvents()).to.have.length(eventsBefore);
  });

  it('says a set whose answer was lost may or may not have been applied (exit 8), and a new plan shows it was', async () => {
    const planFile = path.join(dir, '..', `lost-${process.pid}.json`);
    exit(await viaProxy(['policy', 'plan', dir, '--out', planFile]), 2);
    const eventsBefore = (await setEvents()).length;
    onSet = async () => 'drop_answer';
    const lost = exit(await viaProxy(['policy', 'apply', planFile]), exitCodes.server_unreachable);
    rmSync(planFile);
    expect(lost.stderr).to.include('the change set may or may not have been applied (it is one transaction: all of it or none)');
    expect(lost.stderr).to.include('Once the server answers again, run acctl policy plan');
    // It landed whole: one set more, and the next plan has nothing to do.
    expect(await setEvents()).to.have.length(eventsBefore + 1);
    exit(await cli(['policy', 'plan', dir]), 0);
  });

  it('--dry-run sends the set with dry_run: the server checks it, nothing is written, exit 0; a saved plan likewise', async () => {
    editFile(dir, 'api-read.yaml', (text) => text.replace(/description: .*/, 'description: edited for a dry run'));
    writeFileSync(path.join(dir, 'dry-new.yaml'), `name: dry-new\nrules:\n  - ${JSON.stringify(rule)}\n`);
    const before = await versions();
    const eventsBefore = (await setEvents()).length;
    const generationBefore = await generation();
    const result = exit(await cli(['policy', 'apply', dir, '--dry-run']), 0);
    expect(result.stdout).to.include('Dry run: the server accepts the change set (1 to create, 1 to update, 0 to delete); nothing was applied.');
    const json = exit(await cli(['policy', 'apply', dir, '--dry-run', '--json']), 0).json<ApplyJson>();
    expect(json).to.deep.include({ dry_run: true, applied: [] });
    expect(json.policy_set).to.deep.equal({ counts: { create: 1, update: 1, delete: 0, restore: 0, rollback: 0 } });
    const planFile = path.join(dir, '..', `dry-${process.pid}.json`);
    exit(await cli(['policy', 'plan', dir, '--out', planFile]), 2);
    exit(await cli(['policy', 'apply', planFile, '--dry-run']), 0);
    rmSync(planFile);
    expect(setPosts()).to.have.length(3);
    expect(await versions()).to.deep.equal(before);
    expect(await setEvents()).to.have.length(eventsBefore);
    expect(await generation()).to.equal(generationBefore);
  });

  it('--dry-run exits 9 when the server would refuse the set, naming the policy, and writes nothing', async () => {
    const planFile = path.join(dir, '..', `dry-refused-${process.pid}.json`);
    exit(await viaProxy(['policy', 'plan', dir, '--out', planFile]), 2);
    const before = await versions();
    onSet = async () => {
      await otherCall('POST', '/v1/policies', { name: 'dry-new', rules: [rule] });
      return 'forward';
    };
    const result = exit(await viaProxy(['policy', 'apply', planFile, '--dry-run']), exitCodes.stale_plan);
    rmSync(planFile);
    expect(result.stderr).to.match(
      /^Error: The server would refuse the change set, nothing was applied: 1 change\(s\) cannot be made: policy "dry-new" was to be created, and the server has a live one of that name now/,
    );
    expect(await versions()).to.deep.equal({ ...before, 'dry-new': 1 });
    await call('DELETE', `/v1/policies/${(await policyNamed('dry-new')).id}`);
    rmSync(path.join(dir, 'dry-new.yaml'));
  });

  it('refuses a set that deletes without delete:policies (exit 7), naming the policies, and applies none of it', async () => {
    const writer = await apiAs(t, ['read:policies', 'write:policies']);
    await call('POST', '/v1/policies', { name: 'retired-x', rules: [rule], metadata: { managed_by: 'platform-security' } });
    editFile(dir, 'api-read.yaml', (text) => text.replace(/description: .*/, 'description: edited with a prune'));
    const before = await versions();
    const result = exit(await apiCli(t, writer.client)(['policy', 'apply', dir, '--prune', '--auto-approve']), exitCodes.auth_error);
    expect(result.stderr).to.include('delete:policies').and.include('("retired-x"); nothing was applied');
    expect(await versions()).to.deep.equal(before);
    exit(await cli(['policy', 'apply', dir, '--prune', '--auto-approve']), 0);
  });

  it('refuses a saved plan of 10,001 changes before sending anything, saying the limits and how to split', async () => {
    const changes: PlanChange[] = Array.from({ length: 10_001 }, (_, index) => {
      const name = `bulk-${index}`;
      const content = contentOf({ name, rules: [rule], status: 'active' }, 'platform-security');
      return { action: 'create', name, file: `${name}.yaml`, line: 1, col: 7, content, content_hash: policyContentHash(content) };
    });
    const plan: Plan = {
      format: 1,
      server: t.baseUrl,
      owner: 'platform-security',
      prune: false,
      created_at: new Date().toISOString(),
      changes,
      summary: summarize(changes),
    };
    const planFile = path.join(dir, '..', `huge-${process.pid}.json`);
    writeFileSync(planFile, JSON.stringify(plan));
    const before = await versions();
    requests.length = 0;
    const result = exit(await cli(['policy', 'apply', planFile]), exitCodes.usage_error);
    rmSync(planFile);
    expect(result.stderr).to.include(
      'The change set is 10001 changes, more than the 10000 one change set may hold (at most 10000 changes and 32 MiB); it is applied whole or not at all, so it is not split: nothing was applied',
    );
    expect(result.stderr).to.include('one folder at a time');
    expect(requests, 'nothing sent to the server').to.deep.equal([]);
    expect(await versions()).to.deep.equal(before);
  });
});

describe('acctl policy rollback / restore of several policies: one change set', function () {
  this.timeout(120_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];

  const byName = async (name: string, status = ''): Promise<Policy> => {
    const list: PolicyList = await call('GET', `/v1/policies?name=${encodeURIComponent(name)}${status}`);
    expect(list.data, name).to.have.length(1);
    return call('GET', `/v1/policies/${list.data[0]!.id}`);
  };
  const setEvents = async (): Promise<number> => ((await call('GET', '/v1/audit/events?type=policy_set.applied&limit=100')) as AuditEventList).data.length;

  /** A policy with versions 1..count, version n's description `v<n>`. */
  async function policyWithVersions(name: string, count: number): Promise<Policy> {
    let policy: Policy = await call('POST', '/v1/policies', { name, description: 'v1', rules: [rule] });
    for (let version = 2; version <= count; version += 1)
      policy = await call('PUT', `/v1/policies/${policy.id}`, { name, description: `v${version}`, rules: [rule], metadata: {} });
    return policy;
  }

  before(async () => {
    t = await startTestApp({ listen: true });
    const admin = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies', 'read:audit']);
    cli = apiCli(t, admin.client);
    call = admin.call;
    await Promise.all([policyWithVersions('rb-a', 3), policyWithVersions('rb-b', 6), policyWithVersions('rb-c', 2)]);
  });
  after(() => t.close());

  it('rolls back several policies, each to its own version, in one set (--json prints it)', async () => {
    const events = await setEvents();
    const set = exit(await cli(['policy', 'rollback', 'rb-a@1', 'rb-b@5', '--json']), 0).json<PolicySet>();
    expect(set.counts).to.deep.include({ rollback: 2 });
    expect(set.changes.map((change) => [change.name, change.version])).to.deep.equal([
      ['rb-a', 4],
      ['rb-b', 7],
    ]);
    expect((await byName('rb-a')).description).to.equal('v1');
    expect((await byName('rb-b')).description).to.equal('v5');
    expect(await setEvents()).to.equal(events + 1);
    // The single form is as it was: one policy, its own route, the policy printed.
    const single = exit(await cli(['policy', 'rollback', 'rb-c', '--version', '1', '--json']), 0).json<Policy>();
    expect(single).to.include({ name: 'rb-c', version: 3, description: 'v1' });
    expect(await setEvents()).to.equal(events + 1);
  });

  it('rolls back none when one version does not exist: exit 5 naming it, the others untouched', async () => {
    const [a, b] = await Promise.all([byName('rb-a'), byName('rb-b')]);
    const result = exit(await cli(['policy', 'rollback', 'rb-a@2', 'rb-b@99']), exitCodes.conflict);
    expect(result.stderr).to.include('The server refused the change set, nothing was applied: 1 change(s) cannot be made').and.include('"rb-b"');
    expect(result.stderr).not.to.include('"rb-a"');
    expect((await byName('rb-a')).version).to.equal(a.version);
    expect((await byName('rb-b')).version).to.equal(b.version);
  });

  it('refuses bad arguments before sending anything', async () => {
    const [noVersion, expected, twice] = await Promise.all([
      cli(['policy', 'rollback', 'rb-a@1', 'rb-b']),
      cli(['policy', 'rollback', 'rb-a@1', 'rb-b@1', '--expected-version', '3']),
      cli(['policy', 'rollback', 'rb-a@1', `${(await byName('rb-a')).id}@2`]),
    ]);
    exit(noVersion, exitCodes.usage_error);
    expect(noVersion.stderr).to.include('rb-b: say which version to roll back to, as rb-b@VERSION');
    exit(expected, exitCodes.usage_error);
    expect(expected.stderr).to.include('--expected-version takes one policy');
    exit(twice, exitCodes.usage_error);
    expect(twice.stderr).to.include('are the same policy (rb-a');
  });

  it('restores several deleted policies in one set, and none when one of them is not deleted', async () => {
    const [a, b] = await Promise.all([byName('rb-a'), byName('rb-b')]);
    await Promise.all([a, b].map((policy) => call('DELETE', `/v1/policies/${policy.id}`)));
    const events = await setEvents();
    // rb-c is live: restoring it is refused, and so the whole set.
    const refused = exit(await cli(['policy', 'restore', 'rb-a', 'rb-b', 'rb-c']), exitCodes.conflict);
    expect(refused.stderr).to.include('nothing was applied: 1 change(s) cannot be made').and.include('"rb-c"');
    const deleted: PolicyList = await call('GET', '/v1/policies?status=deleted');
    expect(deleted.data.map((item) => item.name).sort()).to.deep.equal(['rb-a', 'rb-b']);
    const set = exit(await cli(['policy', 'restore', 'rb-a', 'rb-b', '--json']), 0).json<PolicySet>();
    expect(set.counts).to.deep.include({ restore: 2 });
    // Each back in the status it had before it was deleted, as a new version.
    expect(set.changes.map((change) => [change.name, change.status, change.version])).to.deep.equal([
      ['rb-a', a.status, a.version + 1],
      ['rb-b', b.status, b.version + 1],
    ]);
    expect(await setEvents()).to.equal(events + 1);
    // One policy keeps its own route: a live one is a conflict, as before.
    const single = exit(await cli(['policy', 'restore', 'rb-a']), exitCodes.conflict);
    expect(single.stderr).to.include('is not deleted');
  });
});
