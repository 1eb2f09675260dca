import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { LintJson } from '../../cli/src/policy-files/report/json.js';
import { aPolicyFile, policyFoldersOfSuite, runCliIn } from '../policy-files/support/policy-dirs.js';
import { parseXml } from '../policy-files/support/xml.js';
import { runCli } from './run-cli.js';

const typo = `name: db-read
status: active
rules:
  - effect: allow
    principals: {type: USER}
    resources:
      type: database
      identifiers: ["prod-*"]
    acitons: [read]
`;

const wrongType = `name: db-read
rules:
  - effect: allow
    principals: {type: USER}
    resources: {type: database, identifiers: ["prod-*"]}
    actions: read
`;

const syntaxError = `name: db-read
rules:
  - effect: allow
    principals: {type: USER
    actions: [read]
`;

const duplicateRules = aPolicyFile(
  'dup',
  '  - effect: allow\n    principals: {type: USER}\n    resources: {type: database, identifiers: ["prod-*"]}\n    actions: [read]\n',
);

describe('acctl policy lint', function () {
  this.timeout(60000);
  const folder = policyFoldersOfSuite();

  it('reports a mistyped field at its line and column, with the source line, a caret and the nearest field name', async () => {
    const { file } = folder({ 'db.yaml': typo });
    const result = await runCli(['policy', 'lint', file('db.yaml')]);
    expect(result.exitCode).to.equal(1);
    expect(result.stdout).to.include(
      `${file('db.yaml')}:9:5 error unknown field \`acitons\`; did you mean \`actions\`? (unknown-field)\n  9 |     acitons: [read]\n    |     ^^^^^^^`,
    );
    expect(result.stdout).to.include('✘ 1 error in 1 file');
  });

  it('reports a value of the wrong type at the value', async () => {
    const { file } = folder({ 'db.yaml': wrongType });
    const result = await runCli(['policy', 'lint', file('db.yaml')]);
    expect(result.exitCode).to.equal(1);
    expect(result.stdout).to.include(`${file('db.yaml')}:6:14 error \`rules[0].actions\` must be a list, not the string "read" (wrong-type)`);
  });

  it('reports a YAML syntax error where the parser found it', async () => {
    const { file } = folder({ 'db.yaml': syntaxError });
    const result = await runCli(['policy', 'lint', file('db.yaml')]);
    expect(result.exitCode).to.equal(1);
    expect(result.stdout).to.include(`${file('db.yaml')}:5:5 error Flow map in block collection must be sufficiently indented and end with a } (yaml-syntax)`);
  });

  it('reports a policy name used by two files, pointing at the first', async () => {
    const { dir, file } = folder({ 'a.yaml': aPolicyFile('orders'), 'b.yaml': aPolicyFile('orders') });
    const result = await runCli(['policy', 'lint', dir]);
    expect(result.exitCode).to.equal(1);
    expect(result.stdout).to.include(`${file('b.yaml')}:2:7 error policy name \`orders\` is already used by ${file('a.yaml')}:2:7 (duplicate-policy-name)`);
  });

  it('reports an empty time window and an unknown time zone with the nearest zone', async () => {
    const conditions = [
      '    conditions:',
      '      - {type: time, operator: between, value: {start: "09:00", end: "09:00", timezone: Europe/Paris}}',
      '      - {type: time, operator: between, value: {start: "09:00", end: "17:00", timezone: Europe/Pariss}}',
      '',
    ].join('\n');
    const { file } = folder({ 'db.yaml': aPolicyFile('db') + conditions });
    const result = await runCli(['policy', 'lint', file('db.yaml'), '--format', 'json']);
    expect(result.exitCode).to.equal(1);
    const findings = result.json<LintJson>().findings.map((finding) => `${finding.line}:${finding.col} ${finding.rule} ${finding.message}`);
    expect(findings).to.deep.equal([
      '10:48 empty-time-window empty time window: start and end are both 09:00, so the condition never holds and rule 0 never applies (remove the condition for all day)',
      '11:89 unknown-time-zone unknown time zone "Europe/Pariss"; did you mean `Europe/Paris`?',
    ]);
  });

  it('exits 0 on warnings alone, and 1 with --strict', async () => {
    const { file } = folder({ 'dup.yaml': duplicateRules });
    const relaxed = await runCli(['policy', 'lint', file('dup.yaml')]);
    expect(relaxed.exitCode).to.equal(0);
    expect(relaxed.stdout).to.include('warning rule 1 is identical to rule 0 (line 5): it changes nothing (duplicate-rule)');
    const strict = await runCli(['policy', 'lint', file('dup.yaml'), '--strict']);
    expect(strict.exitCode).to.equal(1);
  });

  it('prints one JSON document with --format json, and the same with --json', async () => {
    const { file } = folder({ 'db.yaml': typo });
    const formatted = await runCli(['policy', 'lint', file('db.yaml'), '--format', 'json']);
    const json = await runCli(['policy', 'lint', file('db.yaml'), '--json']);
    expect(formatted.exitCode).to.equal(1);
    expect(json.exitCode).to.equal(1);
    const report = formatted.json<LintJson>();
    expect(json.json()).to.deep.equal(report);
    expect(report.ok).to.equal(false);
    expect(report.summary).to.deep.equal({ files: 1, errors: 1, warnings: 0 });
    expect(report.findings[0]).to.deep.include({ file: file('db.yaml'), line: 9, col: 5, rule: 'unknown-field', severity: 'error', suggestion: 'actions' });
  });

  it('writes GitHub workflow annotations and appends a summary to $GITHUB_STEP_SUMMARY', async () => {
    const { file } = folder({ 'db.yaml': typo, 'summary.md': '# earlier step\n' });
    const result = await runCli(['policy', 'lint', file('db.yaml'), '--format', 'github'], { env: { GITHUB_STEP_SUMMARY: file('summary.md') } });
    expect(result.exitCode).to.equal(1);
    expect(result.stdout.split('\n')[0]).to.equal(
      `::error file=${file('db.yaml')},line=9,col=5,endLine=9,endColumn=12,title=acctl policy lint (unknown-field)::unknown field \`acitons\`; did you mean \`actions\`?`,
    );
    const summary = readFileSync(file('summary.md'), 'utf8');
    expect(summary).to.match(/^# earlier step\n### ❌ acctl policy lint: 1 error in 1 file\n/);
  });

  it('writes a well-formed JUnit report with a failure for the file', async () => {
    const { file } = folder({ 'db.yaml': typo });
    const result = await runCli(['policy', 'lint', file('db.yaml'), '--format', 'junit']);
    expect(result.exitCode).to.equal(1);
    const root = parseXml(result.stdout);
    expect(root.attributes).to.include({ name: 'acctl policy lint', tests: '1', failures: '1' });
    const test = root.children[0]!.children[0]!;
    expect(test.attributes.name).to.equal(file('db.yaml'));
    expect(test.children[0]!.name).to.equal('failure');
    expect(test.children[0]!.attributes.message).to.include('unknown field `acitons`');
  });

  it('writes a markdown pull-request comment, summary first', async () => {
    const { file } = folder({ 'db.yaml': typo });
    const result = await runCli(['policy', 'lint', file('db.yaml'), '--format', 'markdown']);
    expect(result.exitCode).to.equal(1);
    expect(result.stdout.split('\n')[0]).to.equal('### ❌ acctl policy lint: 1 error in 1 file');
    expect(result.stdout).to.include('<details><summary>Findings (1)</summary>');
  });

  it('finds policies-example/ clean, even with --strict', async () => {
    const result = await runCli(['policy', 'lint', 'policies-example', '--strict']);
    expect(result.exitCode, result.stdout).to.equal(0);
    expect(result.stdout).to.include('✔ no problems in 28 files');
  });

  it('lints the current folder by default, with the files acctl.yaml selects', async () => {
    const { dir } = folder({ 'acctl.yaml': 'files: ["policies/*.yaml"]\n', 'policies/db.yaml': typo, 'other/ignored.yaml': 'not: [a policy' });
    const result = await runCliIn(dir, ['policy', 'lint', '--format', 'json']);
    expect(result.exitCode).to.equal(1);
    const report = result.json<LintJson>();
    expect(report.summary.files).to.equal(2);
    expect(report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.col}`)).to.deep.equal(['policies/db.yaml:9:5']);
  });

  it('exits 2 for a path that does not exist, a folder without policy files, or an unknown format', async () => {
    const { dir } = folder({ 'README.md': '# nothing here\n' });
    const missing = await runCli(['policy', 'lint', `${dir}/nowhere`]);
    expect(missing.exitCode).to.equal(2);
    expect(missing.stderr).to.include(`Error: No such file or folder: ${dir}/nowhere`);
    expect((await runCli(['policy', 'lint', dir])).exitCode).to.equal(2);
    expect((await runCli(['policy', 'lint', dir, '--format', 'sarif'])).exitCode).to.equal(2);
  });
});
