import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cliEnv, repoRoot, type CliResult } from '../../cli/run-cli.js';

/** A temporary policy folder with the given files (path to content); removed by `remove()`. */
export function policyDir(files: Record<string, string>): { dir: string; file(name: string): string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'acctl-policies-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return { dir, file: (name) => path.join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** For a mocha suite (call it inside describe): `folder(files)` makes a policy folder removed after the suite. */
export function policyFoldersOfSuite(): (files: Record<string, string>) => ReturnType<typeof policyDir> {
  const folders: Array<ReturnType<typeof policyDir>> = [];
  after(() => folders.forEach((created) => created.remove()));
  return (files) => {
    const created = policyDir(files);
    folders.push(created);
    return created;
  };
}

/**
 * `acctl ...args` run from `cwd`, as runCli does from the repository root: for the commands whose
 * default is the current folder.
 */
export function runCliIn(cwd: string, args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'dev.js'), ...args], { cwd, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode) =>
      resolve({
        exitCode,
        stdout,
        stderr,
        json<T>() {
          return JSON.parse(stdout) as T;
        },
      }),
    );
  });
}

/** A valid active policy named `name`, with one allow rule for USER reading database/prod-*. */
export function aPolicyFile(name: string, extraRules = ''): string {
  return [
    '# yaml-language-server: $schema=../schemas/policy-create-request.json',
    `name: ${name}`,
    'status: active',
    'rules:',
    '  - effect: allow',
    '    principals: {type: USER}',
    '    resources: {type: database, identifiers: ["prod-*"]}',
    '    actions: [read]',
    extraRules,
  ].join('\n');
}
