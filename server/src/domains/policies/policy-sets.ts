import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction-retry.js';
import { ApiError, type InvalidField } from '../../errors/api-error.js';
import type { EventType } from '../../events/catalog.js';
import { changeEvent } from '../../events/event.js';
import type { ChangeContext, DomainEvent } from '../../events/types.js';
import { type PolicySet, type PolicySetChange, type PolicySetRequest } from '../../../../core/src/index.js';
import type { AuditedDatabase } from '../audit/index.js';
import * as setsRepo from './policy-sets-repo.js';
import type { PolicyRow, PolicyStatus, PolicyVersionRow } from './repo.js';
import { labelOf, policyEvent, restoredState, rolledBackContent, toPolicy, withPolicySet } from './service.js';
import {
  checkOwnership,
  ownedElsewhere,
  ownersOf,
  takenOverEvent,
  unboundWriter,
  type OwnershipCheck,
  type OwnershipRefusal,
  type PolicyWriter,
} from './ownership.js';

/**
 * Change sets (issue #23, docs/policy-sets.md): many policy changes applied in one transaction or
 * not at all, as OPA bundles and Cerbos Hub deployments switch a whole policy set at once. Sets
 * take turns (an advisory lock), lock every policy they change in id order, check every
 * precondition of every change and refuse the whole set naming each failing change, then write
 * with a few bulk statements, and record one policy.* event per policy and one policy_set.applied.
 */

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Changes named in the policy_set.applied event; the set itself (GET /policy-sets/{id}) has them all. */
const eventChangesCap = 100;

type Action = PolicySetChange['action'];
type Counts = PolicySet['counts'];
type ChangeOutcome = PolicySet['changes'][number];

/** Why a change cannot be made: the `code` of its entry in a policy_set_refused answer. */
export type RefusalCode = 'version_mismatch' | 'not_found' | 'name_taken' | 'already_deleted' | 'not_deleted' | 'no_such_version' | 'duplicate_policy';

interface Refusal {
  index: number;
  code: RefusalCode;
  detail: string;
  policy: { id?: string; name?: string; version?: number };
}

type Refuse = (index: number, code: RefusalCode, detail: string, policy: Refusal['policy']) => void;

/** A change's policy content over `base` (the row as the change leaves it otherwise): a description or status the body leaves out keeps base's. */
function bodyOver(
  base: PolicyRow,
  policy: { name: string; description?: string | null; status?: PolicyStatus; rules: PolicyRow['rules'] },
  metadata: PolicyRow['metadata'],
): PolicyRow {
  return {
    ...base,
    name: policy.name,
    description: policy.description ?? base.description,
    status: policy.status ?? base.status,
    rules: policy.rules,
    metadata,
  };
}

function rowAbout(row: PolicyRow | undefined, id: string): Refusal['policy'] {
  return row ? { id: row.id, name: row.name, version: row.version } : { id };
}

/** One change as checked: the row before (absent for a create) and the row it writes. */
interface Planned {
  index: number;
  action: Action;
  before: PolicyRow | undefined;
  after: PolicyRow;
  /** Extra event data (rolled_back_to). */
  data?: Record<string, unknown>;
  /** The owner whose label this change replaces (policy.taken_over). */
  takenOverFrom?: string;
}

const eventTypes: Record<Action, EventType> = {
  create: 'policy.created',
  update: 'policy.updated',
  delete: 'policy.deleted',
  restore: 'policy.restored',
  rollback: 'policy.rolled_back',
};

/** Indexes of the set's delete changes: they need delete:policies too (routes check it first). */
export function deleteChangeIndexes(body: PolicySetRequest): number[] {
  return body.changes.flatMap((change, index) => (change.action === 'delete' ? [index] : []));
}

export async function applyPolicySet(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  body: PolicySetRequest,
  writer: PolicyWriter = unboundWriter,
): Promise<PolicySet> {
  const dryRun = body.dry_run === true;
  // Chosen once, outside the transaction, so a retried run writes the same ids.
  const setId = randomUUID();
  const createIds = body.changes.map((change) => (change.action === 'create' ? randomUUID() : undefined));
  // The route lets one set at a time per process this far (policy-sets-routes.ts SetTurns).
  return applyInTransaction({ db, auditLog }, context, body, setId, createIds, dryRun, writer);
}

