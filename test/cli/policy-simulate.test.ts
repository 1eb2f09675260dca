import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Policy, PolicyList } from '../../core/src/index.js';
import type { SimulateJson } from '../../cli/src/commands/policy/simulate.js';
import { gateExitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from './resources-support.js';

const ledgerPolicy = {
  name: 'ledger-read',
  status: 'draft',
  rules: [
    {
      effect: 'allow',
      principals: { type: 'USER', attributes: { department: ['finance'] } },
      resources: { type: 'database', identifiers: ['ledger'] },
      actions: ['read'],
      conditions: [{ type: 'risk_score', operator: 'less_than', value: 50 }],
    },
  ],
};

const request = (department: string, riskScore = 10) => ({
  principal: { type: 'USER', attributes: { department } },
  resource: { type: 'database', identifier: 'ledger' },
  action: 'read',
  context: { risk_score: riskScore },
});

describe('acctl policy simulate (against a running server)', function () {
  this.timeout(60000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let stored: Policy;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-simulate-'));
  const file = (name: string, text: string): string => {
    const full = path.join(dir, name);
    writeFileSync(full, text);
    return full;
  };

  before(async () => {
    t = await startTestApp({ listen: true });
    const caller = await apiAs(t, ['read:policies', 'write:policies']);
    call = caller.call;
    cli = apiCli(t, caller.client);
    stored = await call('POST', '/v1/policies', ledgerPolicy);
  });
  after(() => t.close());

  it('exits 0 when every request is allowed: a YAML list from a file, against a stored policy named by name (a draft, too)', async () => {
    const requests = file(
      'allowed.yaml',
      `- principal: {type: USER, attributes: {department: finance}}\n  resource: {type: database, identifier: ledger}\n  action: read\n  context: {risk_score: 5}\n- ${JSON.stringify(request('finance', 20))}\n`,
    );
    const result = await cli(['policy', 'simulate', '--policy', 'ledger-read', '--requests', requests]);
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.passed);
    expect(result.stdout).to.contain('ledger-read v1 (draft').and.to.contain('2 requests: 2 allowed, 0 denied');
    expect(result.stdout.split('\n').filter((line) => /^\d+\s+ALLOW\s/.test(line))).to.have.length(2);
  });

  it('exits 2 when any request is denied, and prints one line per request in order', async () => {
    const requests = file('mixed.json', JSON.stringify({ requests: [request('finance'), request('sales'), request('finance', 80)] }));
    const result = await cli(['policy', 'simulate', '--policy', stored.id, '--requests', requests]);
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.flagged);
    const verdicts = result.stdout.split('\n').flatMap((line) => /^(\d+)\s+(ALLOW|DENY)\s/.exec(line)?.slice(1, 3).join(' ') ?? []);
    expect(verdicts).to.deep.equal(['1 ALLOW', '2 DENY', '3 DENY']);
    expect(result.stdout).to.contain('3 requests: 1 allowed, 2 denied');
  });

  it('reads one request from stdin, and by id, with --json: the policy, the counts and each request with its answer', async () => {
    const result = await cli(['policy', 'simulate', '--policy', stored.id, '--json'], { input: JSON.stringify(request('sales')) });
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.flagged);
    const json = result.json<SimulateJson>();
    expect(json.policy).to.deep.equal({ id: stored.id, name: 'ledger-read', version: 1, status: 'draft' });
    expect(json.summary).to.deep.equal({ requests: 1, allowed: 0, denied: 1 });
    expect(json.results).to.have.length(1);
    expect(json.results[0]!.request).to.deep.equal(request('sales'));
    expect(json.results[0]).to.include.keys('decision', 'matched_rules', 'explanation', 'evaluation_time_ms', 'timestamp');
    expect(json.results[0]!.decision).to.equal('deny');
  });

  it('simulates a local policy file through the inline endpoint, storing nothing', async () => {
    // The local version also lets sales read: the stored one does not.
    const local = file(
      'ledger-read.yaml',
      `name: ledger-read\nstatus: active\nrules:\n  - effect: allow\n    principals: {type: USER, attributes: {department: [finance, sales]}}\n    resources: {type: database, identifiers: [ledger]}\n    actions: [read]\n`,
    );
    const result = await cli(['policy', 'simulate', '--file', local, '--json'], { input: JSON.stringify([request('sales'), request('finance', 90)]) });
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.passed);
    const json = result.json<SimulateJson>();
    expect(json.policy).to.deep.equal({ file: local, name: 'ledger-read' });
    expect(json.results.map((item) => item.decision)).to.deep.equal(['allow', 'allow']);
    const list: PolicyList = await call('GET', '/v1/policies');
    expect(list.data.map((item) => [item.name, item.version])).to.deep.equal([['ledger-read', 1]]);
  });

  it('--explain shows the matched rule with the conditions it met, and why rules did not apply to a denied request', async () => {
    const result = await cli(['policy', 'simulate', '--policy', 'ledger-read', '--explain'], {
      input: JSON.stringify([request('finance', 12), request('finance', 70)]),
    });
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.flagged);
    const [, first, second] = result.stdout.split(/\n(?=#\d )/);
    expect(first).to.match(/^#1 ALLOW USER \{department=finance\} read database:ledger/);
    expect(first).to.contain('matched rule 0 (allow): risk_score 12 < 50');
    expect(second).to.match(/^#2 DENY /);
    expect(second)
      .to.contain('no rule matched')
      .and.to.match(/not applied: .*risk_score/);
  });

  it('finds a policy by its exact name behind more than a page of policies whose names contain it', async () => {
    // Newer policies come first in the list: a search for the name would show only these on its first page.
    for (let n = 0; n < 100; n++) await call('POST', '/v1/policies', { ...ledgerPolicy, name: `ledger-read-${n}` });
    const result = await cli(['policy', 'simulate', '--policy', 'ledger-read', '--json'], { input: JSON.stringify(request('finance')) });
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.passed);
    expect(result.json<SimulateJson>().policy).to.include({ id: stored.id, name: 'ledger-read' });
  });

  it("exits 1 on errors: an unknown policy, an invalid request (with the server's detail), no policy given", async () => {
    const unknown = await cli(['policy', 'simulate', '--policy', 'no-such-policy'], { input: JSON.stringify(request('finance')) });
    expect(unknown.exitCode).to.equal(gateExitCodes.error);
    expect(unknown.stderr).to.contain('No policy named or with id no-such-policy');
    const invalid = await cli(['policy', 'simulate', '--policy', 'ledger-read', '--json'], {
      input: JSON.stringify([request('finance'), { principal: { type: 'USER' }, action: 'read' }]),
    });
    expect(invalid.exitCode).to.equal(gateExitCodes.error);
    const { error } = invalid.json<{ error: { code: string; exit_code: number; message: string } }>();
    expect(error).to.include({ code: 'usage_error', exit_code: gateExitCodes.error });
    expect(error.message).to.match(/^request 2: .*resource/);
    const usage = await cli(['policy', 'simulate'], { input: '{}' });
    expect(usage.exitCode).to.equal(gateExitCodes.error);
    expect(usage.stderr).to.match(/--policy|--file/);
  });
});
