import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { PolicyDiffJson } from '../../cli/src/commands/policy/diff.js';
import { exitCodes } from '../../kit/src/index.js';
import { runCli } from '../cli/run-cli.js';
import { copyOfExampleRepository, exitWith } from './support.js';
import type { SarifLog } from '../../cli/src/policy-files/report/sarif.js';
import { sarifValidator } from '../policy-files/support/sarif-schema.js';

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

  describe('--format, as plan reports (a pull request diffing two folders gets the same annotations, comment and code scanning)', () => {
    it('github: the widening an error annotation at the contractor rule of the first folder, a notice for the removed policy, then the summary', async () => {
      const { stdout } = exitWith(await runCli(['policy', 'diff', older, newer, '--format', 'github'], offline), 2);
      const lines = stdout.trim().split('\n');
      const errors = lines.filter((line) => line.startsWith('::error '));
      expect(errors.length, stdout).to.be.greaterThan(0);
      expect(errors[0]).to.match(/^::error file=[^,]*contractor-restrictions\.yaml,line=(9|18),col=\d+,title=acctl policy diff%3A access widens/);
      const notice = lines.find((line) => line.startsWith('::notice '));
      expect(notice).to.match(
        /^::notice file=[^,]*contractor-restrictions\.yaml,line=\d+,col=\d+,title=acctl policy diff%3A removed contractor-restrictions::/,
      );
      // Widening first, the summary last.
      expect(stdout.indexOf('::error ')).to.be.below(stdout.indexOf('::notice '));
      expect(lines.at(-1)).to.equal('Diff: 0 added, 0 changed, 1 removed.');
    });

    it('markdown: a pull-request comment with the widening first, the removed policy in its table, and its own marker', async () => {
      const { stdout } = exitWith(await runCli(['policy', 'diff', older, newer, '--format', 'markdown'], offline), 2);
      expect(stdout).to.match(/^### 🚨 acctl policy diff\n/);
      expect(stdout).to.include('#### 🚨 Access widens');
      expect(stdout).to.include('| - | `contractor-restrictions` | removed |');
      expect(stdout.indexOf('Access widens')).to.be.below(stdout.indexOf('**Diff: 0 added, 0 changed, 1 removed.**'));
      expect(stdout.trim().split('\n').at(-1)).to.match(/^<!-- acctl:diff from=\S+ to=\S+ -->$/);
    });

    it('sarif: valid SARIF 2.1.0 whose results are the widenings, each an error at its rule in the first folder', async () => {
      const result = exitWith(
        await runCli(['policy', 'diff', older, newer, '--format', 'sarif'], { ...offline, env: { ...offline.env, GITHUB_WORKSPACE: older } }),
        2,
      );
      const log = JSON.parse(result.stdout) as SarifLog;
      expect(sarifValidator()(log)).to.deep.equal([]);
      const results = log.runs[0]!.results;
      expect(results.length).to.be.greaterThan(0);
      for (const item of results) {
        expect(item).to.deep.include({ ruleId: 'access-widens', level: 'error' });
        expect(item.locations[0]!.physicalLocation.artifactLocation.uri).to.equal('contractor-restrictions.yaml');
      }
    });

    it('junit: the access case fails when access widens and passes the other way round; each differing policy is a case', async () => {
      const widening = exitWith(await runCli(['policy', 'diff', older, newer, '--format', 'junit'], offline), 2).stdout;
      expect(widening).to.match(/<testcase name="access" classname="acctl policy diff"[^>]*>\s*<failure message="Access widens: [^"]*" type="access-widens">/);
      expect(widening).to.match(/<testcase name="contractor-restrictions" classname="acctl policy diff"/);
      const narrowing = exitWith(await runCli(['policy', 'diff', newer, older, '--format', 'junit'], offline), 2).stdout;
      expect(narrowing).to.match(/<testcase name="access" classname="acctl policy diff"[^>]*\/>/);
      expect(narrowing).not.to.include('<failure');
    });

    it('json prints what --json prints, with its format_version; two policies refuse any format but human (exit 1)', async () => {
      const viaFormat = JSON.parse(exitWith(await runCli(['policy', 'diff', older, newer, '--format', 'json'], offline), 2).stdout) as PolicyDiffJson & {
        format_version: number;
      };
      const viaFlag = exitWith(await runCli(['policy', 'diff', older, newer, '--json'], offline), 2).json<PolicyDiffJson>();
      // Each run proves over its own 366 days: the same document but for its instants.
      const instantless = (document: object) => JSON.parse(JSON.stringify(document).replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"T"')) as object;
      expect(viaFormat.format_version).to.be.a('string');
      expect(instantless(viaFormat)).to.deep.equal(instantless({ ...viaFlag, format_version: viaFormat.format_version }));
      const files = exitWith(
        await runCli(['policy', 'diff', path.join(older, 'api-read.yaml'), path.join(newer, 'api-read.yaml'), '--format', 'github'], offline),
        1,
      );
      expect(files.stderr).to.include('--format github goes with two folders or refs');
    });
  });
});
