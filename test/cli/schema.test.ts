import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { SchemaResult } from '../../cli/src/commands/schema.js';
import { editorSchema, editorSchemaText } from '../../core/src/index.js';
import { repoRoot, runCli } from './run-cli.js';

describe('acctl schema', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-schema-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the self-contained schema of policy files, byte for byte as the server serves it', async () => {
    const result = await runCli(['schema', 'policy']);
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(result.stdout).to.equal(editorSchemaText('policy'));
  });

  it('writes the schema of test files to --out, creating its folders, and says what it wrote with --json', async () => {
    const out = path.join(dir, '.schemas', 'policy-test-file.json');
    const result = await runCli(['schema', 'test', '--out', out, '--json']);
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(result.json<SchemaResult>()).to.deep.equal({ kind: 'test', file_name: 'policy-test-file.json', out });
    expect(readFileSync(out, 'utf8')).to.equal(editorSchemaText('test'));
  });

  it('writes what policies-example/.schemas/ holds (--output is --out)', async () => {
    for (const [kind, fileName] of [
      ['policy', 'policy-file.json'],
      ['test', 'policy-test-file.json'],
      ['config', 'acctl-config-file.json'],
    ] as const) {
      const out = path.join(dir, fileName);
      const result = await runCli(['schema', kind, '--output', out]);
      expect(result.exitCode, result.stderr).to.equal(0);
      expect(result.stdout, kind).to.equal('');
      expect(readFileSync(out, 'utf8'), kind).to.equal(readFileSync(path.join(repoRoot, 'policies-example', '.schemas', fileName), 'utf8'));
    }
  });

  it('gives the schema itself in its JSON result when it writes no file', async () => {
    const result = await runCli(['schema', 'config', '--json']);
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(result.json<SchemaResult>()).to.deep.equal({ kind: 'config', file_name: 'acctl-config-file.json', out: null, schema: editorSchema('config') });
  });

  it('refuses a kind it does not know, with the ones it does', async () => {
    const result = await runCli(['schema', 'policies', '--json']);
    expect(result.exitCode).to.equal(2);
    const { error } = result.json<{ error: { code: string; message: string } }>();
    expect(error.code).to.equal('usage_error');
    expect(error.message).to.include('policy, test, config');
  });
});
