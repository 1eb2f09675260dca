import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Config } from '@oclif/core';
import { repoRoot } from '../cli/run-cli.js';

/** A fresh copy of policies-example/ in a temporary folder: a policy repository to plan and apply. */
export function copyOfExampleRepository(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-policy-repo-'));
  cpSync(path.join(repoRoot, 'policies-example'), dir, { recursive: true });
  return dir;
}

/** Edits a file of the copy in place. */
export function editFile(dir: string, name: string, edit: (text: string) => string): void {
  const file = path.join(dir, name);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
}

/** acctl's oclif configuration without its command folder: enough to run one command class in this process, without importing every other. */
export async function commandlessCliConfig(): Promise<Config> {
  const root = path.join(repoRoot, 'cli');
  const pjson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  delete pjson.oclif.commands;
  return Config.load({ root, pjson });
}

/**
 * Runs `work` in this process with the variables the CLI reads set to `env` alone (no other ACCTL_
 * setting, a throw-away config folder, as run-cli.ts gives a spawned CLI), then puts them back.
 */
export async function withCliEnv<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const wanted: Record<string, string> = { XDG_CONFIG_HOME: mkdtempSync(path.join(os.tmpdir(), 'acctl-cli-config-')), ...env };
  const names = [...new Set(['ACCTL_SERVER', 'ACCTL_PROFILE', 'ACCTL_TOKEN', 'ACCTL_CLIENT_ID', 'ACCTL_CLIENT_SECRET', ...Object.keys(wanted)])];
  const saved = new Map(names.map((name) => [name, process.env[name]]));
  const put = (values: ReadonlyMap<string, string | undefined>): void => {
    for (const [name, value] of values) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  put(new Map(names.map((name) => [name, wanted[name]])));
  try {
    return await work();
  } finally {
    put(saved);
  }
}
