import { expect } from 'chai';
import type { AuditReport } from '../../core/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { apiAs, apiCli } from '../cli/resources-support.js';
import type { CliResult } from '../cli/run-cli.js';
import { samplePolicy } from '../policies/fixtures.js';
import { eventually } from './helpers.js';

/**
 * Who changed a policy, by name, wherever a change is shown, and a rollback said as such (issue
 * #34): `policy versions`, `policy history` and the policy_change_history report, with the commit
 * and CI run that `acctl policy apply` recorded.
 */
describe('policy change history: names, commits and rollbacks', function () {
  this.timeout(60_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let author: string;
  let policyId: string;
  const provenance = { tool: 'acctl policy apply', commit: '3f2a9c1', run_url: 'https://ci.example/acme/policies/runs/42' };

  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };

  before(async () => {
    t = await startTestApp({ listen: true });
    const writer = await apiAs(t, ['write:policies', 'read:policies', 'read:audit']);
    author = writer.client.clientId;
    const created = await writer.call('POST', '/v1/policies', { ...samplePolicy({ name: 'history-names' }), metadata: { provenance } });
    policyId = created.id;
    const rules = samplePolicy().rules.map((rule) => ({ ...rule, actions: [...rule.actions, 'audit'] }));
    // The PUT keeps the metadata it is not sent (provenance included): the same commit and run.
    await writer.call('PUT', `/v1/policies/${policyId}`, { name: 'history-names', rules });
    await writer.call('POST', `/v1/policies/${policyId}/rollback`, { version: 1 });
    cli = apiCli(t, writer.client);
  });
  after(() => t.close());

  it('policy history says "rolled back" for a rollback and names who wrote each version', async () => {
    const history = ok(await cli(['policy', 'history', policyId, '--json'])).json<{
      versions: Array<{ version: number; changes: string[] }>;
      names: Record<string, string>;
    }>();
    expect(history.versions.map((entry) => [entry.version, entry.changes[0]])).to.deep.equal([
      [3, 'rolled back to version 1'],
      [2, 'actions added: audit'],
      [1, 'created'],
    ]);
    expect(history.names[author]).to.equal('Test client');
    expect(ok(await cli(['policy', 'history', policyId])).stdout).to.include(`Test client (${author})`);
  });

  it('policy versions shows authors by name, as audit events does', async () => {
    const table = ok(await cli(['policy', 'versions', policyId])).stdout;
    expect(table.split('\n').filter((line) => line.includes(`Test client (${author})`))).to.have.lengthOf(3);
  });

  it('the policy_change_history report carries actor names and the commit and run URL apply recorded', async () => {
    const auditor = await apiAs(t, ['read:audit']);
    const report: AuditReport = await auditor.call('POST', '/v1/audit/reports', { kind: 'policy_change_history' });
    const done = await eventually(async () => {
      const current: AuditReport = await auditor.call('GET', `/v1/audit/reports/${report.id}`);
      expect(current.status).to.not.equal('failed');
      return current.status === 'completed' ? current : undefined;
    });
    expectSchema('audit-report', done);
    const changes = (done.result as { changes: Array<Record<string, unknown>> }).changes;
    expect(changes.map((change) => [change.type, change.version, change.actor_name, change.commit, change.run_url])).to.deep.equal([
      ['policy.created', 1, 'Test client', provenance.commit, provenance.run_url],
      ['policy.updated', 2, 'Test client', provenance.commit, provenance.run_url],
      ['policy.rolled_back', 3, 'Test client', null, null],
    ]);
  });
});
