import type { PolicyListItem, PolicyMetadata, PolicySet, PolicySetChange, PolicySetProvenance, PolicySetRequest } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { inBatches, mapConcurrently } from '../concurrency.js';
import { CommandError } from '../../../kit/src/index.js';
import { listPolicies, policyById, type PolicyRef } from '../stored-policies/lookup.js';
import { checkChangeSetSize, sendChangeSet } from './change-set.js';
import type { PolicyContent } from './desired.js';
import type { Plan, PlanChange } from './plan.js';
import type { ApplyOrigin } from './provenance.js';

/** The `tool` of the provenance apply records, on each version and on the set. */
const APPLY_TOOL = 'acctl policy apply';

/** GET /policies takes 100 exact names per request (live-state.ts). */
const NAMES_PER_REQUEST = 100;

export interface AppliedChange {
  action: 'create' | 'update' | 'delete' | 'restore';
  name: string;
  id: string;
  /** The version written (for a delete, the version deleted). */
  version: number;
}

type Executable = Extract<PlanChange, { action: 'create' | 'update' | 'delete' }>;

export function executableChanges(plan: Plan): Executable[] {
  return plan.changes.filter((change): change is Executable => change.action === 'create' || change.action === 'update' || change.action === 'delete');
}

/** What the server holds under a plan's name (GET /policies?name=, live policies only). */
export type LiveByName = ReadonlyMap<string, Pick<PolicyListItem, 'version'> & Partial<Pick<PolicyListItem, 'id' | 'managed_by'>>>;

/** What the server holds under a plan's id that no live policy of the plan's name has (GET /policies/{id}, deleted ones too): absent, it knows no such id. */
export type KnownById = ReadonlyMap<string, Pick<PolicyRef, 'name' | 'status'>>;

/**
 * What stops a saved plan on the server as it is now, one sentence per policy: a policy it creates
 * that exists now; one it updates, deletes or found unchanged that is at another version, deleted,
 * known under another name or not known at all (the plan's name and id no longer meet); one it
 * updates or deletes that carries another owner label than the plan's. Pure: the plan, the live list
 * items by name, and what the server knows of the ids whose name it did not find.
 */
export function movedSincePlan(plan: Plan, live: LiveByName, byId: KnownById = new Map()): string[] {
  const moved: string[] = [];
  for (const change of plan.changes) {
    const item = live.get(change.name);
    if (change.action === 'create') {
      if (item !== undefined) moved.push(`policy "${change.name}" was to be created, and the server has one of that name now (version ${item.version})`);
      continue;
    }
    const seen =
      change.action === 'update' || change.action === 'delete' ? change.expected_version : change.action === 'unchanged' ? change.version : undefined;
    if (seen === undefined) continue;
    if (item === undefined) moved.push(goneSincePlan(change.name, change.id, seen, byId.get(change.id)));
    else if (item.id !== undefined && item.id !== change.id)
      moved.push(`the plan's policy "${change.name}" has id ${change.id}, and the server's "${change.name}" is another policy (id ${item.id})`);
    else if (item.version !== seen) moved.push(`policy "${change.name}" is at version ${item.version} on the server, the plan saw version ${seen}`);
    else if (change.action !== 'unchanged' && item.managed_by !== undefined && item.managed_by !== plan.owner)
      moved.push(
        `policy "${change.name}" carries the owner label "${item.managed_by}" on the server, not the plan's (${plan.owner ?? 'none'}): the plan may not ${change.action} it`,
      );
  }
  return moved;
}

function goneSincePlan(name: string, id: string, seen: number, known: Pick<PolicyRef, 'name' | 'status'> | undefined): string {
  if (known === undefined) return `the plan names policy "${name}" with id ${id}, which the server does not know`;
  if (known.name !== name)
    return `the plan names policy "${name}" with id ${id}, which the server knows as "${known.name}"${known.status === 'deleted' ? ' (deleted)' : ''}`;
  return `policy "${name}" was deleted on the server since the plan (which saw version ${seen})`;
}

/**
 * Refuses a saved plan, before it writes anything, when the server moved since it was made (as
 * Terraform refuses a stale saved plan): a reviewed plan is applied exactly as reviewed, or not at
 * all. The set's `if_match` checks, on the server, are the final word: they catch a change made
 * between this check and the set. A name the server has no live policy of is looked up by the
 * plan's id, so the refusal says what became of it rather than guess.
 */
