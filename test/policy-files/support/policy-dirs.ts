import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli, type CliResult } from '../../cli/run-cli.js';

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
  return runCli(args, { env, cwd });
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
