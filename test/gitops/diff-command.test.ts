import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Policy } from '../../core/src/index.js';
import type { PolicyDiffJson } from '../../cli/src/commands/policy/diff.js';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from '../cli/resources-support.js';
import type { CliResult } from '../cli/run-cli.js';
import { copyOfExampleRepository, editFile } from './support.js';

describe('acctl policy diff', function () {
  this.timeout(120000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let dir: string;

  const exit = (result: CliResult, code: number): CliResult => {
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(code);
    return result;
  };
  const ok = (result: CliResult): CliResult => exit(result, 0);
  /** They differ: 2, as plan's "changes" (terraform plan -detailed-exitcode). */
  const differ = (result: CliResult): CliResult => exit(result, 2);

  before(async () => {
    t = await startTestApp({ listen: true });
    const admin = await apiAs(t, ['read:policies', 'write:policies']);
    cli = apiCli(t, admin.client);
    call = admin.call;
    dir = copyOfExampleRepository();
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('compares two files offline, rule by rule, and exits 2 when they differ', async () => {
    const edited = path.join(dir, '..', `edited-${process.pid}.yaml`);
    const original = path.join(dir, 'oncall-restarts.yaml');
    writeFileSync(edited, readFileSync(original, 'utf8').replace('actions: [restart]\n', 'actions: [restart, scale]\n'));
    const result = differ(await cli(['policy', 'diff', original, edited]));
    expect(result.stdout).to.include(`--- ${original}`).and.include(`+++ ${edited}`).and.include('+ rule 1 gains action `scale`');
    const json = differ(await cli(['policy', 'diff', original, edited, '--json'])).json<PolicyDiffJson>();
    expect(json.changes).to.deep.equal([{ path: 'rules[1].actions', kind: 'added', rule_index: 1, text: 'rule 1 gains action `scale`' }]);
    const same = ok(await cli(['policy', 'diff', original, original]));
    expect(same.stdout).to.include('No differences.');
    rmSync(edited);
  });

  it('reads the new conditions and resource attributes of two files as sentences', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'acctl-diff-language-'));
    const documents = (attributes: string, conditions: string): string =>
      [
        'name: documents',
        'status: active',
        'rules:',
        '  - effect: allow',
        '    principals: {type: USER}',
        `    resources: {type: document, identifiers: ["*"], attributes: ${attributes}}`,
        '    actions: [edit]',
        '    conditions:',
        ...conditions.split('\n').map((line) => `      ${line}`),
        '',
      ].join('\n');
    const before = path.join(parent, 'before.yaml');
    const after = path.join(parent, 'after.yaml');
    writeFileSync(
      before,
      documents(
        '{classification: [internal]}',
        '- {type: attribute, operator: equals, value: {attribute: resource.attributes.owner, to: {attribute: principal.id}}}\n- {type: any_of, value: [{type: mfa_verified, operator: equals, value: true}]}',
      ),
    );
    writeFileSync(
      after,
      documents(
        '{classification: [internal, public]}',
        '- {type: attribute, operator: in, value: {attribute: resource.attributes.owner, to: [u-1, u-2]}}\n- {type: any_of, value: [{type: mfa_verified, operator: equals, value: true}, {type: device_trusted, operator: equals, value: true}]}',
      ),
    );
    const result = differ(await cli(['policy', 'diff', before, after]));
    expect(result.stdout.split('\n').slice(2)).to.deep.equal([
      '  ~ rule 0 resource attribute `classification` accepts `["internal"]` → `["internal","public"]`',
      '  ~ rule 0 condition `any of (mfa_verified = true)` → `any of (mfa_verified = true; or device_trusted = true)`',
      '  + rule 0 gains condition `resource.attributes.owner in ["u-1", "u-2"]`',
      '  - rule 0 loses condition `resource.attributes.owner equals principal.id`',
      '',
    ]);
    rmSync(parent, { recursive: true, force: true });
  });

  it('reads only the files it is given: other programs removing folders beside them change nothing (lint and fmt alike)', async () => {
    // The flake of the suite: `policy diff A B` walked A's parent folder (the system temp folder),
    // and died with ENOENT when another test removed its folder there at that moment.
    const parent = mkdtempSync(path.join(os.tmpdir(), 'acctl-busy-parent-'));
    const original = path.join(parent, 'original.yaml');
    const edited = path.join(parent, 'edited.yaml');
    const source = readFileSync(path.join(dir, 'oncall-restarts.yaml'), 'utf8');
    writeFileSync(original, source);
    writeFileSync(edited, source.replace('actions: [restart]\n', 'actions: [restart, scale]\n'));
    let churning = true;
    const churn = (async () => {
      // Another program's folders appear and vanish beside the files until the commands are done.
      for (let round = 0; churning; round++) {
        const sibling = path.join(parent, `other-${round % 4}`);
        for (let n = 0; n < 40; n++) {
          await mkdir(path.join(sibling, `d${n}`), { recursive: true });
          await writeFile(path.join(sibling, `d${n}`, 'x.yaml'), 'name: x\n');
        }
        await rm(sibling, { recursive: true, force: true });
      }
    })();
    try {
      for (let run = 0; run < 4; run++) {
        const [diff, lint, fmt] = await Promise.all([
          cli(['policy', 'diff', original, edited, '--json']),
          cli(['policy', 'lint', original, '--json']),
          cli(['policy', 'fmt', '--check', original, edited]),
        ]);
        expect(
          differ(diff)
            .json<PolicyDiffJson>()
            .changes!.map((change) => change.text),
        ).to.deep.equal(['rule 1 gains action `scale`']);
        expect(ok(lint).json<{ summary: { files: number } }>().summary.files).to.equal(1);
        expect(fmt.exitCode, fmt.stderr).to.equal(0);
        expect(fmt.stderr).to.not.include('ENOENT');
      }
    } finally {
      churning = false;
      await churn;
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('compares a file with the live policy of its name, and two stored versions: 0 the same, 2 they differ', async () => {
    ok(await cli(['policy', 'apply', dir, '--auto-approve']));
    const unchanged = ok(await cli(['policy', 'diff', path.join(dir, 'api-read.yaml'), '--json'])).json<PolicyDiffJson>();
    expect(unchanged.changes).to.deep.equal([]);
    editFile(dir, 'api-read.yaml', (text) => text.replace(/^status: active$/m, 'status: draft'));
    const changed = differ(await cli(['policy', 'diff', path.join(dir, 'api-read.yaml')]));
    expect(changed.stdout).to.include('--- api-read on the server (version 1)').and.include('~ status "active" → "draft"');

    ok(await cli(['policy', 'apply', dir, '--auto-approve']));
    const list = await call('GET', '/v1/policies?name=api-read');
    const id = (list.data[0] as Policy).id;
    const versions = differ(await cli(['policy', 'diff', id, '--from', '1', '--to', '2', '--json'])).json<PolicyDiffJson>();
    expect(versions).to.deep.include({ from: 'api-read version 1', to: 'api-read version 2' });
    expect(versions.changes!.map((entry) => entry.text)).to.deep.equal(['status "active" → "draft"']);
    const toCurrent = ok(await cli(['policy', 'diff', id, '--from', '2', '--json'])).json<PolicyDiffJson>();
    expect(toCurrent.changes).to.deep.equal([]);
  });

  it('exits 1 for any error, so 2 always means a difference: a policy not on the server, no --from for an id, a file with lint errors', async () => {
    writeFileSync(path.join(dir, 'brand-new.yaml'), 'name: brand-new\nrules: []\n');
    writeFileSync(path.join(dir, 'broken.yaml'), 'name: broken\nrulez: []\n');
    const [missing, usage, invalid] = await Promise.all([
      cli(['policy', 'diff', path.join(dir, 'brand-new.yaml'), '--json']),
      cli(['policy', 'diff', 'some-id', '--json']),
      cli(['policy', 'diff', path.join(dir, 'broken.yaml'), path.join(dir, 'api-read.yaml'), '--json']),
    ]);
    const error = (result: CliResult) => exit(result, 1).json<{ error: { code: string; message: string } }>().error;
    expect(error(missing)).to.deep.include({ code: 'not_found', message: 'No live policy named "brand-new" on the server: apply would create it' });
    expect(error(usage).code).to.equal('usage_error');
    expect(error(usage).message).to.include('give --from N');
    // The exit code acctl policy lint gives the same file.
    expect(error(invalid).code).to.equal('lint_failed');
    expect(exitCodes.lint_failed).to.equal(exit(await cli(['policy', 'lint', path.join(dir, 'broken.yaml')]), 1).exitCode);
    rmSync(path.join(dir, 'broken.yaml'));
  });

  describe("the example policy against the server's copy, whose keys jsonb orders its own way (#33)", () => {
    let repository: string;
    const file = () => path.join(repository, 'prod-database-read.yaml');
    const planOf = async (): Promise<Plan> => differ(await cli(['policy', 'plan', repository, '--json'])).json<Plan>();
    /** `policy diff FILE` against the server: its sentences (below the two header lines) and its --json changes. */
    const diffOfFile = async () => ({
      lines: differ(await cli(['policy', 'diff', file()]))
        .stdout.split('\n')
        .slice(2),
      changes: differ(await cli(['policy', 'diff', file(), '--json'])).json<PolicyDiffJson>().changes,
    });
    const updateOf = (plan: Plan) => {
      const update = plan.changes.find((change) => change.name === 'prod-database-read');
      if (update?.action !== 'update') expect.fail(`prod-database-read is not an update: ${JSON.stringify(update)}`);
      return update;
    };

    before(async () => {
      repository = copyOfExampleRepository();
      ok(await cli(['policy', 'apply', repository, '--auto-approve']));
    });
    after(() => rmSync(repository, { recursive: true, force: true }));

    it('adding `list` to rule 0 reads as that one sentence in plan and diff, in text and JSON: no condition gained or lost', async () => {
      // The scene the issue describes: the file writes start, end, timezone, days; the server gives them back in another order.
      const live = (await call('GET', '/v1/policies?name=prod-database-read')).data[0] as Policy;
      const stored = (await call('GET', `/v1/policies/${live.id}`)) as Policy;
      const window = stored.rules[0]!.conditions![0]!.value as Record<string, unknown>;
      expect(Object.keys(window)).to.not.deep.equal(['start', 'end', 'timezone', 'days']);
      editFile(repository, 'prod-database-read.yaml', (text) => text.replace('actions: [read]\n', 'actions: [read, list]\n'));
      const only = { path: 'rules[0].actions', kind: 'added', rule_index: 0, text: 'rule 0 gains action `list`' };

      expect(updateOf(await planOf()).diff).to.deep.equal([only]);
      const human = differ(await cli(['policy', 'plan', repository])).stdout.split('\n');
      const at = human.findIndex((line) => line.startsWith('~ update   prod-database-read'));
      expect(human.slice(at + 1, at + 3)).to.deep.equal(['    rule 0 gains action `list`', '']);
      expect(await diffOfFile()).to.deep.equal({ lines: ['  + rule 0 gains action `list`', ''], changes: [only] });
    });

    it('a risk score changed from 40 to 35 is one change that reads 40 → 35, with both values in the JSON', async () => {
      editFile(repository, 'prod-database-read.yaml', (text) =>
        text.replace('actions: [read, list]\n', 'actions: [read]\n').replace('value: 50\n', 'value: 40\n'),
      );
      ok(await cli(['policy', 'apply', repository, '--auto-approve']));
      editFile(repository, 'prod-database-read.yaml', (text) => text.replace('value: 40\n', 'value: 35\n'));
      const changed = {
        path: 'rules[0].conditions[2].value',
        kind: 'changed',
        rule_index: 0,
        text: 'rule 0 condition `risk_score <` 40 → 35',
        before: 40,
        after: 35,
      };

      expect(updateOf(await planOf()).diff).to.deep.equal([changed]);
      expect(differ(await cli(['policy', 'plan', repository, '--format', 'markdown'])).stdout).to.include('- rule 0 condition `risk_score <` 40 → 35\n');
      expect(await diffOfFile()).to.deep.equal({ lines: ['  ~ rule 0 condition `risk_score <` 40 → 35', ''], changes: [changed] });
    });
  });
});
