import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { LintJson, TestJson } from '../../cli/src/policy-files/report/json.js';
import { aPolicyFile, policyFoldersOfSuite } from '../policy-files/support/policy-dirs.js';
import { repoRoot, runCli } from './run-cli.js';

const run = promisify(execFile);

/** Issue #22, "Commands people reach for": the offline ones (no server). */
describe('commands people reach for (issue #22)', function () {
  this.timeout(60000);
  const folder = policyFoldersOfSuite();

  const unformatted =
    'rules:\n    -   actions: [ read ]\n        resources: {type: database, identifiers: ["prod-*"]}\n        principals:\n            type: USER\n        effect: allow\nname: db-read\n';
  const canonical =
    'name: db-read\nrules:\n  - effect: allow\n    principals:\n      type: USER\n    resources: {type: database, identifiers: ["prod-*"]}\n    actions: [read]\n';

  describe('acctl policy fmt --diff', () => {
    it('prints a unified diff that git apply takes, exits 1 and writes nothing', async () => {
      const { dir, file } = folder({ 'db.yaml': unformatted, 'ok.yaml': canonical.replace('db-read', 'ok') });
      const result = await runCli(['policy', 'fmt', '.', '--diff'], { cwd: dir });
      expect(result.exitCode, result.stderr).to.equal(1);
      expect(result.stdout.split('\n').slice(0, 3)).to.deep.equal(['--- a/db.yaml', '+++ b/db.yaml', '@@ -1,7 +1,7 @@']);
      expect(result.stdout).to.include('-rules:\n-    -   actions: [ read ]\n');
      expect(result.stdout).to.include(' name: db-read\n+rules:\n+  - effect: allow\n');
      expect(result.stdout).to.not.include('ok.yaml');
      expect(result.stderr).to.include('1 of 2 file(s) would be reformatted');
      expect(readFileSync(file('db.yaml'), 'utf8')).to.equal(unformatted);
      // The diff is a patch: applied, the file is what acctl policy fmt would have written.
      writeFileSync(path.join(dir, 'fmt.patch'), result.stdout);
      await run('git', ['apply', 'fmt.patch'], { cwd: dir });
      expect(readFileSync(file('db.yaml'), 'utf8')).to.equal(canonical);
      const again = await runCli(['policy', 'fmt', '.', '--diff'], { cwd: dir });
      expect(again.exitCode, again.stderr).to.equal(0);
      expect(again.stdout).to.equal('');
    });

    it('marks a last line without a newline, as diff -u does', async () => {
      const { dir } = folder({ 'db.yaml': canonical.slice(0, -1) });
      const result = await runCli(['policy', 'fmt', 'db.yaml', '--diff'], { cwd: dir });
      expect(result.exitCode).to.equal(1);
      expect(result.stdout).to.equal(
        '--- a/db.yaml\n+++ b/db.yaml\n@@ -4,4 +4,4 @@\n     principals:\n       type: USER\n     resources: {type: database, identifiers: ["prod-*"]}\n-    actions: [read]\n\\ No newline at end of file\n+    actions: [read]\n',
      );
    });

    it('gives each diff in JSON', async () => {
      const { dir } = folder({ 'db.yaml': unformatted });
      const result = await runCli(['policy', 'fmt', '.', '--diff', '--json'], { cwd: dir });
      expect(result.exitCode).to.equal(1);
      const answer = result.json<{ changed: string[]; checked: boolean; diffs: Record<string, string> }>();
      expect(answer.changed).to.deep.equal(['db.yaml']);
      expect(answer.checked).to.equal(true);
      expect(answer.diffs['db.yaml']).to.match(/^--- a\/db\.yaml\n\+\+\+ b\/db\.yaml\n@@ /);
    });
  });

  describe('- for standard input', () => {
    const typo =
      'name: db-read\nstatus: active\nrules:\n  - effect: allow\n    principals: {type: USER}\n    resources: {type: database, identifiers: ["prod-*"]}\n    acitons: [read]\n';

    it('acctl policy lint - lints the policy piped in, named <stdin>', async () => {
      const { dir } = folder({ 'other.yaml': typo.replace('db-read', 'other') });
      const result = await runCli(['policy', 'lint', '-'], { cwd: dir, input: typo });
      expect(result.exitCode).to.equal(1);
      expect(result.stdout).to.include('<stdin>:7:5 error unknown field `acitons`; did you mean `actions`? (unknown-field)');
      // Only the file piped in: not the folder's.
      expect(result.stdout).to.not.include('other.yaml');
      const clean = await runCli(['policy', 'lint', '-', '--json'], { cwd: dir, input: aPolicyFile('db-read') });
      expect(clean.exitCode, clean.stdout).to.equal(0);
      expect(clean.json<LintJson>().summary).to.include({ files: 1, errors: 0 });
    });

    it('acctl policy test - runs the tests piped in against the policies of the current folder', async () => {
      const { dir } = folder({ 'db-read.yaml': aPolicyFile('db-read') });
      const tests = (expect: 'allow' | 'deny') =>
        `name: reads\nat: "2026-03-10T10:00:00Z"\nprincipals:\n  alice: {type: USER}\nresources:\n  orders: {type: database, identifier: prod-orders}\ntests:\n  - name: users read\n    principals: [alice]\n    resources: [orders]\n    actions: [read]\n    expect: ${expect}\n`;
      const passing = await runCli(['policy', 'test', '-', '--json'], { cwd: dir, input: tests('allow') });
      expect(passing.exitCode, passing.stdout + passing.stderr).to.equal(0);
      expect(passing.json<TestJson>().summary).to.include({ passed: 1, failed: 0 });
      const failing = await runCli(['policy', 'test', '-'], { cwd: dir, input: tests('deny') });
      expect(failing.exitCode).to.equal(1);
      expect(failing.stdout).to.include('<stdin>');
    });

    it('acctl policy fmt - prints the file formatted, writes no file, and --diff names it <stdin>', async () => {
      const { dir } = folder({});
      const result = await runCli(['policy', 'fmt', '-'], { cwd: dir, input: unformatted });
      expect(result.exitCode, result.stderr).to.equal(0);
      expect(result.stdout).to.equal(canonical);
      expect(readdirSync(dir)).to.deep.equal([]);
      const diff = await runCli(['policy', 'fmt', '-', '--diff'], { cwd: dir, input: unformatted });
      expect(diff.exitCode).to.equal(1);
      expect(diff.stdout.split('\n').slice(0, 2)).to.deep.equal(['--- a/<stdin>', '+++ b/<stdin>']);
      const check = await runCli(['policy', 'fmt', '-', '--check'], { cwd: dir, input: canonical });
      expect(check.exitCode).to.equal(0);
    });

    it('is a path like any other for commands that do not read stdin (policy plan)', async () => {
      const result = await runCli(['policy', 'plan', '-'], { input: canonical, env: { ACCTL_SERVER: 'http://127.0.0.1:9', ACCTL_TOKEN: 'acctl_unused' } });
      expect(result.exitCode).to.not.equal(0);
      expect(result.stderr).to.include('No such file or folder: -');
    });

    it('refuses - beside other paths (exit 2)', async () => {
      const { dir } = folder({ 'db.yaml': canonical });
      const result = await runCli(['policy', 'lint', '-', 'db.yaml'], { cwd: dir, input: canonical });
      expect(result.exitCode).to.equal(2);
      expect(result.stderr).to.include('- (standard input) cannot be given with other paths');
    });
  });

  describe('acctl help and acctl version', () => {
    it('acctl help COMMAND prints what COMMAND --help prints', async () => {
      const [help, flag, colon] = await Promise.all([runCli(['help', 'policy', 'fmt']), runCli(['policy', 'fmt', '--help']), runCli(['help', 'policy:fmt'])]);
      expect(help.exitCode).to.equal(0);
      expect(help.stdout).to.include('$ acctl policy fmt');
      expect(help.stdout).to.equal(flag.stdout);
      expect(colon.stdout).to.equal(flag.stdout);
      const root = await runCli(['help']);
      expect(root.stdout).to.equal((await runCli(['--help'])).stdout);
      expect(root.stdout).to.match(/^ {2}policy +/m);
    });

    it("acctl help server … is the server package's help", async () => {
      const result = await runCli(['help', 'server', 'user', 'create']);
      expect(result.exitCode).to.equal(0);
      expect(result.stdout).to.include('$ acctl server user create');
      expect(result.stdout).to.include('--password-stdin');
    });

    it('refuses an unknown command with exit 2', async () => {
      const result = await runCli(['help', 'polcy']);
      expect(result.exitCode).to.equal(2);
      expect(result.stderr.split('\n')[0]).to.equal('Error: polcy is not an acctl command or topic');
    });

    it('acctl version --json gives the version, Node.js and the system, as oclif plugin-version names them', async () => {
      const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'cli', 'package.json'), 'utf8')) as { version: string };
      const [text, json, flag] = await Promise.all([runCli(['version']), runCli(['version', '--json']), runCli(['--version'])]);
      expect(text.exitCode).to.equal(0);
      expect(text.stdout.split('\n')[0]).to.equal(flag.stdout.trim());
      const info = json.json<Record<string, string>>();
      expect(info).to.include({ cliVersion: `acctl/${version}`, architecture: `${process.platform}-${process.arch}`, nodeVersion: `node-${process.version}` });
      expect(info.osVersion).to.be.a('string').and.not.equal('');
      expect(info.rootPath).to.be.a('string');
    });
  });

  describe('acctl autocomplete', () => {
    /** What bash completes for `line` (the word under the cursor last), with the script sourced. */
    async function bashCompletes(script: string, words: string[]): Promise<string[]> {
      const program = [
        'source /dev/stdin <<<"$ACCTL_SCRIPT"',
        `COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')})`,
        `COMP_CWORD=${words.length - 1}`,
        'COMPREPLY=()',
        '"$(complete -p acctl | sed -E "s/.*-F ([^ ]+) .*/\\1/")" acctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"',
        'printf "%s\\n" "${COMPREPLY[@]}"',
      ].join('\n');
      const { stdout } = await run('bash', ['--norc', '--noprofile', '-c', program], { env: { ...process.env, ACCTL_SCRIPT: script } });
      return stdout.split('\n').filter((line) => line !== '');
    }

    it('prints a bash script that completes commands, flags and flag values', async () => {
      const result = await runCli(['autocomplete', 'bash']);
      expect(result.exitCode, result.stderr).to.equal(0);
      const script = result.stdout;
      expect(await bashCompletes(script, ['acctl', 'pol'])).to.deep.equal(['policy']);
      expect(await bashCompletes(script, ['acctl', 'policy', 'f'])).to.deep.equal(['fmt']);
      expect(await bashCompletes(script, ['acctl', 'audit', 'report', ''])).to.deep.equal(['create', 'get', 'list']);
      expect(await bashCompletes(script, ['acctl', 'policy', 'fmt', '--d'])).to.deep.equal(['--diff']);
      expect(await bashCompletes(script, ['acctl', 'policy', 'lint', 'policies/', '--format', 'j'])).to.deep.equal(['json', 'junit']);
      expect(await bashCompletes(script, ['acctl', 'decision', 'list', '--decision', ''])).to.deep.equal(['allow', 'deny']);
      expect(await bashCompletes(script, ['acctl', 'help', 'policy', 'ap'])).to.deep.equal(['apply']);
      expect(await bashCompletes(script, ['acctl', 'autocomplete', ''])).to.deep.equal(['bash', 'fish', 'zsh']);
    });

    it('completes acctl server … with the commands of the installed server package (its command table), flags and flag values', async () => {
      const result = await runCli(['autocomplete', 'bash']);
      expect(result.exitCode, result.stderr).to.equal(0);
      const script = result.stdout;
      // The ids of server/src/cli/index.ts: start, migrate, client:*, user:*, keys:rotate.
      expect(await bashCompletes(script, ['acctl', 'server', ''])).to.deep.equal(['client', 'keys', 'migrate', 'start', 'user']);
      expect(await bashCompletes(script, ['acctl', 'server', 'user', ''])).to.deep.equal(['create', 'delete', 'list', 'set-password']);
      expect(await bashCompletes(script, ['acctl', 'server', 'client', ''])).to.deep.equal(['create', 'delete', 'list', 'rotate-secret']);
      expect(await bashCompletes(script, ['acctl', 'server', 'keys', 'r'])).to.deep.equal(['rotate']);
      expect(await bashCompletes(script, ['acctl', 'server', 'client', 'create', '--pu'])).to.deep.equal(['--public']);
      expect(await bashCompletes(script, ['acctl', 'server', 'client', 'create', '--grant-type', 'client_'])).to.deep.equal(['client_credentials']);
      expect(await bashCompletes(script, ['acctl', 'server', 'migrate', '--j'])).to.deep.equal(['--json']);
      expect(await bashCompletes(script, ['acctl', 'help', 'server', 'st'])).to.deep.equal(['start']);
    });

    it('prints zsh and fish scripts, and the script with --json', async () => {
      const [zsh, fish, json] = await Promise.all([
        runCli(['autocomplete', 'zsh']),
        runCli(['autocomplete', 'fish']),
        runCli(['autocomplete', 'bash', '--json']),
      ]);
      expect(zsh.stdout.split('\n').slice(0, 2)).to.deep.equal(['#compdef acctl', 'autoload -U +X bashcompinit && bashcompinit']);
      expect(fish.stdout).to.include("complete -c acctl -f -a '(__acctl_candidates)'");
      expect(fish.stdout).to.match(/case 'policy'\n\s+printf '%s\\n' 'apply' 'delete' 'diff' 'fmt'/);
      expect(json.json<{ shell: string; script: string }>()).to.include({ shell: 'bash' });
    });

    it('refuses an unknown shell with exit 2', async () => {
      const result = await runCli(['autocomplete', 'powershell']);
      expect(result.exitCode).to.equal(2);
    });
  });
});
