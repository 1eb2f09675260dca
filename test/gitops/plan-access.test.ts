import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { PlanJson } from '../../cli/src/commands/policy/plan.js';
import type { SarifLog } from '../../cli/src/policy-files/report/sarif.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from '../cli/resources-support.js';
import { sarifValidator } from '../policy-files/support/sarif-schema.js';
import { copyOfExampleRepository, editFile, exitWith } from './support.js';

/** A deny the analysis can see narrow access: internal services lose the billing APIs api-read.yaml lets them read. */
const billingDeny = `  - effect: deny
    principals:
      type: SERVICE
      attributes:
        tier: [internal]
    resources:
      type: api
      identifiers: ["billing-*"]
    actions: [read]
`;

/** A new policy whose one allow nothing denied before: its rule (line 5, rules[0]) widens access. */
const printers = `name: printers
description: Everyone prints.
status: active
rules:
  - effect: allow
    principals:
      type: USER
    resources:
      type: printer
      identifiers: ["*"]
    actions: [print]
`;

describe('acctl policy plan: whether the change widens or narrows access (the example repository against a running server)', function () {
  this.timeout(120000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  const folders: string[] = [];
  /** A fresh copy of the example repository, as the server holds it (applied in before). */
  const repository = (): string => {
    const dir = copyOfExampleRepository();
    folders.push(dir);
    return dir;
  };
  const withoutContractorDeny = (): string => {
    const dir = repository();
    rmSync(path.join(dir, 'contractor-restrictions.yaml'));
    rmSync(path.join(dir, 'contractor-restrictions.test.yaml'));
    return dir;
  };

  before(async () => {
    t = await startTestApp({ listen: true });
    const { client } = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    cli = apiCli(t, client);
    exitWith(await cli(['policy', 'apply', repository(), '--auto-approve']), 0);
  });
  after(async () => {
    await t.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('deleting the contractor deny widens access: --json names the policy and rule with contractor requests denied before, allowed after', async () => {
    const plan = exitWith(await cli(['policy', 'plan', withoutContractorDeny(), '--prune', '--json']), 2).json<PlanJson>();
    expect(plan.summary.delete).to.equal(1);
    expect(plan.access).to.deep.include({ widens: true, narrows: false });
    expect(plan.access.examples.length).to.be.within(1, 5);
    for (const example of plan.access.examples) {
      expect(example).to.deep.include({ direction: 'widens', before: 'deny', after: 'allow', policy: 'contractor-restrictions', rule_in: 'before' });
      // The policy is gone from the files: there is no line to point at.
      expect(example).to.deep.include({ file: null, line: null, col: null });
      expect(example.request.principal).to.deep.include({ type: 'USER' });
      expect(example.request.principal.attributes).to.deep.include({ employment: 'contractor' });
    }
  });

  it('--fail-on-widen exits 14 (access_widens) when access widens, and still prints the plan', async () => {
    const result = exitWith(await cli(['policy', 'plan', withoutContractorDeny(), '--prune', '--fail-on-widen', '--json']), exitCodes.access_widens);
    expect(exitCodes.access_widens).to.equal(14);
    expect(result.json<PlanJson>().access.widens).to.equal(true);
  });

  it('the markdown comment puts the widening first, its example requests in a table', async () => {
    const { stdout } = exitWith(await cli(['policy', 'plan', withoutContractorDeny(), '--prune', '--format', 'markdown']), 2);
    const order = ['acctl policy plan', '#### 🚨 Access widens', 'Access cannot narrow', '**Plan:'].map((text) => stdout.indexOf(text));
    expect(
      order.every((at) => at >= 0),
      stdout,
    ).to.equal(true);
    expect(
      [...order].sort((a, b) => a - b),
      stdout,
    ).to.deep.equal(order);
    expect(stdout).to.include('| Principal | Action | Resource | Context | At | Rule |');
    expect(stdout).to.include('employment=contractor').and.include('`contractor-restrictions rule 0 (removed or changed; as it was before)`');
  });

  it("the github format makes a widening an error annotation at the responsible rule's line", async () => {
    const dir = repository();
    writeFileSync(path.join(dir, 'printers.yaml'), printers);
    const { stdout } = exitWith(await cli(['policy', 'plan', dir, '--format', 'github']), 2);
    const errors = stdout.split('\n').filter((line) => line.startsWith('::error '));
    expect(errors, stdout).to.have.length(1);
    expect(errors[0]).to.match(/^::error file=[^,]*printers\.yaml,line=5,col=5,title=acctl policy plan%3A access widens \(printers rule 0\)::Access widens/);
    expect(errors[0]).to.include('USER print printer:');
    // Widening first: before the plan's own annotations.
    expect(stdout.indexOf('::error ')).to.be.below(stdout.indexOf('::notice '));
  });

  it("--format sarif: SARIF 2.1.0 as code scanning takes it, each widening an error result at its rule's line, one with no file at acctl.yaml", async () => {
    const dir = withoutContractorDeny();
    writeFileSync(path.join(dir, 'printers.yaml'), printers);
    const result = exitWith(await cli(['policy', 'plan', dir, '--prune', '--format', 'sarif'], { env: { GITHUB_WORKSPACE: dir } }), 2);
    const log = JSON.parse(result.stdout) as SarifLog;
    expect(sarifValidator()(log)).to.deep.equal([]);
    const [run] = log.runs;
    const rules = run!.tool.driver.rules.map((rule) => rule.id);
    expect(run!.tool.driver.name).to.equal('acctl');
    expect(rules).to.include.members(['access-widens', 'access-narrows', 'access-undecided']);
    const placed = run!.results.map((item) => ({
      ruleId: item.ruleId,
      level: item.level,
      rule: rules[item.ruleIndex],
      uri: item.locations[0]!.physicalLocation.artifactLocation.uri,
      line: item.locations[0]!.physicalLocation.region.startLine,
    }));
    // printers rule 0 is written at line 5; the deleted contractor deny has no file left: the folder's acctl.yaml stands for it.
    expect(placed).to.deep.include({ ruleId: 'access-widens', level: 'error', rule: 'access-widens', uri: 'printers.yaml', line: 5 });
    expect(placed).to.deep.include({ ruleId: 'access-widens', level: 'error', rule: 'access-widens', uri: 'acctl.yaml', line: 1 });
    expect(placed.every((item) => item.ruleId === 'access-widens')).to.equal(true);
    const printing = run!.results.find((item) => item.locations[0]!.physicalLocation.artifactLocation.uri === 'printers.yaml')!;
    expect(printing.message.text)
      .to.match(/^Access widens: /)
      .and.include('USER print printer:');
    expect(printing.partialFingerprints).to.deep.equal({ 'acctlRule/v1': JSON.stringify(['printers', 0, 'after']) });
  });

  it('a change that only narrows access: narrows with its example, "cannot widen", and exit 0 with --fail-on-widen', async () => {
    const dir = repository();
    editFile(dir, 'api-read.yaml', (text) => `${text.trimEnd()}\n${billingDeny}`);
    const result = exitWith(await cli(['policy', 'plan', dir, '--fail-on-widen', '--json']), 0);
    const { access, summary } = result.json<PlanJson>();
    expect(summary.update).to.equal(1);
    expect(access).to.deep.include({ widens: false, narrows: true });
    expect(
      access.examples.map((example) => [example.direction, example.policy, example.rule_index, example.rule_in, example.before, example.after]),
    ).to.deep.include(['narrows', 'api-read', 2, 'after', 'allow', 'deny']);
    const { stdout } = exitWith(await cli(['policy', 'plan', dir]), 2);
    expect(stdout).to.match(/Access cannot widen \(proved over every request, at every instant of the 366 days from \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
    expect(stdout).to.include('Access narrows:');
  });

  it('a change of key order only: access neither widens nor narrows', async () => {
    const dir = repository();
    editFile(dir, 'prod-database-read.yaml', (text) => {
      const edited = text.replace(
        '{start: "08:00", end: "19:00", timezone: Europe/Berlin, days: [mon, tue, wed, thu, fri]}',
        '{days: [mon, tue, wed, thu, fri], timezone: Europe/Berlin, end: "19:00", start: "08:00"}',
      );
      expect(edited).to.not.equal(text);
      return edited;
    });
    const plan = exitWith(await cli(['policy', 'plan', dir, '--fail-on-widen', '--json']), 0).json<PlanJson>();
    expect(plan.access).to.deep.include({ widens: false, narrows: false, examples: [] });
    expect(plan.access.horizon.days).to.be.at.least(365);
  });
});
