import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { policyFoldersOfSuite } from '../policy-files/support/policy-dirs.js';
import { runCli } from './run-cli.js';

const unformatted = `# yaml-language-server: $schema=../schemas/policy-create-request.json
rules:
    # Reads only; writes go through prod-database-write.
    -   actions: [ read ]   # no write
        resources: {type: database, identifiers: ["prod-*"]}
        principals:
            type: USER
        effect: allow
status: active
name: db-read # the policy's identity
`;

const canonical = `# yaml-language-server: $schema=../schemas/policy-create-request.json

name: db-read # the policy's identity
status: active
rules:
  # Reads only; writes go through prod-database-write.
  - effect: allow
    principals:
      type: USER
    resources: {type: database, identifiers: ["prod-*"]}
    actions: [read] # no write
`;

describe('acctl policy fmt', function () {
  this.timeout(60000);
  const folder = policyFoldersOfSuite();

  it('with --check, lists a badly formatted file, exits 1 and leaves it unchanged', async () => {
    const { dir, file } = folder({ 'db.yaml': unformatted, 'ok.yaml': canonical.replace('db-read', 'ok') });
    const result = await runCli(['policy', 'fmt', dir, '--check']);
    expect(result.exitCode).to.equal(1);
    expect(result.stdout).to.equal(`would reformat ${file('db.yaml')}\n`);
    expect(readFileSync(file('db.yaml'), 'utf8')).to.equal(unformatted);
  });

  it('rewrites the file in canonical order and indentation, keeping every comment', async () => {
    const { dir, file } = folder({ 'db.yaml': unformatted });
    const result = await runCli(['policy', 'fmt', dir]);
    expect(result.exitCode).to.equal(0);
    expect(result.stdout).to.equal(`formatted ${file('db.yaml')}\n`);
    expect(readFileSync(file('db.yaml'), 'utf8')).to.equal(canonical);
    expect((await runCli(['policy', 'fmt', dir, '--check'])).exitCode).to.equal(0);
  });

  it('lists the changed files in JSON', async () => {
    const { file } = folder({ 'db.yaml': unformatted });
    const result = await runCli(['policy', 'fmt', file('db.yaml'), '--check', '--json']);
    expect(result.exitCode).to.equal(1);
    expect(result.json()).to.deep.equal({ changed: [file('db.yaml')], checked: true, files: 1, findings: [] });
  });

  it('leaves a file with a YAML syntax error alone and exits 1', async () => {
    const broken = 'name: db-read\nrules: [\n';
    const { file } = folder({ 'db.yaml': broken });
    const result = await runCli(['policy', 'fmt', file('db.yaml')]);
    expect(result.exitCode).to.equal(1);
    expect(result.stderr).to.include(`${file('db.yaml')}:3:1 error`);
    expect(readFileSync(file('db.yaml'), 'utf8')).to.equal(broken);
  });

  it('finds policies-example/ formatted', async () => {
    const result = await runCli(['policy', 'fmt', 'policies-example', '--check']);
    expect(result.exitCode, result.stdout).to.equal(0);
    expect(result.stdout).to.equal('');
  });
});
