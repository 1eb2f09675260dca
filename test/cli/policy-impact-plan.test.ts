import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Decision } from '../../core/src/index.js';
import type { Plan } from '../../cli/src/gitops/plan.js';
import type { ImpactJson } from '../../cli/src/policy-files/report/json.js';
import { gateExitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from './resources-support.js';

/**
 * `acctl policy impact` replays the policy set `acctl policy plan` would produce, with every kind of
 * change apply makes: creates, updates, deletes (--prune), status changes and restores. Each test
 * applies a repository to a real server, records a decision, changes the folder as a pull request
 * would, and asks plan and impact about it.
 */

const owner = 'platform';
const docsRead = `name: docs-read\nstatus: active\nrules:\n  - effect: allow\n    principals: {type: USER}\n    resources: {type: document, identifiers: ["*"]}\n    actions: [read]\n`;
const denyContractors = (status?: string) =>
  `name: deny-contractors\n${status === undefined ? '' : `status: ${status}\n`}rules:\n  - effect: deny\n    principals: {type: USER, attributes: {employment: [contractor]}}\n    resources: {type: document, identifiers: ["*"]}\n    actions: [read]\n`;
const contractorReads = {
  principal: { type: 'USER', attributes: { employment: 'contractor' } },
  resource: { type: 'document', identifier: 'roadmap' },
  action: 'read',
};

describe('acctl policy impact replays the set acctl policy plan produces (deletes, status changes, restores)', function () {
  this.timeout(180_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let dir: string;
  let recorded: Decision;

  const write = (files: Record<string, string | null>): void => {
    for (const [name, text] of Object.entries(files)) {
      if (text === null) rmSync(path.join(dir, name));
      else writeFileSync(path.join(dir, name), text);
    }
  };
  const apply = async (...flags: string[]): Promise<void> => {
    const result = await cli(['policy', 'apply', dir, '--auto-approve', ...flags]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(0);
  };

  beforeEach(async () => {
    t = await startTestApp({ listen: true });
    const caller = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies', 'evaluate:decisions', 'read:audit']);
    call = caller.call;
    cli = apiCli(t, caller.client);
    dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-impact-plan-'));
    write({ 'acctl.yaml': `owner: ${owner}\n`, 'docs-read.yaml': docsRead, 'deny-contractors.yaml': denyContractors('active') });
    await apply();
    recorded = await call('POST', '/v1/decisions/evaluate', contractorReads);
    expect(recorded.decision).to.equal('deny');
  });
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a deny deleted with --prune (git rm): plan shows the delete, impact the contractor decision flipping deny → allow, exit 2', async () => {
    write({ 'deny-contractors.yaml': null });
    const plan = await cli(['policy', 'plan', dir, '--prune', '--json']);
    expect(plan.exitCode, plan.stderr).to.equal(2);
    expect(
      plan
        .json<Plan>()
        .changes.filter((change) => change.action === 'delete')
        .map((change) => change.name),
    ).to.deep.equal(['deny-contractors']);

    const impact = await cli(['policy', 'impact', dir, '--prune', '--json']);
    expect(impact.exitCode, `${impact.stdout}\n${impact.stderr}`).to.equal(gateExitCodes.flagged);
    const json = impact.json<ImpactJson>();
    expect(json.flips.map((flip) => [flip.decision_id, flip.direction, flip.recorded, flip.before, flip.after])).to.deep.equal([
      [recorded.id, 'deny_to_allow', 'deny', 'deny', 'allow'],
    ]);
    // The deleted policy is what changes the decision: it is named, with no file (its file is gone).
    expect(json.flips[0]!.cause).to.deep.equal({ policy: 'deny-contractors', rule_index: null, file: null, line: null, col: null });
    expect(json.policies).to.deep.include({ deleted: ['deny-contractors'], unchanged: ['docs-read'] });
  });

  it('without --prune, as plan and apply, the policy gone from the folder is orphaned, not deleted: nothing flips', async () => {
    write({ 'deny-contractors.yaml': null });
    const impact = await cli(['policy', 'impact', dir, '--json']);
    expect(impact.exitCode, `${impact.stdout}\n${impact.stderr}`).to.equal(gateExitCodes.passed);
    expect(impact.json<ImpactJson>().policies).to.deep.include({ deleted: [] });
  });

  it('a status change: a file that drops `status` is a draft, as apply writes it, so the deny stops being enforced (deny → allow)', async () => {
    write({ 'deny-contractors.yaml': denyContractors() });
    const plan = await cli(['policy', 'plan', dir, '--json']);
    const update = plan.json<Plan>().changes.find((change) => change.name === 'deny-contractors');
    expect(update).to.include({ action: 'update' });
    expect(update?.action === 'update' && update.content.status).to.equal('draft');

    const impact = await cli(['policy', 'impact', dir, '--json']);
    expect(impact.exitCode, `${impact.stdout}\n${impact.stderr}`).to.equal(gateExitCodes.flagged);
    const json = impact.json<ImpactJson>();
    expect(json.flips.map((flip) => [flip.decision_id, flip.direction])).to.deep.equal([[recorded.id, 'deny_to_allow']]);
    expect(json.flips[0]!.cause).to.include({ policy: 'deny-contractors', file: path.join(dir, 'deny-contractors.yaml'), line: 1 });
    expect(json.policies).to.deep.include({ deactivated: ['deny-contractors'] });
  });

  it('back to active, and a restore of a deleted policy: each brings the deny back (allow → deny)', async () => {
    // The deny is a draft on the server; the pull request makes it active again.
    write({ 'deny-contractors.yaml': denyContractors('draft') });
    await apply();
    const allowed = await call('POST', '/v1/decisions/evaluate', contractorReads);
    write({ 'deny-contractors.yaml': denyContractors('active') });
    const reactivated = await cli(['policy', 'impact', dir, '--json']);
    expect(reactivated.exitCode, reactivated.stderr).to.equal(gateExitCodes.flagged);
    // Both recorded reads are allowed by the server's set now, and refused after: the one recorded while the deny was active counts as drifted too.
    expect(reactivated.json<ImpactJson>().flips.map((flip) => [flip.decision_id, flip.direction])).to.deep.equal([
      [allowed.id, 'allow_to_deny'],
      [recorded.id, 'allow_to_deny'],
    ]);
    expect(reactivated.json<ImpactJson>().policies).to.deep.include({ added: ['deny-contractors'] });

    // Deleted on the server by a pruning apply; the pull request brings its file back (git revert).
    write({ 'deny-contractors.yaml': null });
    await apply('--prune');
    write({ 'deny-contractors.yaml': denyContractors('active') });
    const restored = await cli(['policy', 'impact', dir, '--prune', '--json']);
    expect(restored.exitCode, restored.stderr).to.equal(gateExitCodes.flagged);
    const json = restored.json<ImpactJson>();
    expect(json.flips.map((flip) => [flip.decision_id, flip.direction])).to.deep.equal([
      [allowed.id, 'allow_to_deny'],
      [recorded.id, 'allow_to_deny'],
    ]);
    expect(json.flips.every((flip) => flip.cause.policy === 'deny-contractors' && flip.cause.rule_index === 0)).to.equal(true);
    expect(json.policies).to.deep.include({ added: ['deny-contractors'], deleted: [] });
  });
});
