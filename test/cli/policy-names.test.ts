import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Policy, PolicyDeleted, PolicyVersion, PolicyVersionList } from '../../core/src/index.js';
import type { PolicyHistory } from '../../cli/src/commands/policy/history.js';
import type { PolicyDiffJson } from '../../cli/src/commands/policy/diff.js';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { copyOfExampleRepository, editFile } from '../gitops/support.js';
import { apiAs, apiCli } from './resources-support.js';
import type { CliResult } from './run-cli.js';

const readRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['prod-*'] }, actions: ['read'] };
const writeRule = { ...readRule, actions: ['write'] };

describe('stored policies by name or id, and the provenance of a rollback (against a running server)', function () {
  this.timeout(120000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let subject: string;

  const exit = (result: CliResult, code: number): CliResult => {
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(code);
    return result;
  };

  before(async () => {
    t = await startTestApp({ listen: true });
    const api = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    cli = apiCli(t, api.client);
    call = api.call;
    subject = api.client.clientId;
  });
  after(() => t.close());

  /** A policy written straight to the table, as one stored before names were checked. */
  const storedBeforeTheNameRule = async (name: string): Promise<{ id: string }> => {
    const id = randomUUID();
    await t.app.db('policies').insert({ id, name, status: 'draft', version: 1, rules: JSON.stringify([readRule]), created_by: 'test', updated_by: 'test' });
    return { id };
  };

  describe('every command that takes a stored policy takes its name', () => {
    let policy: Policy;

    before(async () => {
      policy = await call('POST', '/v1/policies', { name: 'ledger-names', status: 'active', rules: [readRule] });
      await call('PUT', `/v1/policies/${policy.id}`, { name: 'ledger-names', status: 'active', rules: [readRule, writeRule] });
    });

    it('reads it by name with get, versions, history and diff', async () => {
      const [get, earlier, versions, history, diff] = await Promise.all([
        cli(['policy', 'get', 'ledger-names', '--json']),
        cli(['policy', 'get', 'ledger-names', '--version', '1', '--json']),
        cli(['policy', 'versions', 'ledger-names', '--json']),
        cli(['policy', 'history', 'ledger-names', '--json']),
        cli(['policy', 'diff', 'ledger-names', '--from', '1', '--to', '1', '--json']),
      ]);
      expect(exit(get, 0).json<Policy>()).to.include({ id: policy.id, version: 2 });
      expect(exit(earlier, 0).json<PolicyVersion>()).to.include({ id: policy.id, version: 1 });
      expect(
        exit(versions, 0)
          .json<PolicyVersionList>()
          .data.map((row) => row.version),
      ).to.deep.equal([2, 1]);
      expect(exit(history, 0).json<PolicyHistory>()).to.deep.include({ policy_id: policy.id, name: 'ledger-names' });
      expect(exit(diff, 0).json<PolicyDiffJson>()).to.deep.include({ from: 'ledger-names version 1', changes: [] });
    });

    it('rolls back, deletes and restores it by name', async () => {
      const rolledBack = exit(await cli(['policy', 'rollback', 'ledger-names', '--version', '1', '--json']), 0).json<Policy>();
      expect(rolledBack).to.include({ id: policy.id, version: 3 });
      const deleted = exit(await cli(['policy', 'delete', 'ledger-names', '--yes', '--json']), 0).json<PolicyDeleted>();
      expect(deleted).to.include({ id: policy.id, status: 'deleted' });
      // Deleted, the name no longer names a live policy: restore finds the deleted one.
      const restored = exit(await cli(['policy', 'restore', 'ledger-names', '--json']), 0).json<Policy>();
      expect(restored).to.include({ id: policy.id, status: 'active' });
    });

    it('takes an argument of the id form as an id first, and as a name when no policy has that id', async () => {
      const first = await call('POST', '/v1/policies', { name: 'id-first', rules: [readRule] });
      // Names of the id form are refused since issue #34 (core/src/names.ts); policies stored
      // before may have one. A policy whose name is another policy's id: the id wins, as kubectl and gh resolve.
      const stored = (name: string) => storedBeforeTheNameRule(name);
      const shadow = await stored(first.id);
      const looksLikeAnId = randomUUID();
      const namedLikeAnId = await stored(looksLikeAnId);
      const [byId, byName] = await Promise.all([cli(['policy', 'get', first.id, '--json']), cli(['policy', 'get', looksLikeAnId, '--json'])]);
      expect(exit(byId, 0).json<Policy>().id).to.equal(first.id).and.not.equal(shadow.id);
      expect(exit(byName, 0).json<Policy>().id).to.equal(namedLikeAnId.id);
    });

    it('refuses a name that several deleted policies share, listing their ids, and restores by id', async () => {
      const a = await call('POST', '/v1/policies', { name: 'twice-deleted', rules: [readRule] });
      await call('DELETE', `/v1/policies/${a.id}`);
      const b = await call('POST', '/v1/policies', { name: 'twice-deleted', rules: [readRule] });
      await call('DELETE', `/v1/policies/${b.id}`);
      const ambiguous = await cli(['policy', 'restore', 'twice-deleted', '--json']);
      exit(ambiguous, exitCodes.usage_error);
      const error = ambiguous.json<{ error: { message: string; suggestions: string[] } }>().error;
      expect(error.message).to.equal('2 deleted policies are named twice-deleted: give the id of the one you mean');
      expect(error.suggestions.join('\n')).to.include(a.id).and.include(b.id);
      expect(exit(await cli(['policy', 'restore', b.id, '--json']), 0).json<Policy>()).to.include({ id: b.id, status: 'draft' });
      // Now one of them is live: the name means it, for every command.
      expect(exit(await cli(['policy', 'get', 'twice-deleted', '--json']), 0).json<Policy>().id).to.equal(b.id);
    });

    it('says not found (exit 4) for a name no policy has', async () => {
      const results = await Promise.all([
        cli(['policy', 'get', 'no-such-policy']),
        cli(['policy', 'delete', 'no-such-policy', '--yes']),
        cli(['policy', 'restore', randomUUID()]),
      ]);
      for (const result of results) {
        exit(result, exitCodes.not_found);
        expect(result.stderr).to.include('No policy named or with id');
      }
    });
  });

  describe('a rollback records itself as the provenance of the version it writes', () => {
    let dir: string;

    before(() => {
      dir = copyOfExampleRepository();
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    const applyFolder = async (): Promise<void> => {
      const planFile = path.join(dir, `plan-${randomUUID()}.json`);
      exit(await cli(['policy', 'plan', dir, '--out', planFile]), 2);
      exit(await cli(['policy', 'apply', planFile]), 0);
      rmSync(planFile);
    };

    it('so plan shows that the server no longer matches what the repository applied', async () => {
      await applyFolder();
      editFile(dir, 'prod-database-read.yaml', (text) =>
        text.replace('identifiers: [prod-analytics-replica]\n    actions: [read]', 'identifiers: [prod-analytics-replica]\n    actions: [read, write]'),
      );
      await applyFolder();
      const applied = exit(await cli(['policy', 'get', 'prod-database-read', '--json']), 0).json<Policy>();
      expect(applied.version).to.equal(2);

      const rolledBack = exit(await cli(['policy', 'rollback', 'prod-database-read', '--version', '1', '--json']), 0).json<Policy>();
      expect(rolledBack.version).to.equal(3);
      expect(rolledBack.metadata.provenance).to.deep.equal({
        tool: 'rollback',
        actor: subject,
        rolled_back_from: 2,
        rolled_back_to: 1,
        applied_at: rolledBack.updated_at,
      });
      // The label stays: the repository still owns the policy.
      expect(rolledBack.metadata.managed_by).to.equal(applied.metadata.managed_by);
      const stored = exit(await cli(['policy', 'get', 'prod-database-read', '--version', '3', '--json']), 0).json<PolicyVersion>();
      expect(stored.metadata?.provenance).to.deep.equal(rolledBack.metadata.provenance);

      const planned = await cli(['policy', 'plan', dir, '--json']);
      exit(planned, 2);
      const update = planned.json<Plan>().changes.find((change) => change.name === 'prod-database-read');
      expect(update?.action).to.equal('update');
      expect(update?.action === 'update' && update.drift).to.include({ updated_by: subject, updated_at: rolledBack.updated_at, version: 3 });
      expect(planned.json<Plan>().summary.drifted).to.equal(1);
    });
  });
});