export async function checkSavedPlanCurrent(api: ApiClient, plan: Plan): Promise<void> {
  const names = [...new Set(plan.changes.filter((change) => change.action !== 'orphaned' && change.action !== 'blocked').map((change) => change.name))];
  const live = new Map<string, PolicyListItem>();
  for (const batch of inBatches(names, NAMES_PER_REQUEST)) for (const item of await listPolicies(api, { name: batch })) live.set(item.name, item);
  const missing = plan.changes.flatMap((change) =>
    (change.action === 'update' || change.action === 'delete' || change.action === 'unchanged') && !live.has(change.name) ? [change.id] : [],
  );
  const byId = new Map<string, PolicyRef>();
  for (const found of await mapConcurrently(missing, 8, (id) => policyById(api, id))) if (found !== undefined) byId.set(found.id, found);
  const moved = movedSincePlan(plan, live, byId);
  if (moved.length === 0) return;
  throw new CommandError(
    'stale_plan',
    `The server changed since the plan, nothing was applied: ${moved.slice(0, 20).join('; ')}${moved.length > 20 ? `; and ${moved.length - 20} more` : ''}`,
    { suggestions: ['Run acctl policy plan again to see the server as it is now, then review and apply the new plan'] },
  );
}

/** What to do when a plan is too large for one change set: it is never split silently. */
export const HOW_TO_SPLIT_A_PLAN: readonly string[] = [
  'Split the repository: apply one folder at a time, each with its own acctl.yaml `owner` (prune deletes only its own)',
  'Each set is applied whole, but several sets are several transactions: split where applying one part before the other is harmless',
];

/** Sent changes by index, for the messages: the plan change each one carries out. */
export interface ChangeSet {
  request: PolicySetRequest;
  sent: Executable[];
}

/**
 * The plan as one change set (POST /policy-sets), in plan order: creates, updates with `if_match`
 * set to the version the plan saw, deletes (only in a plan made with prune) likewise; each policy's
 * own provenance in its metadata, and the set's (`provenance`) from the same origin. Pure.
 */
export function planChangeSet(plan: Plan, origin: ApplyOrigin, now: Date, options: { dryRun?: boolean; repository?: string } = {}): ChangeSet {
  const sent = executableChanges(plan);
  const changes: PolicySetChange[] = sent.map((change) => {
    switch (change.action) {
      case 'create':
        return change.restores
          ? {
              action: 'restore',
              id: change.restores.id,
              if_match: change.restores.expected_version,
              policy: withProvenance(change.content, change.content_hash, change.file, origin, now),
            }
          : { action: 'create', policy: withProvenance(change.content, change.content_hash, change.file, origin, now) };
      case 'update':
        return {
          action: 'update',
          id: change.id,
          if_match: change.expected_version,
          policy: withProvenance(change.content, change.content_hash, change.file, origin, now),
        };
      case 'delete':
        return { action: 'delete', id: change.id, if_match: change.expected_version };
    }
  });
  const provenance: PolicySetProvenance = {
    tool: APPLY_TOOL,
    ...(options.repository !== undefined ? { repository: options.repository } : {}),
    ...origin,
  };
  return { request: { changes, provenance, ...(options.dryRun ? { dry_run: true } : {}) }, sent };
}

/** Refuses a plan too large for one change set, before anything is sent (change-set.ts has the limits). */
export function checkPlanFits(set: ChangeSet): void {
  checkChangeSetSize(set.request, HOW_TO_SPLIT_A_PLAN);
}

/**
 * Carries out a plan as one change set: the server applies all of it in one transaction, or none.
 * A refusal (a policy moved since the plan: a stale plan, or another apply that got there first)
 * is `stale_plan` naming every failing policy, with nothing applied. A server that stops answering
 * mid-request leaves the set applied whole or not at all; planning again shows which.
 */
export async function applyChangeSet(api: ApiClient, set: ChangeSet): Promise<{ policySet: PolicySet; applied: AppliedChange[] }> {
  const policySet = await sendChangeSet(api, set.request, {
    describe: (index) => {
      const change = set.sent[index];
      if (change === undefined) return { action: 'change', name: `#${index}` };
      if (change.action === 'create')
        return change.restores ? { action: 'restore', name: change.name, expected: change.restores.expected_version } : { action: 'create', name: change.name };
      return { action: change.action, name: change.name, expected: change.expected_version };
    },
    refused: { code: 'stale_plan', suggestions: ['Run acctl policy plan again to see the server as it is now, then review and apply the new plan'] },
    unreachable: ['Once the server answers again, run acctl policy plan: it shows whether the set landed (no changes) or not, and apply the new plan'],
    howToSplit: HOW_TO_SPLIT_A_PLAN,
  });
  const applied = policySet.dry_run
    ? []
    : policySet.changes.flatMap((change): AppliedChange[] =>
        (change.action === 'create' || change.action === 'update' || change.action === 'delete' || change.action === 'restore') && change.id !== undefined
          ? [{ action: change.action, name: change.name, id: change.id, version: change.version }]
          : [],
      );
  return { policySet, applied };
}

function withProvenance(content: PolicyContent, contentHash: string, file: string, origin: ApplyOrigin, now: Date): PolicyContent {
  const provenance: NonNullable<PolicyMetadata['provenance']> = {
    tool: APPLY_TOOL,
    ...origin,
    source: file,
    content_hash: contentHash,
    applied_at: now.toISOString(),
  };
  return { ...content, metadata: { ...content.metadata, provenance } };
}
