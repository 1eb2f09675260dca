import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { editorSchemaText } from '../../core/src/index.js';
import { editorFiles } from '../../cli/src/scaffold/policy-repository.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { repoRoot } from '../cli/run-cli.js';
import { YamlLanguageServer, type Diagnostic } from './yaml-language-server.js';

/**
 * The editor schemas as an editor uses them: the YAML language server (yaml-language-server, run
 * as its own process over stdio) reads policies-example/ after the folder is copied elsewhere, and
 * a server's schema URL, and underlines mistakes and completes fields.
 */

const exampleFiles = readdirSync(path.join(repoRoot, 'policies-example')).filter((name) => name.endsWith('.yaml'));

const describeDiagnostics = (diagnostics: Diagnostic[]): string => diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`).join('\n');

/** The diagnostics on a 0-based line. */
const onLine = (diagnostics: Diagnostic[], line: number): string[] => diagnostics.filter((d) => d.range.start.line === line).map((d) => d.message);

/** The 0-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string): number => {
  const line = text.split('\n').findIndex((candidate) => candidate.includes(needle));
  if (line < 0) throw new Error(`no line contains ${needle}`);
  return line;
};

describe('the editor schemas in the YAML language server', function () {
  this.timeout(60_000);
  let dir: string;
  let server: YamlLanguageServer;

  before(async () => {
    // A copy away from the repository: the modelines may only use what the folder holds.
    dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-editor-'));
    cpSync(path.join(repoRoot, 'policies-example'), dir, { recursive: true });
    server = await YamlLanguageServer.start(dir);
  });
  after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports nothing on any file of policies-example, copied elsewhere: every reference loads', async () => {
    expect(exampleFiles).to.have.length.greaterThan(20);
    for (const name of exampleFiles) {
      const diagnostics = await server.diagnose(path.join(dir, name));
      expect(diagnostics, `${name}:\n${describeDiagnostics(diagnostics)}`).to.deep.equal([]);
    }
  });

  it('underlines a misspelt field of a rule (efect)', async () => {
    const file = path.join(dir, 'prod-database-read.yaml');
    const text = readFileSync(file, 'utf8').replace('  - effect: allow', '  - efect: allow');
    const diagnostics = await server.diagnose(file, text);
    expect(onLine(diagnostics, lineOf(text, 'efect:')), describeDiagnostics(diagnostics)).to.include.members([
      'Property efect is not allowed.',
      'Missing property "effect".',
    ]);
    expect(describeDiagnostics(diagnostics)).to.not.include('Problems loading');
  });

  it('underlines a value the schema does not allow: an effect, a status, a condition operator', async () => {
    const file = path.join(dir, 'admin-console.yaml');
    const original = readFileSync(file, 'utf8');
    const text = original
      .replace('  - effect: allow', '  - effect: alow')
      .replace('status: active', 'status: enabled')
      .replace('operator: between', 'operator: within');
    expect(text).to.not.equal(original);
    const diagnostics = await server.diagnose(file, text);
    expect(onLine(diagnostics, lineOf(text, 'effect: alow')).join('\n')).to.include('Value is not accepted. Valid values: "allow", "deny".');
    expect(onLine(diagnostics, lineOf(text, 'status: enabled')).join('\n')).to.include('"draft", "active", "archived"');
    expect(onLine(diagnostics, lineOf(text, 'operator: within')), describeDiagnostics(diagnostics)).to.not.deep.equal([]);
  });

  it('offers effect, resources and actions when completing inside a rule', async () => {
    const file = path.join(dir, 'draft.yaml');
    const text = ['# yaml-language-server: $schema=.schemas/policy-file.json', 'name: draft', 'rules:', '  - principals:', '      type: USER', '    ', ''].join(
      '\n',
    );
    writeFileSync(file, text);
    await server.diagnose(file, text);
    const labels = (await server.complete(file, 5, 4)).map((item) => item.label);
    expect(labels).to.include.members(['effect', 'resources', 'actions', 'conditions']);
    expect(labels).to.not.include('principals');
  });

  it('checks test files and acctl.yaml against their own schemas', async () => {
    const testFile = path.join(dir, 'apis.test.yaml');
    const testText = readFileSync(testFile, 'utf8').replace('expect: allow', 'expect: alow');
    const testDiagnostics = await server.diagnose(testFile, testText);
    expect(onLine(testDiagnostics, lineOf(testText, 'expect: alow')).join('\n')).to.include('Valid values: "allow", "deny"');

    const configFile = path.join(dir, 'acctl.yaml');
    const configText = readFileSync(configFile, 'utf8').replace('owner: platform-security', 'ownr: platform-security');
    const configDiagnostics = await server.diagnose(configFile, configText);
    expect(onLine(configDiagnostics, lineOf(configText, 'ownr:'))).to.include('Property ownr is not allowed.');
  });
});

describe('the YAML language server with the VS Code settings of a policy repository (no modeline)', function () {
  this.timeout(60_000);
  let dir: string;
  let server: YamlLanguageServer;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-editor-settings-'));
    for (const file of editorFiles(editorSchemaText)) {
      mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
      writeFileSync(path.join(dir, file.path), file.text);
    }
    // VS Code hands the extension the workspace's settings.json; so does this client.
    const settings = JSON.parse(readFileSync(path.join(dir, '.vscode', 'settings.json'), 'utf8')) as { 'yaml.schemas': Record<string, string[]> };
    server = await YamlLanguageServer.start(dir, { schemas: settings['yaml.schemas'] });
  });
  after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives a policy file in a subfolder the policy schema', async () => {
    mkdirSync(path.join(dir, 'databases'));
    const file = path.join(dir, 'databases', 'read.yaml');
    const text = 'name: read\nrules:\n  - efect: allow\n';
    const diagnostics = await server.diagnose(file, text);
    expect(onLine(diagnostics, 2), describeDiagnostics(diagnostics)).to.include('Property efect is not allowed.');
  });

  it('gives a test file the test schema, and acctl.yaml its own', async () => {
    const testDiagnostics = await server.diagnose(path.join(dir, 'read.test.yaml'), 'name: read\nrules: []\n');
    expect(describeDiagnostics(testDiagnostics)).to.include('Property rules is not allowed.').and.include('Missing property "tests".');
    const configDiagnostics = await server.diagnose(path.join(dir, 'acctl.yaml'), 'owner: team\nrules: []\n');
    expect(describeDiagnostics(configDiagnostics)).to.include('Property rules is not allowed.').and.not.include('Missing property');
  });
});

describe("the YAML language server with a server's schema URL", function () {
  this.timeout(60_000);
  let t: TestApp;
  let dir: string;
  let server: YamlLanguageServer;

  before(async () => {
    t = await startTestApp({ listen: true });
    dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-editor-url-'));
    server = await YamlLanguageServer.start(dir);
  });
  after(async () => {
    await server.stop();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads /v1/schemas/v1/policy-file.json with nothing else and checks the file with it', async () => {
    const file = path.join(dir, 'read.yaml');
    const text = [`# yaml-language-server: $schema=${t.baseUrl}/schemas/v1/policy-file.json`, 'name: read', 'rules:', '  - efect: allow', ''].join('\n');
    const diagnostics = await server.diagnose(file, text);
    expect(describeDiagnostics(diagnostics)).to.not.include('Problems loading');
    expect(onLine(diagnostics, 3), describeDiagnostics(diagnostics)).to.include('Property efect is not allowed.');
  });
});