async function applyInTransaction(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  body: PolicySetRequest,
  setId: string,
  createIds: ReadonlyArray<string | undefined>,
  dryRun: boolean,
  writer: PolicyWriter,
): Promise<PolicySet> {
  return inTransaction(db, async (trx) => {
    await setsRepo.lockPolicySets(trx);
    const planned = await plan(trx, context, body, setId, createIds, writer);
    const counts = countsOf(body.changes);
    const changes = planned.map((step): ChangeOutcome => ({
      action: step.action,
      ...(dryRun && step.action === 'create' ? {} : { id: step.after.id }),
      name: step.after.name,
      version: step.after.version,
      status: step.after.status,
    }));
    const provenance = body.provenance ?? {};
    const answer = {
      dry_run: dryRun,
      applied_by: context.actor.subject,
      ...(Object.keys(provenance).length > 0 ? { provenance } : {}),
      counts,
      changes,
    };
    if (dryRun) return answer;
    await write(trx, context, planned);
    await setsRepo.insertPolicySet(trx, {
      id: setId,
      applied_at: context.now,
      applied_by: context.actor.subject,
      client_id: context.actor.client_id,
      provenance,
      counts,
      changes,
    });
    const events: DomainEvent[] = planned.flatMap((step) => [
      policyEvent(context, eventTypes[step.action], step.before ? toPolicy(step.before) : null, toPolicy(step.after), { ...step.data, policy_set: setId }),
      ...(step.takenOverFrom !== undefined ? [takenOverEvent(context, step.after, step.takenOverFrom, { policy_set: setId })] : []),
    ]);
    events.push(
      changeEvent(context, 'policy_set.applied', { type: 'policy_set', id: setId }, null, {
        provenance,
        counts,
        change_count: changes.length,
        changes: changes.slice(0, eventChangesCap),
        changes_truncated: changes.length > eventChangesCap,
      }),
    );
    await auditLog.append(trx, events);
    return { id: setId, applied_at: context.now.toISOString(), ...answer };
  });
}

export async function getPolicySet(db: Knex, id: string): Promise<PolicySet> {
  // Set ids are UUIDs; anything else names no set (and would not compare with a uuid column).
  const row = uuidShape.test(id) ? await setsRepo.findPolicySet(db, id) : undefined;
  if (!row) throw new ApiError('not_found', `No policy set with id ${id}`);
  return {
    id: row.id,
    dry_run: false,
    applied_at: row.applied_at.toISOString(),
    applied_by: row.applied_by,
    ...(Object.keys(row.provenance).length > 0 ? { provenance: row.provenance } : {}),
    counts: row.counts,
    changes: row.changes,
  };
}

function countsOf(changes: readonly PolicySetChange[]): Counts {
  const counts: Counts = { create: 0, update: 0, delete: 0, restore: 0, rollback: 0 };
  for (const change of changes) counts[change.action] += 1;
  return counts;
}

/**
 * Reads and locks what the set touches, checks every change against it and computes the rows it
 * writes, in memory; throws policy_set_refused naming every change that cannot be made.
 */
