import { expect } from 'chai';
import type { Policy, PolicyList } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import { describeRefusal } from '../../cli/src/gitops/change-set.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from '../cli/resources-support.js';
import { exitWith as exit, minimalRule as rule } from './support.js';

/**
 * Issue #23, as a careless user: acctl policy restore and rollback of several policies, where a
 * name the set gives is held by another live policy. The server's `policy` in a refusal is the
 * policy of the change; the one holding the name is only in its detail.
 */
describe('acctl policy restore / rollback: a name held by another policy', function () {
  this.timeout(120_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];

  before(async () => {
    t = await startTestApp({ listen: true });
    const admin = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    cli = apiCli(t, admin.client);
    call = admin.call;
  });
  after(() => t.close());

  it('restoring a name that is live and deleted at once names the live policy that holds it, and restores nothing', async () => {
    const deleted: Policy = await call('POST', '/v1/policies', { name: 'twice', rules: [rule] });
    await call('DELETE', `/v1/policies/${deleted.id}`);
    const live: Policy = await call('POST', '/v1/policies', { name: 'twice', rules: [rule] });
    await call('PUT', `/v1/policies/${live.id}`, { name: 'twice', rules: [rule], description: 'version 2' });
    const other: Policy = await call('POST', '/v1/policies', { name: 'restorable', rules: [rule] });
    await call('DELETE', `/v1/policies/${other.id}`);

    const result = exit(await cli(['policy', 'restore', 'twice', 'restorable']), exitCodes.conflict);
    expect(result.stderr).to.include('1 change(s) cannot be made').and.include('"twice"').and.include(`live policy ${live.id} holds`);
    // Not the deleted policy being restored presented as the live one (it is at version 1, the live one at 2).
    expect(result.stderr).not.to.include(`a live one of that name now (version 1, ${deleted.id})`);
    const stillDeleted: PolicyList = await call('GET', '/v1/policies?status=deleted');
    expect(stillDeleted.data.map((item) => item.id)).to.include.members([deleted.id, other.id]);
  });

  it('rolling back to a version whose name another policy holds says so, as a rollback, and rolls back nothing', async () => {
    const renamed: Policy = await call('POST', '/v1/policies', { name: 'old-name', rules: [rule] });
    await call('PUT', `/v1/policies/${renamed.id}`, { name: 'new-name', rules: [rule] });
    const holder: Policy = await call('POST', '/v1/policies', { name: 'old-name', rules: [rule] });
    const bystander: Policy = await call('POST', '/v1/policies', { name: 'bystander', rules: [rule] });
    await call('PUT', `/v1/policies/${bystander.id}`, { name: 'bystander', rules: [rule], description: 'version 2' });

    const result = exit(await cli(['policy', 'rollback', 'new-name@1', 'bystander@1']), exitCodes.conflict);
    expect(result.stderr).to.include('"new-name"').and.include(`live policy ${holder.id} holds`);
    expect(result.stderr).not.to.include('was to be restored');
    expect(((await call('GET', `/v1/policies/${bystander.id}`)) as Policy).version).to.equal(2);
  });

  it('tells a name_taken refusal of a change other than a create from the server detail, not from its own policy (pure)', () => {
    const detail = 'Policy "p" (id-p) would be named "q", which live policy id-q holds';
    const refused = { pointer: '/changes/0', in: 'body' as const, code: 'name_taken', detail, policy: { id: 'id-p', name: 'p', version: 4 } };
    for (const action of ['restore', 'rollback', 'update']) expect(describeRefusal(refused, { action, name: 'p', expected: 4 })).to.equal(detail);
  });
});
