import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Decision } from '../../core/src/index.js';
import type { ImpactJson } from '../../cli/src/policy-files/report/json.js';
import { MARKDOWN_LIMIT } from '../../cli/src/policy-files/report/markdown.js';
import { gateExitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { parseXml } from '../policy-files/support/xml.js';
import { apiAs, apiCli } from './resources-support.js';

const rule = (attribute: string, values: string[], resource: string, identifier: string, action: string) => ({
  effect: 'allow',
  principals: { type: 'USER', attributes: { [attribute]: values } },
  resources: { type: resource, identifiers: [identifier] },
  actions: [action],
});

const storedPolicies = [
  { name: 'ledger-read', status: 'active', rules: [rule('department', ['finance'], 'database', 'ledger', 'read')] },
  { name: 'payments-write', status: 'active', rules: [rule('role', ['admin'], 'api', 'payments', 'write')] },
  // Not in the folder: stays as it is on the server.
  { name: 'hr-read', status: 'active', rules: [rule('department', ['hr'], 'database', 'hr-db', 'read')] },
];

const request = (attributes: Record<string, string>, resource: string, identifier: string, action: string) => ({
  principal: { type: 'USER', attributes },
  resource: { type: resource, identifier },
  action,
});

/** Policy files as YAML, as a pull request would change them. */
const ledgerFile = (departments: string[]) =>
  `name: ledger-read\nstatus: active\nrules:\n  - effect: allow\n    principals:\n      type: USER\n      attributes: {department: [${departments.join(', ')}]}\n    resources: {type: database, identifiers: [ledger]}\n    actions: [read]\n`;
const paymentsFile = (roles: string[]) =>
  `name: payments-write\nrules:\n  - effect: allow\n    principals:\n      type: USER\n      attributes: {role: [${roles.join(', ')}]}\n    resources: {type: api, identifiers: [payments]}\n    actions: [write]\n`;

describe('acctl policy impact (recorded decisions replayed against local policy files)', function () {
  this.timeout(120000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  const recorded: Record<string, Decision> = {};

  const folder = (files: Record<string, string>): string => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-impact-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return dir;
  };

  before(async () => {
    t = await startTestApp({ listen: true });
    const caller = await apiAs(t, ['read:policies', 'write:policies', 'evaluate:decisions', 'read:audit']);
    call = caller.call;
    cli = apiCli(t, caller.client);
    for (const policy of storedPolicies) await call('POST', '/v1/policies', policy);
    const requests = {
      financeReads: request({ department: 'finance' }, 'database', 'ledger', 'read'),
      salesReads: request({ department: 'sales' }, 'database', 'ledger', 'read'),
      adminWrites: request({ role: 'admin' }, 'api', 'payments', 'write'),
      guestWrites: request({ role: 'guest' }, 'api', 'payments', 'write'),
      hrReads: request({ department: 'hr' }, 'database', 'hr-db', 'read'),
    };
    for (const [name, body] of Object.entries(requests)) recorded[name] = await call('POST', '/v1/decisions/evaluate', body);
  });
  after(() => t.close());

  // The pull request: sales may now read the ledger (deny → allow); only superadmins write payments (allow → deny).
  const changed = () => folder({ 'ledger-read.yaml': ledgerFile(['finance', 'sales']), 'payments-write.yaml': paymentsFile(['superadmin']) });

  it('lists the decisions that would flip, deny → allow first, and exits 2', async () => {
    const result = await cli(['policy', 'impact', changed(), '--json']);
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.flagged);
    const json = result.json<ImpactJson>();
    expect(json.summary).to.deep.equal({ replayed: 5, flips: 2, deny_to_allow: 1, allow_to_deny: 1, drifted: 0 });
    expect(json.flips.map((flip) => [flip.direction, flip.decision_id, flip.recorded, flip.after])).to.deep.equal([
      ['deny_to_allow', recorded.salesReads!.id, 'deny', 'allow'],
      ['allow_to_deny', recorded.adminWrites!.id, 'allow', 'deny'],
    ]);
    expect(json.flips[0]!.cause).to.include({ policy: 'ledger-read', rule_index: 0, line: 4 });
    expect(json.flips[1]!.cause).to.include({ policy: 'payments-write', rule_index: null, line: 1 });
    // A file without status is a draft, as apply writes it (acctl policy plan shows status active → draft); hr-read, not in the folder, stays.
    expect(json.policies).to.deep.include({ changed: ['ledger-read'], added: [], deactivated: ['payments-write'], deleted: [] });
    expect(json.ok).to.equal(false);
  });

  it('prints the flips for people, with a summary line', async () => {
    const result = await cli(['policy', 'impact', changed()]);
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.flagged);
    const toAllow = result.stdout.indexOf('DENY → ALLOW (1)');
    const toDeny = result.stdout.indexOf('ALLOW → DENY (1)');
    expect(toAllow).to.be.greaterThan(-1);
    expect(toDeny).to.be.greaterThan(toAllow);
    expect(result.stdout).to.match(/USER \{department=sales\}\s+read\s+database:ledger\s+ledger-read rule 0 \(.*ledger-read\.yaml:4\)/);
    expect(result.stdout).to.contain('✘ 5 recorded decisions replayed from').and.to.contain('2 decisions would flip: 1 deny → allow, 1 allow → deny');
  });

  it('exits 0 when the local files change no recorded decision: a file identical to the stored policy, a new policy nothing asked for', async () => {
    const dir = folder({
      'ledger-read.yaml': ledgerFile(['finance']),
      'new-policy.yaml': `name: new-policy\nstatus: active\nrules:\n  - effect: allow\n    principals: {type: SERVICE}\n    resources: {type: queue, identifiers: ["*"]}\n    actions: [publish]\n`,
    });
    const result = await cli(['policy', 'impact', dir, '--json']);
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.passed);
    const json = result.json<ImpactJson>();
    expect(json.summary.flips).to.equal(0);
    expect(json.policies).to.deep.include({ unchanged: ['ledger-read'], added: ['new-policy'] });
  });

  it('github: an error annotation on the rule that widens access, a warning for the one that narrows it, and the job summary', async () => {
    const dir = changed();
    const summary = path.join(dir, 'summary.md');
    writeFileSync(summary, '');
    const result = await cli(['policy', 'impact', dir, '--format', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.flagged);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).to.match(
      new RegExp(
        `^::error file=${path.join(dir, 'ledger-read.yaml')},line=4,col=5,title=acctl policy impact%3A deny → allow::1 recorded decision would flip deny → allow`,
      ),
    );
    expect(lines[1]).to.match(new RegExp(`^::warning file=${path.join(dir, 'payments-write.yaml')},line=1,.*::1 recorded decision would flip allow → deny`));
    expect(lines.at(-1)).to.match(/^acctl policy impact: 5 recorded decisions replayed/);
    expect(readFileSync(summary, 'utf8')).to.match(/^### 🚨 acctl policy impact\n/);
  });

  it('junit: well-formed XML with a failing case per rule and a passing one for the rest', async () => {
    const result = await cli(['policy', 'impact', changed(), '--format', 'junit']);
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.flagged);
    const root = parseXml(result.stdout);
    expect(root.attributes).to.include({ name: 'acctl policy impact', tests: '3', failures: '2' });
    const cases = root.children[0]!.children;
    expect(cases.map((test) => test.attributes.name)).to.deep.equal([
      `deny → allow: ledger-read rule 0 (${path.join(path.dirname(cases[0]!.attributes.file!), 'ledger-read.yaml')}:4)`,
      `allow → deny: payments-write (${cases[1]!.attributes.file}:1)`,
      '3 recorded decisions unchanged',
    ]);
    expect(cases[0]!.children[0]!.attributes).to.include({ type: 'deny_to_allow', message: '1 recorded decision would flip deny → allow' });
  });

  it('replays only the newest --limit decisions and says so; refuses an unreadable --since with exit 1', async () => {
    const limited = await cli(['policy', 'impact', changed(), '--limit', '2', '--json']);
    const json = limited.json<ImpactJson>();
    expect(json.summary.replayed).to.equal(2);
    expect(json.period).to.include({ limit: 2, truncated: true });
    // Only the two newest were replayed: the sales read, recorded second of five, is not among them.
    expect(json.flips.map((flip) => flip.decision_id)).to.not.include(recorded.salesReads!.id);
    expect(limited.exitCode, limited.stderr).to.equal(json.summary.flips === 0 ? gateExitCodes.passed : gateExitCodes.flagged);
    const bad = await cli(['policy', 'impact', changed(), '--since', 'yesterday']);
    expect(bad.exitCode).to.equal(gateExitCodes.error);
    expect(bad.stderr).to.contain('--since: yesterday is neither a duration');
  });

  it("markdown: the summary first, every flip folded, cut to fit GitHub's comment limit when thousands flip", async () => {
    for (let batch = 0; batch < 20; batch += 1) {
      const requests = Array.from({ length: 100 }, (_, n) =>
        request({ department: 'sales', employee: `e-${batch}-${n}-${'x'.repeat(40)}` }, 'database', 'ledger', 'read'),
      );
      await call('POST', '/v1/decisions/batch', { requests });
    }
    const result = await cli(['policy', 'impact', changed(), '--format', 'markdown']);
    expect(result.exitCode, result.stderr).to.equal(gateExitCodes.flagged);
    const comment = result.stdout;
    expect(comment.length).to.be.at.most(MARKDOWN_LIMIT);
    expect(comment.split('\n')[0]).to.equal('### 🚨 acctl policy impact');
    expect(comment).to.contain('2002 decisions would flip: 2001 deny → allow, 1 allow → deny').and.to.contain('| deny → allow | 2001 |');
    expect(comment).to.contain('<details><summary>Decisions that would flip (2002)</summary>');
    expect(comment).to.match(/…and \d+ more not shown here; run the command locally to see them all\./);
    // Then the hidden marker a workflow finds its own comment by (docs/policy-files.md, "Output formats").
    expect(comment.trimEnd()).to.match(/<\/details>\n\n<!-- acctl:impact -->$/);
  });
});
