import type { PolicyCreateRequest, PolicyListItem, PolicyMetadata, PolicyUpdateRequest } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { inBatches, mapConcurrently } from '../concurrency.js';
import { CommandError } from '../errors.js';
import { listPolicies } from '../stored-policies/lookup.js';
import type { PolicyContent } from './desired.js';
import type { Plan, PlanChange } from './plan.js';
import type { ApplyOrigin } from './provenance.js';

/** Writes at once: enough to apply 1,000 policies in seconds, few enough not to crowd the server. */
const APPLY_CONCURRENCY = 8;

/** GET /policies takes 100 exact names per request (live-state.ts). */
const NAMES_PER_REQUEST = 100;

export interface AppliedChange {
  action: 'create' | 'update' | 'delete';
  name: string;
  id: string;
  /** The version written (for a delete, the version deleted). */
  version: number;
}

export interface ApplyResult {
  applied: AppliedChange[];
}

type Executable = Extract<PlanChange, { action: 'create' | 'update' | 'delete' }>;

export function executableChanges(plan: Plan): Executable[] {
  return plan.changes.filter((change): change is Executable => change.action === 'create' || change.action === 'update' || change.action === 'delete');
}

/**
 * What moved on the server since a saved plan was made, one sentence per policy: a policy it creates
 * that exists now, one it updates, deletes or found unchanged that is at another version or gone.
 * Pure: the plan and the live list items by name in.
 */
export function movedSincePlan(plan: Plan, live: ReadonlyMap<string, Pick<PolicyListItem, 'version'>>): string[] {
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
    if (item === undefined) moved.push(`policy "${change.name}" was deleted on the server since the plan (which saw version ${seen})`);
    else if (item.version !== seen) moved.push(`policy "${change.name}" is at version ${item.version} on the server, the plan saw version ${seen}`);
  }
  return moved;
}

/**
 * Refuses a saved plan, before it writes anything, when the server moved since it was made (as
 * Terraform refuses a stale saved plan): a reviewed plan is applied exactly as reviewed, or not at
 * all. The If-Match of each write still catches a change made between this check and the write.
 */
export async function checkSavedPlanCurrent(api: ApiClient, plan: Plan): Promise<void> {
  const names = [...new Set(plan.changes.filter((change) => change.action !== 'orphaned' && change.action !== 'blocked').map((change) => change.name))];
  const live = new Map<string, PolicyListItem>();
  for (const batch of inBatches(names, NAMES_PER_REQUEST)) for (const item of await listPolicies(api, { name: batch })) live.set(item.name, item);
  const moved = movedSincePlan(plan, live);
  if (moved.length === 0) return;
  throw new CommandError(
    'stale_plan',
    `The server changed since the plan, nothing was applied: ${moved.slice(0, 20).join('; ')}${moved.length > 20 ? `; and ${moved.length - 20} more` : ''}`,
    { suggestions: ['Run acctl policy plan again to see the server as it is now, then review and apply the new plan'] },
  );
}

/**
 * Carries out a plan: creates, updates with If-Match set to the version the plan saw, deletes (only
 * in a plan made with prune) likewise. A 412 or 409 means the server moved since the plan (a stale
 * plan, or another apply that got there first): nothing more is started and the `stale_plan` error
 * names what was applied before it, so nothing is ever overwritten. A server that stops answering
 * midway ends the apply with `server_unreachable` and how far it got; applying the folder again
 * finishes it (test/faults/apply-crash.test.ts).
 */
export async function applyPlan(
  api: ApiClient,
  plan: Plan,
  origin: ApplyOrigin,
  options: { now: () => Date; progress?: (done: number, total: number) => void },
): Promise<ApplyResult> {
  const changes = executableChanges(plan);
  const applied: AppliedChange[] = [];
  let done = 0;
  try {
    await mapConcurrently(changes, APPLY_CONCURRENCY, async (change) => {
      try {
        applied.push(await applyChange(api, change, origin, options.now()));
      } catch (error) {
        throw error instanceof CommandError && error.code === 'conflict' ? new StaleChange(change, error) : error;
      }
      options.progress?.(++done, changes.length);
    });
  } catch (error) {
    if (error instanceof StaleChange) {
      throw new CommandError(
        'stale_plan',
        `The server changed since the plan, nothing was overwritten: ${error.message}${applied.length > 0 ? ` (${applied.length} change(s) applied before that)` : ''}`,
        {
          suggestions: ['Run acctl policy plan again to see the server as it is now, then apply the new plan'],
        },
      );
    }
    if (error instanceof CommandError && error.code === 'server_unreachable') {
      // The server went away mid-apply (a crash, a restart): say how far it got and that re-running is the way on.
      throw new CommandError(
        'server_unreachable',
        `${error.message}; the apply stopped after ${applied.length} of ${changes.length} change(s) were acknowledged (those in flight may or may not have been made)`,
        {
          cause: error,
          suggestions: [
            'Once the server answers again, run acctl policy apply on the folder again: it plans afresh and makes only the changes still missing (a saved plan is stale by then: plan again)',
            ...error.suggestions,
          ],
        },
      );
    }
    throw error;
  }
  return { applied };
}

/** A change the server refused because its policy is not where the plan saw it (409, 412): names the policy. */
class StaleChange extends Error {
  override name = 'StaleChange';
  constructor(change: Executable, cause: CommandError) {
    const where =
      change.action === 'create'
        ? `policy "${change.name}" was to be created, and the server has one of that name now`
        : `policy "${change.name}" is no longer at version ${change.expected_version}, where the plan saw it (${change.action} refused)`;
    super(`${where}: ${cause.message}`, { cause });
  }
}

async function applyChange(api: ApiClient, change: Executable, origin: ApplyOrigin, now: Date): Promise<AppliedChange> {
  const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });
  switch (change.action) {
    case 'create': {
      const body: PolicyCreateRequest = withProvenance(change.content, change.content_hash, change.file, origin, now);
      const policy = await api.call('post', '/policies', { body });
      return { action: 'create', name: change.name, id: policy.id, version: policy.version };
    }
    case 'update': {
      const body: PolicyUpdateRequest = withProvenance(change.content, change.content_hash, change.file, origin, now);
      const policy = await api.call('put', '/policies/{id}', { path: { id: change.id }, body, headers: ifMatch(change.expected_version) });
      return { action: 'update', name: change.name, id: policy.id, version: policy.version };
    }
    case 'delete': {
      await api.call('delete', '/policies/{id}', { path: { id: change.id }, headers: ifMatch(change.expected_version) });
      return { action: 'delete', name: change.name, id: change.id, version: change.expected_version };
    }
  }
}

function withProvenance(content: PolicyContent, contentHash: string, file: string, origin: ApplyOrigin, now: Date): PolicyContent {
  const provenance: NonNullable<PolicyMetadata['provenance']> = {
    tool: 'acctl policy apply',
    ...origin,
    source: file,
    content_hash: contentHash,
    applied_at: now.toISOString(),
  };
  return { ...content, metadata: { ...content.metadata, provenance } };
}
