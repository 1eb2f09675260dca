import type { CliPolicyDiffPolicy, EnginePolicy } from '../../../core/src/index.js';
import { accessChange, type PolicyAccess } from './access.js';
import type { DesiredPolicy } from './desired.js';
import { diffPolicies } from './policy-diff.js';
import type { PolicyRepository } from './repository.js';

export type FolderPolicyDiff = CliPolicyDiffPolicy;

/**
 * `acctl policy diff FOLDER FOLDER`: the policies that differ between two policy folders, by name,
 * and whether going from the first folder's active policies to the second's widens or narrows
 * access. Offline and pure: the folders are read (and linted) by the command.
 */
export function diffFolders(before: PolicyRepository, after: PolicyRepository, now: Date): { policies: FolderPolicyDiff[]; access: PolicyAccess } {
  const older = new Map(before.desired.map((policy) => [policy.name, policy]));
  const newer = new Map(after.desired.map((policy) => [policy.name, policy]));
  const policies: FolderPolicyDiff[] = [];
  for (const [name, policy] of newer) {
    const was = older.get(name);
    if (was === undefined) policies.push({ name, action: 'added', changes: [] });
    else if (was.content_hash !== policy.content_hash) policies.push({ name, action: 'changed', changes: diffPolicies(was.content, policy.content) });
  }
  for (const name of older.keys()) if (!newer.has(name)) policies.push({ name, action: 'removed', changes: [] });
  policies.sort((a, b) => a.name.localeCompare(b.name));
  const access = accessChange(activeSet(before.desired), activeSet(after.desired), { before: before.files, after: after.files }, now);
  return { policies, access };
}

/** What a folder enforces once applied: its active policies (a file without status is a draft). */
function activeSet(desired: readonly DesiredPolicy[]): EnginePolicy[] {
  return desired
    .filter((policy) => policy.content.status === 'active')
    .map((policy) => ({ id: `local:${policy.name}`, version: 1, name: policy.name, rules: policy.content.rules }));
}
