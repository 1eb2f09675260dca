import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Policy } from '../../core/src/index.js';
import type { PolicyDiffJson } from '../../cli/src/commands/policy/diff.js';
import { exitCodes } from '../../cli/src/errors.js';
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

  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(0);
    return result;
  };

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

  it('compares two files offline, rule by rule', async () => {
    const edited = path.join(dir, '..', `edited-${process.pid}.yaml`);
    const original = path.join(dir, 'oncall-restarts.yaml');
    writeFileSync(edited, readFileSync(original, 'utf8').replace('actions: [restart]\n', 'actions: [restart, scale]\n'));
    const result = ok(await cli(['policy', 'diff', original, edited]));
    expect(result.stdout).to.include(`--- ${original}`).and.include(`+++ ${edited}`).and.include('+ rule 2 gains action `scale`');
    const json = ok(await cli(['policy', 'diff', original, edited, '--json'])).json<PolicyDiffJson>();
    expect(json.changes).to.deep.equal([{ path: 'rules[1].actions', kind: 'added', rule_index: 1, text: 'rule 2 gains action `scale`' }]);
    rmSync(edited);
  });

  it('compares a file with the live policy of its name, and two stored versions', async () => {
    ok(await cli(['policy', 'apply', dir]));
    const unchanged = ok(await cli(['policy', 'diff', path.join(dir, 'api-read.yaml'), '--json'])).json<PolicyDiffJson>();
    expect(unchanged.changes).to.deep.equal([]);
    editFile(dir, 'api-read.yaml', (text) => text.replace(/^status: active$/m, 'status: draft'));
    const changed = ok(await cli(['policy', 'diff', path.join(dir, 'api-read.yaml')]));
    expect(changed.stdout).to.include('--- api-read on the server (version 1)').and.include('~ status "active" → "draft"');

    ok(await cli(['policy', 'apply', dir]));
    const list = await call('GET', '/v1/policies?name=api-read');
    const id = (list.data[0] as Policy).id;
    const versions = ok(await cli(['policy', 'diff', id, '--from', '1', '--to', '2', '--json'])).json<PolicyDiffJson>();
    expect(versions).to.deep.include({ from: 'api-read version 1', to: 'api-read version 2' });
    expect(versions.changes.map((entry) => entry.text)).to.deep.equal(['status "active" → "draft"']);
    const toCurrent = ok(await cli(['policy', 'diff', id, '--from', '2', '--json'])).json<PolicyDiffJson>();
    expect(toCurrent.changes).to.deep.equal([]);
  });

  it("says so when the file's policy is not on the server (exit 4), and needs --from for a policy id (exit 2)", async () => {
    writeFileSync(path.join(dir, 'brand-new.yaml'), 'name: brand-new\nrules: []\n');
    const missing = await cli(['policy', 'diff', path.join(dir, 'brand-new.yaml')]);
    expect(missing.exitCode).to.equal(exitCodes.not_found);
    expect(missing.stderr).to.include('No live policy named "brand-new" on the server: apply would create it');
    const usage = await cli(['policy', 'diff', 'some-id']);
    expect(usage.exitCode).to.equal(exitCodes.usage_error);
    expect(usage.stderr).to.include('give --from N');
  });
});