async function plan(
  trx: Knex.Transaction,
  context: ChangeContext,
  body: PolicySetRequest,
  setId: string,
  createIds: ReadonlyArray<string | undefined>,
  writer: PolicyWriter,
): Promise<Planned[]> {
  const ids = [...new Set(body.changes.flatMap((change) => (change.action === 'create' ? [] : [change.id])))];
  const rows = new Map((await setsRepo.lockPoliciesInIdOrder(trx, ids)).map((row) => [row.id, row]));
  // Checked against the rows just locked: a takeover committed before is seen, one after waits.
  const owners = await ownersOf(trx, writer);
  const ownerRefusals: Array<OwnershipRefusal & { pointer: string; in: 'body'; policy: Refusal['policy'] }> = [];
  const owns = (index: number, check: OwnershipCheck, policy: Refusal['policy']): check is Extract<OwnershipCheck, { ok: true }> => {
    if (!check.ok) ownerRefusals.push({ owner: check.owner, detail: check.detail, pointer: `/changes/${index}`, in: 'body', policy });
    return check.ok;
  };
  const rollbackTargets = body.changes.flatMap((change) => (change.action === 'rollback' ? [{ policy_id: change.id, version: change.version }] : []));
  const versions = new Map((await setsRepo.findVersions(trx, rollbackTargets)).map((row) => [`${row.policy_id}@${row.version}`, row]));

  const refusals: Refusal[] = [];
  const planned: Planned[] = [];
  const seen = new Set<string>();
  const now = context.now;
  const subject = context.actor.subject;
  const refuse: Refuse = (index, code, detail, policy) => void refusals.push({ index, code, detail, policy });
  const about = (row: PolicyRow): Refusal['policy'] => rowAbout(row, row.id);

  body.changes.forEach((change, index) => {
    if (change.action === 'create') {
      const { policy } = change;
      const owned = checkOwnership(owners, `The new policy "${policy.name}"`, undefined, policy.metadata ?? {});
      if (!owns(index, owned, { name: policy.name })) return;
      planned.push({
        index,
        action: 'create',
        before: undefined,
        after: {
          id: createIds[index]!,
          name: policy.name,
          description: policy.description ?? '',
          status: policy.status ?? 'draft',
          version: 1,
          rules: policy.rules,
          metadata: withPolicySet(owned.metadata ?? {}, setId),
          created_by: subject,
          updated_by: subject,
          created_at: now,
          updated_at: now,
          deleted_at: null,
          deleted_by: null,
          status_before_delete: null,
        },
      });
      return;
    }
    if (seen.has(change.id))
      return refuse(
        index,
        'duplicate_policy',
        `Policy ${change.id} is changed by an earlier change of this set; a set changes each policy at most once`,
        rowAbout(rows.get(change.id), change.id),
      );
    seen.add(change.id);
    const current = rows.get(change.id);
    if (!current) return refuse(index, 'not_found', `No policy with id ${change.id}`, { id: change.id });
    const label = labelOf(current);
    if (!owns(index, checkOwnership(owners, label, current.metadata, undefined), about(current))) return;
    if (change.action === 'restore') {
      if (current.status !== 'deleted')
        return refuse(index, 'not_deleted', `${label} is not deleted (it is ${current.status}); only a deleted policy is restored`, about(current));
    } else if (current.status === 'deleted') {
      return refuse(index, 'already_deleted', `${label} is deleted; restore it (action restore) before changing it`, about(current));
    }
    if (change.if_match !== current.version)
      return refuse(
        index,
        'version_mismatch',
        `${label} is at version ${current.version}, not ${change.if_match}: it changed since the set was planned`,
        about(current),
      );
    const bumped = { version: current.version + 1, updated_at: now, updated_by: subject };
    switch (change.action) {
      case 'update': {
        const { policy } = change;
        const owned = checkOwnership(owners, label, current.metadata, policy.metadata ?? current.metadata);
        if (!owns(index, owned, about(current))) return;
        planned.push({
          index,
          action: 'update',
          before: current,
          after: bodyOver({ ...current, ...bumped }, policy, withPolicySet(owned.metadata ?? current.metadata, setId)),
          takenOverFrom: owned.takenOverFrom,
        });
        return;
      }
      case 'rollback': {
        const target: PolicyVersionRow | undefined = versions.get(`${change.id}@${change.version}`);
        if (!target) return refuse(index, 'no_such_version', `${label} has no version ${change.version}`, about(current));
        const content = rolledBackContent(context, current, target);
        const owned = checkOwnership(owners, label, current.metadata, content.metadata);
        if (!owns(index, owned, about(current))) return;
        planned.push({
          index,
          action: 'rollback',
          before: current,
          after: { ...current, ...bumped, ...content, metadata: withPolicySet(owned.metadata ?? content.metadata, setId) },
          data: { rolled_back_to: change.version },
          takenOverFrom: owned.takenOverFrom,
        });
        return;
      }
      case 'restore': {
        // With content: the re-added policy keeps its id and history (acctl policy apply of a deleted policy's file).
        const { policy } = change;
        const restored = restoredState(current);
        const owned = checkOwnership(owners, label, current.metadata, policy ? (policy.metadata ?? current.metadata) : undefined);
        if (!owns(index, owned, about(current))) return;
        planned.push({
          index,
          action: 'restore',
          before: current,
          after: policy
            ? bodyOver({ ...current, ...bumped, ...restored }, policy, withPolicySet(owned.metadata ?? current.metadata, setId))
            : { ...current, ...bumped, ...restored, metadata: withPolicySet(current.metadata, setId) },
          takenOverFrom: owned.takenOverFrom,
        });
        return;
      }
      case 'delete':
        // Deleting keeps the version and writes no version row, as DELETE /policies/{id} does.
        planned.push({
          index,
          action: 'delete',
          before: current,
          after: {
            ...current,
            status: 'deleted',
            status_before_delete: current.status as Exclude<PolicyStatus, 'deleted'>,
            deleted_at: now,
            deleted_by: subject,
            updated_at: now,
            updated_by: subject,
          },
        });
        return;
    }
  });

  // Who may write comes before whether the writes can be made: 403 naming each other owner.
  if (ownerRefusals.length > 0) throw ownedElsewhere(ownerRefusals);
  await checkNames(trx, planned, refuse);
  if (refusals.length > 0)
    throw refused(
      refusals.sort((a, b) => a.index - b.index),
      body.changes.length,
    );
  return planned;
}

