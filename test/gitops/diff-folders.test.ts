import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { PolicyDiffJson } from '../../cli/src/commands/policy/diff.js';
import { exitCodes } from '../../kit/src/index.js';
import { runCli } from '../cli/run-cli.js';
import { copyOfExampleRepository, exitWith } from './support.js';

describe('acctl policy diff FOLDER FOLDER (offline: the policies that differ, and whether access widens)', function () {
  this.timeout(60000);
  let older: string;
  let newer: string;
  // No server anywhere: a diff of folders must not need one.
  const offline = { env: { ACCTL_SERVER: 'http://127.0.0.1:9' } };

  before(() => {
    older = copyOfExampleRepository();
    newer = copyOfExampleRepository();
    rmSync(path.join(newer, 'contractor-restrictions.yaml'));
    rmSync(path.join(newer, 'contractor-restrictions.test.yaml'));
  });
  after(() => {
    for (const dir of [older, newer]) rmSync(dir, { recursive: true, force: true });
  });

  it('a folder without the contractor deny widens access: exit 2, the removed policy, contractor examples placed at the rule in the first folder', async () => {
    const diff = exitWith(await runCli(['policy', 'diff', older, newer, '--json'], offline), 2).json<PolicyDiffJson>();
    expect(diff.policies).to.deep.equal([{ name: 'contractor-restrictions', action: 'removed', changes: [] }]);
    expect(diff.access).to.deep.include({ widens: true, narrows: false });
    const first = diff.access!.examples[0]!;
    expect(first).to.deep.include({ direction: 'widens', policy: 'contractor-restrictions', rule_in: 'before', before: 'deny', after: 'allow' });
    expect(first.request.principal.attributes).to.deep.include({ employment: 'contractor' });
    // rules[0] of contractor-restrictions.yaml starts on line 9, rules[1] on line 18.
    expect([first.file, first.line]).to.deep.equal([path.join(older, 'contractor-restrictions.yaml'), first.rule_index === 0 ? 9 : 18]);
  });

  it('--fail-on-widen exits 14 when access widens, 0 the other way round (the deny back: access only narrows)', async () => {
    exitWith(await runCli(['policy', 'diff', older, newer, '--fail-on-widen'], offline), exitCodes.access_widens);
    const back = exitWith(await runCli(['policy', 'diff', newer, older, '--fail-on-widen', '--json'], offline), 0).json<PolicyDiffJson>();
    expect(back.policies).to.deep.equal([{ name: 'contractor-restrictions', action: 'added', changes: [] }]);
    expect(back.access).to.deep.include({ widens: false, narrows: true });
  });

  it('the same folder twice: exit 0, no policy differs, access neither widens nor narrows, said in words', async () => {
    const same = exitWith(await runCli(['policy', 'diff', older, older], offline), 0);
    expect(same.stdout).to.match(/Access cannot widen \(proved over every request, at every instant of the 366 days from \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
    expect(same.stdout).to.include('No differences.');
  });

  it('refuses a folder with a file, and --fail-on-widen without two folders (exit 1, as every error of diff)', async () => {
    const mixed = exitWith(await runCli(['policy', 'diff', older, path.join(newer, 'api-read.yaml')], offline), 1);
    expect(mixed.stderr).to.include('give a second folder');
    const single = exitWith(
      await runCli(['policy', 'diff', path.join(older, 'api-read.yaml'), path.join(newer, 'api-read.yaml'), '--fail-on-widen'], offline),
      1,
    );
    expect(single.stderr).to.include('--fail-on-widen goes with two folders');
  });
});
