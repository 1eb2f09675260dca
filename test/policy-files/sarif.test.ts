import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { lintRules } from '../../cli/src/policy-files/lint-rules.js';
import type { SarifLog } from '../../cli/src/policy-files/report/sarif.js';
import { policyFoldersOfSuite, runCliIn } from './support/policy-dirs.js';
import { sarifValidator } from './support/sarif-schema.js';

const validSarif = sarifValidator();

const typo =
  'name: db\nstatus: active\nrules:\n  - effect: allow\n    principals: {type: USER}\n    resources: {type: database, identifiers: [x]}\n    acitons: [read]\n';
const policy =
  'name: db\nstatus: active\nrules:\n  - {effect: allow, principals: {type: USER}, resources: {type: database, identifiers: [x]}, actions: [read]}\n  - {effect: allow, principals: {type: SERVICE}, resources: {type: database, identifiers: [x]}, actions: [write]}\n';
const failingTest =
  'name: db tests\nat: "2026-03-10T10:00:00Z"\nprincipals: {alice: {type: USER}}\nresources: {x: {type: database, identifier: x}}\ntests:\n  - {name: alice may not read, principals: [alice], resources: [x], actions: [read], expect: deny}\n';

describe('SARIF output (--format sarif, for GitHub code scanning)', function () {
  this.timeout(60_000);
  const folder = policyFoldersOfSuite();

  it('the schema check refuses a log SARIF does not allow (so the checks below can fail)', () => {
    const log = {
      version: '2.1.0',
      runs: [{ tool: { driver: { name: 'acctl' } }, results: [{ message: { text: 'x' }, locations: [{ physicalLocation: { region: { startLine: 0 } } }] }] }],
    };
    expect(validSarif(log)).to.not.deep.equal([]);
    expect(validSarif({ ...log, version: '2.0.0' })).to.not.deep.equal([]);
  });

  it('lint: a SARIF 2.1.0 log valid against the official schema, every lint rule described with a helpUri into the manual', async () => {
    const { dir } = folder({ 'policies/db.yaml': typo, 'policies/other.yaml': policy.replace('name: db', 'name: other') });
    const result = await runCliIn(dir, ['policy', 'lint', 'policies', '--format', 'sarif']);
    expect(result.exitCode, result.stderr).to.equal(1);
    const log = JSON.parse(result.stdout) as SarifLog;
    expect(validSarif(log)).to.deep.equal([]);
    expect(log.version).to.equal('2.1.0');
    const { driver } = log.runs[0]!.tool;
    expect(driver.name).to.equal('acctl');
    expect(driver.rules.map((rule) => rule.id)).to.deep.equal(Object.keys(lintRules));
    for (const rule of driver.rules) {
      expect(rule.shortDescription.text, rule.id).to.be.a('string').and.not.equal('');
      expect(rule.helpUri, rule.id).to.match(/^https:\/\/github\.com\/acctl\/acctl\/blob\/v\d+\.\d+\.\d+[^/]*\/docs\/policy-files\.md#what-lint-checks$/);
      expect(rule.defaultConfiguration.level).to.equal(lintRules[rule.id as keyof typeof lintRules].severity);
    }
  });

  it('lint: each finding is a result at its line and column, its file relative to %SRCROOT% (the working directory)', async () => {
    const { dir } = folder({ 'policies/db.yaml': typo });
    const log = JSON.parse((await runCliIn(dir, ['policy', 'lint', 'policies', '--format', 'sarif'])).stdout) as SarifLog;
    const [run] = log.runs;
    const [result] = run!.results;
    expect(run!.results).to.have.length(1);
    expect(result).to.deep.include({ ruleId: 'unknown-field', level: 'error' });
    expect(run!.tool.driver.rules[result!.ruleIndex]!.id).to.equal('unknown-field');
    expect(result!.message.text).to.include('unknown field `acitons`');
    expect(result!.locations[0]!.physicalLocation).to.deep.equal({
      artifactLocation: { uri: 'policies/db.yaml', uriBaseId: '%SRCROOT%' },
      region: { startLine: 7, startColumn: 5, endLine: 7, endColumn: 12 },
    });
    expect(run!.originalUriBaseIds['%SRCROOT%']!.uri).to.equal(`${pathToFileURL(dir).href}/`);
  });

  it('names files relative to GITHUB_WORKSPACE when it is set, so a step with working-directory still points into the repository', async () => {
    const { dir } = folder({ 'policies/db.yaml': typo });
    const policies = path.join(dir, 'policies');
    const sarif = await runCliIn(policies, ['policy', 'lint', '--format', 'sarif'], { GITHUB_WORKSPACE: dir });
    const log = JSON.parse(sarif.stdout) as SarifLog;
    expect(log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation).to.deep.equal({ uri: 'policies/db.yaml', uriBaseId: '%SRCROOT%' });
    expect(log.runs[0]!.originalUriBaseIds['%SRCROOT%']!.uri).to.equal(`${pathToFileURL(dir).href}/`);

    const github = await runCliIn(policies, ['policy', 'lint', '--format', 'github'], { GITHUB_WORKSPACE: dir });
    expect(github.stdout).to.match(/^::error file=policies\/db\.yaml,line=7,col=5,/);
    // Without it, paths stay relative to the working directory, as before.
    const plain = await runCliIn(policies, ['policy', 'lint', '--format', 'github'], { GITHUB_WORKSPACE: undefined });
    expect(plain.stdout).to.match(/^::error file=db\.yaml,line=7,col=5,/);
  });

  it('test: a failing test is a test-failed result at the test, valid against the schema', async () => {
    const { dir } = folder({ 'db.yaml': policy, 'db.test.yaml': failingTest });
    const result = await runCliIn(dir, ['policy', 'test', '--format', 'sarif']);
    expect(result.exitCode, result.stderr).to.equal(1);
    const log = JSON.parse(result.stdout) as SarifLog;
    expect(validSarif(log)).to.deep.equal([]);
    const [run] = log.runs;
    const ruleIds = run!.tool.driver.rules.map((rule) => rule.id);
    expect(ruleIds).to.include.members(['test-failed', 'not-covered', ...Object.keys(lintRules)]);
    expect(run!.tool.driver.rules.find((rule) => rule.id === 'test-failed')!.helpUri).to.match(/docs\/policy-files\.md#test-files$/);
    expect(run!.results).to.have.length(1);
    expect(run!.results[0]).to.deep.include({ ruleId: 'test-failed', level: 'error', ruleIndex: ruleIds.indexOf('test-failed') });
    expect(run!.results[0]!.message.text).to.include('alice may not read').and.include('expected deny, got allow');
    expect(run!.results[0]!.locations[0]!.physicalLocation).to.deep.equal({
      artifactLocation: { uri: 'db.test.yaml', uriBaseId: '%SRCROOT%' },
      region: { startLine: 6, startColumn: 5 },
    });
  });

  it('test: below --min-coverage, each rule never applied is a not-covered result on its line', async () => {
    const { dir } = folder({ 'db.yaml': policy, 'db.test.yaml': failingTest.replace('expect: deny', 'expect: allow') });
    const result = await runCliIn(dir, ['policy', 'test', '--format', 'sarif', '--min-coverage', '100']);
    expect(result.exitCode, result.stderr).to.equal(1);
    const log = JSON.parse(result.stdout) as SarifLog;
    expect(validSarif(log)).to.deep.equal([]);
    expect(log.runs[0]!.results.map((item) => [item.ruleId, item.locations[0]!.physicalLocation.region.startLine])).to.deep.equal([['not-covered', 5]]);
    // Coverage met: no result, exit 0.
    const met = await runCliIn(dir, ['policy', 'test', '--format', 'sarif', '--min-coverage', '50']);
    expect(met.exitCode).to.equal(0);
    expect((JSON.parse(met.stdout) as SarifLog).runs[0]!.results).to.deep.equal([]);
  });
});
