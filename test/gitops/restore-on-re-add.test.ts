import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { PolicyList, PolicyVersionList } from '../../core/src/index.js';
import type { ApplyJson } from '../../cli/src/commands/policy/apply.js';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli, serverOrigin } from '../cli/resources-support.js';
import { exitWith } from './support.js';

const policyFile = (actions: string) =>
  `name: break-glass\nstatus: active\nrules:\n  - effect: deny\n    principals: {type: USER}\n    resources: {type: database, identifiers: [prod-*]}\n    actions: [${actions}]\n`;

/**
 * Issue #34: re-adding the file of a policy deleted on the server proposes restoring it, so the
 * policy keeps one id and one history, instead of a second policy of the same name.
 */
describe('acctl policy plan / apply of a deleted policy re-added to the files', function () {
  this.timeout(60_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let dir: string;

  before(async () => {
    t = await startTestApp({ listen: true });
    const admin = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    cli = apiCli(t, admin.client);
    call = admin.call;
    dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-restore-repo-'));
    writeFileSync(path.join(dir, 'acctl.yaml'), `server: ${serverOrigin(t)}\nowner: platform-security\nfiles:\n  - "*.yaml"\n`);
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plans a restore of the deleted policy, and apply brings it back under its id with its history and the new content', async () => {
    writeFileSync(path.join(dir, 'break-glass.yaml'), policyFile('drop'));
    exitWith(await cli(['policy', 'apply', dir, '--auto-approve']), 0);
    const [original] = ((await call('GET', '/v1/policies?name=break-glass')) as PolicyList).data;
    await call('DELETE', `/v1/policies/${original!.id}`);

    writeFileSync(path.join(dir, 'break-glass.yaml'), policyFile('drop, truncate'));
    const planned = exitWith(await cli(['policy', 'plan', dir, '--json']), 2).json<Plan>();
    expect(planned.changes).to.have.length(1);
    expect(planned.changes[0]).to.deep.include({ action: 'create', name: 'break-glass', restores: { id: original!.id, expected_version: 1 } });
    expect(exitWith(await cli(['policy', 'plan', dir]), 2).stdout)
      .to.include('+ restore  break-glass')
      .and.include(`restores the deleted policy ${original!.id}`);

    const applied = exitWith(await cli(['policy', 'apply', dir, '--auto-approve', '--json']), 0).json<ApplyJson>();
    expect(applied.applied).to.deep.equal([{ action: 'restore', name: 'break-glass', id: original!.id, version: 2 }]);
    const restored = await call('GET', `/v1/policies/${original!.id}`);
    expect(restored).to.include({ status: 'active', version: 2 });
    expect(restored.rules[0].actions).to.deep.equal(['drop', 'truncate']);
    const everyBreakGlass: PolicyList = await call('GET', '/v1/policies?name=break-glass&status=deleted');
    expect(everyBreakGlass.data).to.deep.equal([]);
    const versions: PolicyVersionList = await call('GET', `/v1/policies/${original!.id}/versions`);
    expect(versions.data.map((version) => version.version)).to.deep.equal([2, 1]);
    expect(exitWith(await cli(['policy', 'plan', dir, '--json']), 0).json<Plan>().summary).to.include({ create: 0, unchanged: 1 });
  });
});