/**
 * The names live after the set must be unique. Computed on the end state: the set's own policies
 * at their final names, against every other live policy. One more rule comes from how the set
 * is written (write()): updates, rollbacks and restores go in one statement, and PostgreSQL checks
 * the unique index row by row, so a name another of them gives up in the same statement (a swap,
 * a rename chain) is refused rather than left to row order; names freed by a delete or taken by a
 * create are fine (deletes are written first, creates last).
 */
async function checkNames(trx: Knex.Transaction, planned: readonly Planned[], refuse: Refuse): Promise<void> {
  const live = planned.filter((step) => step.after.status !== 'deleted');
  const holders = await setsRepo.liveHoldersOf(trx, [...new Set(live.map((step) => step.after.name))]);
  // The set's own policies are judged at their final state; the others (a change that failed its
  // checks included) hold their names as they are.
  const plannedIds = new Set(planned.map((step) => step.after.id));
  const heldOutside = new Map(holders.filter((holder) => !plannedIds.has(holder.id)).map((holder) => [holder.name, holder]));
  const finalHolder = new Map<string, Planned>();
  const freedInRewrite = new Map<string, Planned>();
  for (const step of planned)
    if (step.before && step.before.status !== 'deleted' && step.action !== 'delete' && step.before.name !== step.after.name)
      freedInRewrite.set(step.before.name, step);

  for (const step of live) {
    const name = step.after.name;
    const what = step.before ? labelOf(step.before) : `The new policy "${name}"`;
    const policy = step.before ? { id: step.before.id, name: step.before.name, version: step.before.version } : { name };
    const earlier = finalHolder.get(name);
    if (earlier) {
      refuse(step.index, 'name_taken', `${what} would be named "${name}", as change /changes/${earlier.index} names its policy: live names are unique`, policy);
      continue;
    }
    finalHolder.set(name, step);
    const holder = heldOutside.get(name);
    if (holder) {
      refuse(step.index, 'name_taken', `${what} would be named "${name}", which live policy ${holder.id} holds`, policy);
      continue;
    }
    const freer = freedInRewrite.get(name);
    if (step.action !== 'create' && freer && freer !== step)
      refuse(
        step.index,
        'name_taken',
        `${what} would take the name "${name}" that policy ${freer.after.id} gives up in the same set (change /changes/${freer.index}); apply a swap or chain of names in two sets`,
        policy,
      );
  }
}

function refused(refusals: readonly Refusal[], total: number): ApiError {
  const errors: InvalidField[] = refusals.map((refusal) => ({
    pointer: `/changes/${refusal.index}`,
    in: 'body',
    code: refusal.code,
    detail: refusal.detail,
    policy: refusal.policy,
  }));
  const n = refusals.length;
  return new ApiError(
    'policy_set_refused',
    `Nothing of this set was applied: ${n} of its ${total} change${total === 1 ? '' : 's'} cannot be made (each is named in errors[]); fix ${n === 1 ? 'it' : 'them'} and send the whole set again`,
    { errors },
  );
}

/** A concurrent writer took a name the set checked as free (the unique index, the backstop): refused whole, as any refusal. */
export function nameRaceRefusal(): ApiError {
  return new ApiError(
    'policy_set_refused',
    'Nothing of this set was applied: a policy name it gives was taken by another change committed meanwhile; plan again and send the set again',
  );
}

async function write(trx: Knex.Transaction, context: ChangeContext, planned: readonly Planned[]): Promise<void> {
  const of = (...actions: Action[]) => planned.filter((step) => actions.includes(step.action)).map((step) => step.after);
  const rewritten = of('update', 'rollback', 'restore');
  const created = of('create');
  // Each new version's policy_versions row is written by the statement that writes its policy.
  const versions = { createdBy: context.actor.subject, at: context.now };
  try {
    // Deletes first (they write no version): a name they free may be taken by the statements after.
    await setsRepo.overwritePolicies(trx, of('delete'));
    await setsRepo.overwritePolicies(trx, rewritten, versions);
    await setsRepo.insertPolicies(trx, created, versions);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw nameRaceRefusal();
    throw error;
  }
}
