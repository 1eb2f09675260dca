import { policyContentHash } from '../../../core/src/index.js';
import { CommandError } from '../../../kit/src/index.js';
import type { Policy, PolicyListItem } from '../../../core/src/index.js';
import type { DesiredPolicy, PolicyContent } from './desired.js';
import { diffPolicies, type DiffEntry } from './policy-diff.js';

/**
 * What `acctl policy plan` computes, and `acctl policy apply` carries out: pure, from the desired
 * policies (the files) and the live ones (the server). Saved as plan.json by `plan --out`; the
 * expected versions in it make apply refuse a plan the server has moved past (as Terraform refuses a
 * stale saved plan).
 */
export const PLAN_FORMAT = 1;

/** Changed on the server since this repository last applied it: who and when (the live version's last writer). */
export interface Drift {
  updated_by: string;
  updated_at: string;
  version: number;
  /** Why it counts as drift. */
  reason: 'changed_since_apply' | 'provenance_removed';
}

interface Located {
  name: string;
  file: string;
  line: number;
  col: number;
}

export type PlanChange =
  /**
   * `restores`: the server holds a deleted policy of this name (this repository's, or unlabelled): apply
   * restores it with this content, so a re-added file keeps the policy's id and history.
   */
  | (Located & { action: 'create'; content: PolicyContent; content_hash: string; restores?: { id: string; expected_version: number } })
  | (Located & { action: 'update'; id: string; expected_version: number; content: PolicyContent; content_hash: string; diff: DiffEntry[]; drift?: Drift })
  | (Located & { action: 'unchanged'; id: string; version: number })
  /** The name is taken on the server by a policy with another ownership label: never touched. */
  | (Located & { action: 'blocked'; id: string; reason: string })
  | { action: 'delete'; name: string; id: string; expected_version: number }
  /** Owned by this repository but gone from its files; deleted only with --prune. */
  | { action: 'orphaned'; name: string; id: string; version: number };

export type PlanAction = PlanChange['action'];

export interface PlanSummary {
  create: number;
  update: number;
  delete: number;
  unchanged: number;
  drifted: number;
  orphaned: number;
  blocked: number;
}

export interface Plan {
  format: typeof PLAN_FORMAT;
  /** The API base URL the plan was made against: apply refuses another server. */
  server: string;
  owner: string | null;
  prune: boolean;
  created_at: string;
  changes: PlanChange[];
  summary: PlanSummary;
}

/** What the server holds, as the plan needs it: list items (with content_hash), and full policies for those whose hash differs. */
export interface LiveState {
  /** Live (not deleted) policies by name: those with the repository's label, and those named in its files. */
  byName: ReadonlyMap<string, PolicyListItem>;
  /** Full policies by id, for the ones the plan must diff. */
  full: ReadonlyMap<string, Policy>;
  /** Deleted policies named in the files that no live policy holds, the latest deleted of each name. */
  deletedByName?: ReadonlyMap<string, PolicyListItem>;
}

/** Names whose live content differs from the files: the only policies a plan fetches in full. */
export function policiesToFetch(desired: readonly DesiredPolicy[], byName: ReadonlyMap<string, PolicyListItem>, owner: string | null): string[] {
  return desired.flatMap((policy) => {
    const live = byName.get(policy.name);
    return live && live.content_hash !== policy.content_hash && ownedByOthers(live, owner) === undefined ? [live.id] : [];
  });
}

