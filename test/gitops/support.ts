import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
