import type { PolicyRule, PolicyVersion } from '../../../core/src/index.js';

export interface PolicyHistoryEntry {
  version: number;
  created_at: string;
  created_by: string | null;
  status: string | null;
  rules: number;
  /** What changed from the version before, in words; `created` for the first one. */
  changes: string[];
}

/**
 * What changed between consecutive versions, from the versions themselves (oldest first in,
 * newest first out): name, description, status, the number of rules, actions added or removed,
 * and otherwise "rules edited" when the rules differ in a way the counts do not show.
 */
export function summarizePolicyHistory(versions: readonly PolicyVersion[]): PolicyHistoryEntry[] {
  const oldestFirst = [...versions].sort((a, b) => a.version - b.version);
  const entries = oldestFirst.map((current, index) => ({
    version: current.version,
    created_at: current.created_at,
    created_by: current.created_by ?? null,
    status: current.status ?? null,
    rules: current.rules.length,
    changes: index === 0 ? ['created'] : describeChanges(oldestFirst[index - 1]!, current),
  }));
  return entries.reverse();
}

function describeChanges(before: PolicyVersion, after: PolicyVersion): string[] {
  // A rollback writes an earlier version's content again; the server marks it in
  // metadata.provenance (policies/service.ts rolledBackContent), which is why the metadata differs.
  const provenance = after.metadata?.provenance;
  if (provenance?.tool === 'rollback' && provenance.rolled_back_to !== undefined) {
    const content = describeChanges(before, { ...after, metadata: before.metadata }).filter((change) => change !== 'no change (same content)');
    return [`rolled back to version ${provenance.rolled_back_to}`, ...content];
  }
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`renamed ${before.name} -> ${after.name}`);
  if ((before.status ?? null) !== (after.status ?? null)) changes.push(`status ${before.status ?? '?'} -> ${after.status ?? '?'}`);
  if ((before.description ?? '') !== (after.description ?? '')) changes.push('description changed');
  if (before.rules.length !== after.rules.length) changes.push(`rules ${before.rules.length} -> ${after.rules.length}`);
  const beforeActions = actionsOf(before.rules);
  const afterActions = actionsOf(after.rules);
  const added = [...afterActions].filter((action) => !beforeActions.has(action));
  const removed = [...beforeActions].filter((action) => !afterActions.has(action));
  if (added.length > 0) changes.push(`actions added: ${added.join(', ')}`);
  if (removed.length > 0) changes.push(`actions removed: ${removed.join(', ')}`);
  if (changes.length === 0 || (before.rules.length === after.rules.length && added.length === 0 && removed.length === 0)) {
    if (JSON.stringify(before.rules) !== JSON.stringify(after.rules)) changes.push('rules edited');
  }
  if (JSON.stringify(before.metadata ?? {}) !== JSON.stringify(after.metadata ?? {})) changes.push('metadata changed');
  return changes.length === 0 ? ['no change (same content)'] : changes;
}

function actionsOf(rules: readonly PolicyRule[]): Set<string> {
  return new Set(rules.flatMap((rule) => rule.actions));
}