export function computePlan(input: {
  desired: readonly DesiredPolicy[];
  live: LiveState;
  owner: string | null;
  prune: boolean;
  server: string;
  now: Date;
}): Plan {
  const { desired, live, owner } = input;
  const changes: PlanChange[] = [];
  const wanted = new Set(desired.map((policy) => policy.name));
  for (const policy of desired) {
    const located: Located = { name: policy.name, file: policy.file, line: policy.line, col: policy.col };
    const current = live.byName.get(policy.name);
    if (current === undefined) {
      // Re-adding a deleted policy restores it (one id, one history), as Terraform re-imports rather than duplicates;
      // another owner's deleted policy is left alone.
      const deleted = live.deletedByName?.get(policy.name);
      const restores = deleted !== undefined && ownedByOthers(deleted, owner) === undefined ? { id: deleted.id, expected_version: deleted.version } : undefined;
      changes.push({ ...located, action: 'create', content: policy.content, content_hash: policy.content_hash, ...(restores ? { restores } : {}) });
      continue;
    }
    const otherOwner = ownedByOthers(current, owner);
    if (otherOwner !== undefined) {
      changes.push({
        ...located,
        action: 'blocked',
        id: current.id,
        reason: `the server's policy \`${policy.name}\` belongs to \`${otherOwner}\`, not \`${owner ?? '(no owner)'}\``,
      });
      continue;
    }
    if (current.content_hash === policy.content_hash) {
      changes.push({ ...located, action: 'unchanged', id: current.id, version: current.version });
      continue;
    }
    const full = live.full.get(current.id);
    if (full === undefined) throw new Error(`computePlan: the live policy ${current.id} was not fetched`);
    const drift = driftOf(full, owner);
    changes.push({
      ...located,
      action: 'update',
      id: current.id,
      expected_version: current.version,
      content: policy.content,
      content_hash: policy.content_hash,
      diff: diffPolicies(liveContent(full), policy.content),
      ...(drift ? { drift } : {}),
    });
  }
  if (owner !== null) {
    const gone = [...live.byName.values()].filter((item) => item.managed_by === owner && !wanted.has(item.name)).sort((a, b) => a.name.localeCompare(b.name));
    for (const item of gone)
      changes.push(
        input.prune
          ? { action: 'delete', name: item.name, id: item.id, expected_version: item.version }
          : { action: 'orphaned', name: item.name, id: item.id, version: item.version },
      );
  }
  return { format: PLAN_FORMAT, server: input.server, owner, prune: input.prune, created_at: input.now.toISOString(), changes, summary: summarize(changes) };
}

export function summarize(changes: readonly PlanChange[]): PlanSummary {
  const count = (action: PlanAction) => changes.filter((change) => change.action === action).length;
  return {
    create: count('create'),
    update: count('update'),
    delete: count('delete'),
    unchanged: count('unchanged'),
    drifted: changes.filter((change) => change.action === 'update' && change.drift !== undefined).length,
    orphaned: count('orphaned'),
    blocked: count('blocked'),
  };
}

/** Whether applying the plan would change the server (plan's exit code 2). */
export function hasChanges(plan: Plan): boolean {
  return plan.summary.create + plan.summary.update + plan.summary.delete > 0;
}

/**
 * Apply refuses a plan with a blocked policy (a name another owner label holds) before it writes
 * anything; so does every command that takes the plan for what apply will do. `outcome` ends the
 * message: what did not happen.
 */
export function refuseBlockedPlan(plan: Plan, outcome: string): void {
  const blocked = plan.changes.filter((change) => change.action === 'blocked').map((change) => change.name);
  if (blocked.length === 0) return;
  throw new CommandError('conflict', `${blocked.length} policy name(s) belong to another owner on the server: ${blocked.join(', ')}; ${outcome}`, {
    suggestions: ['Rename the policies, or change the ownership label on the server'],
  });
}

/** The other owner's label, when the live policy carries one that is not ours. */
function ownedByOthers(item: PolicyListItem, owner: string | null): string | undefined {
  return item.managed_by !== undefined && item.managed_by !== owner ? item.managed_by : undefined;
}

/**
 * A policy this repository applied records the hash of what it applied (metadata.provenance); a live
 * hash that differs means someone changed it on the server since. A policy with our label and no
 * provenance was edited in a way that dropped it.
 */
function driftOf(policy: Policy, owner: string | null): Drift | undefined {
  const provenance = policy.metadata.provenance;
  const who = { updated_by: policy.updated_by ?? policy.created_by ?? 'unknown', updated_at: policy.updated_at, version: policy.version };
  if (provenance?.content_hash !== undefined)
    return provenance.content_hash === policyContentHash(liveContent(policy)) ? undefined : { ...who, reason: 'changed_since_apply' };
  return owner !== null && policy.metadata.managed_by === owner ? { ...who, reason: 'provenance_removed' } : undefined;
}

export function liveContent(policy: Pick<Policy, 'name' | 'description' | 'status' | 'rules' | 'metadata'>): PolicyContent {
  return {
    name: policy.name,
    description: policy.description,
    status: policy.status as PolicyContent['status'],
    rules: policy.rules,
    metadata: policy.metadata,
  };
}
