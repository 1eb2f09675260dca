import { expect } from 'chai';
import type { Policy, PolicyDeleted, PolicyList, PolicyVersion, PolicyVersionList } from '../../core/src/index.js';
import type { PolicyHistory } from '../../cli/src/commands/policy/history.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from './resources-support.js';
import type { CliResult } from './run-cli.js';

const readRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['prod-*'] }, actions: ['read'] };
const writeRule = {
  effect: 'allow',
  principals: { type: 'USER', attributes: { department: ['engineering'] } },
  resources: { type: 'database', identifiers: ['prod-*'] },
  actions: ['write'],
};

describe('acctl policy list/get/versions/history/rollback/delete/restore (against a running server)', function () {
  this.timeout(60000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let policy: Policy;

  before(async () => {
    t = await startTestApp({ listen: true });
    const { client, call } = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    cli = apiCli(t, client);
    policy = await call('POST', '/v1/policies', { name: 'ledger-access', description: 'Who may touch the ledger', status: 'draft', rules: [readRule] });
    // Version 2 activates it and adds a write rule; version 3 is the current state.
    await call('PUT', `/v1/policies/${policy.id}`, {
      name: 'ledger-access',
      description: 'Who may touch the ledger',
      status: 'active',
      rules: [readRule, writeRule],
    });
    await call('PUT', `/v1/policies/${policy.id}`, {
      name: 'ledger-access',
      description: 'Who may touch the ledger (reviewed)',
      status: 'active',
      rules: [readRule, writeRule],
    });
  });
  after(() => t.close());

  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };

  it('lists policies filtered by status and search', async () => {
    const list = ok(await cli(['policy', 'list', '--status', 'active', '--search', 'ledger', '--json'])).json<PolicyList>();
    expect(list.data.map((item) => [item.id, item.version])).to.deep.equal([[policy.id, 3]]);
  });

  it('gets the current policy, and an earlier version with --version', async () => {
    const current = ok(await cli(['policy', 'get', policy.id, '--json'])).json<Policy>();
    expect(current).to.include({ id: policy.id, version: 3, status: 'active' });
    expect(current.rules).to.have.length(2);
    const first = ok(await cli(['policy', 'get', policy.id, '--version', '1', '--json'])).json<PolicyVersion>();
    expect(first).to.include({ version: 1, status: 'draft' });
    expect(first.rules).to.have.length(1);
  });

  it('lists the versions, newest first', async () => {
    const versions = ok(await cli(['policy', 'versions', policy.id, '--json'])).json<PolicyVersionList>();
    expect(versions.data.map((row) => row.version)).to.deep.equal([3, 2, 1]);
  });

  it('summarises what changed between consecutive versions', async () => {
    const history = ok(await cli(['policy', 'history', policy.id, '--json'])).json<PolicyHistory>();
    expect(history.versions.map((entry) => [entry.version, entry.changes])).to.deep.equal([
      [3, ['description changed']],
      [2, ['status draft -> active', 'rules 1 -> 2', 'actions added: write']],
      [1, ['created']],
    ]);
  });

  it("refuses a rollback with a stale --expected-version: exit 5 and the server's detail", async () => {
    const stale = await cli(['policy', 'rollback', policy.id, '--version', '1', '--expected-version', '2']);
    expect(stale.exitCode).to.equal(exitCodes.conflict);
    expect(stale.stderr).to.contain('The policy is at version 3, not 2');
  });

  it("rolls back to an earlier version's content as a new version", async () => {
    const rolledBack = ok(await cli(['policy', 'rollback', policy.id, '--version', '1', '--expected-version', '3', '--json'])).json<Policy>();
    expect(rolledBack).to.include({ version: 4, status: 'active' });
    expect(rolledBack.rules).to.have.length(1);
  });

  it('deletes a policy and restores it', async () => {
    const deleted = ok(await cli(['policy', 'delete', policy.id, '--expected-version', '4', '--yes', '--json'])).json<PolicyDeleted>();
    expect(deleted).to.include({ id: policy.id, status: 'deleted' });
    const restored = ok(await cli(['policy', 'restore', policy.id, '--json'])).json<Policy>();
    expect(restored).to.include({ id: policy.id, status: 'active' });
  });
});
