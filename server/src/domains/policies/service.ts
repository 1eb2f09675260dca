import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction-retry.js';
import { ApiError } from '../../errors/api-error.js';
import type { EventType } from '../../events/catalog.js';
import { changeEvent } from '../../events/event.js';
import { actorNames, type AuditedDatabase } from '../audit/index.js';
import type { ChangeContext } from '../../events/types.js';
import {
  type Policy,
  type PolicyCreateRequest,
  type PolicyDeleted,
  type PolicyList,
  type PolicyMetadata,
  type PolicyListQuery,
  type PolicyUpdated,
  type PolicyUpdateRequest,
  type PolicyVersion,
  type PolicyVersionList,
  policyContentHash,
} from '../../../../core/src/index.js';
import { assertVersionMatches, type ExpectedVersion } from '../../http/preconditions.js';
import * as repo from './repo.js';
import type { PolicyRow, PolicyStatus } from './repo.js';
import { paginationOf } from '../../http/listing.js';
import { checkOwnership, ownedElsewhere, ownersOf, takenOverEvent, unboundWriter, type OwnershipCheck, type PolicyWriter } from './ownership.js';

/**
 * Every change takes the ChangeContext of its request: the actor's subject goes in created_by,
 * updated_by and deleted_by, and the change's event (policy.*) is recorded last in its transaction.
 */
export async function createPolicy(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  body: PolicyCreateRequest,
  writer: PolicyWriter = unboundWriter,
): Promise<Policy> {
  const actor = { subject: context.actor.subject, now: context.now };
  return inTransaction(db, async (trx) => {
    const owned = mustOwn(
      checkOwnership(await ownersOf(trx, writer), `The new policy "${body.name}"`, undefined, body.metadata ?? {}),
      '/metadata/managed_by',
      'body',
      {
        name: body.name,
      },
    );
    const row = await repo
      .insertPolicy(trx, {
        id: randomUUID(),
        name: body.name,
        description: body.description ?? '',
        status: body.status ?? 'draft',
        version: 1,
        rules: body.rules,
        metadata: withPolicySet(owned.metadata ?? {}, null),
        created_by: actor.subject,
        updated_by: actor.subject,
        created_at: actor.now,
        updated_at: actor.now,
      })
      .catch(nameConflict(body.name));
    await repo.insertVersion(trx, row, actor.subject, actor.now);
    const policy = toPolicy(row);
    await auditLog.append(trx, [policyEvent(context, 'policy.created', null, policy)]);
    return policy;
  });
}

export async function getPolicy(db: Knex, id: string): Promise<Policy> {
  return toPolicy(await mustFind(db, id));
}

export async function listPolicies(db: Knex, query: PolicyListQuery): Promise<PolicyList> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const { rows, total } = await repo.listPolicies(db, {
    page,
    limit,
    ...(query.status ? { status: query.status } : {}),
    ...(query.q ? { q: query.q } : {}),
    ...(query.name ? { names: query.name } : {}),
    ...(query.id ? { ids: query.id } : {}),
    ...(query.managed_by !== undefined ? { managedBy: query.managed_by } : {}),
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      status: row.status,
      version: row.version,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      created_by: row.created_by,
      updated_by: row.updated_by,
      ...(typeof row.metadata.managed_by === 'string' ? { managed_by: row.metadata.managed_by } : {}),
      content_hash: policyContentHash(row),
      // AIP-157's FULL view: the rows were read whole anyway (content_hash covers rules and metadata).
      ...(query.view === 'full' ? { rules: row.rules, metadata: row.metadata } : {}),
    })),
    pagination: paginationOf(total, page, limit),
  };
}

/** Spec: PUT creates a new version (+1); the previous one is kept. */
export async function updatePolicy(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  id: string,
  body: PolicyUpdateRequest,
  expected: ExpectedVersion,
  writer: PolicyWriter = unboundWriter,
): Promise<PolicyUpdated> {
  const row = await changePolicy({ db, auditLog }, context, writer, 'policy.updated', id, expected, (current) => ({
    name: body.name,
    description: body.description ?? current.description,
    status: body.status ?? (current.status as Exclude<PolicyStatus, 'deleted'>),
    rules: body.rules,
    metadata: withPolicySet(body.metadata ?? current.metadata, null),
  }));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    version: row.version,
    rules: row.rules,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

/**
 * Rolling back writes the old content as a new version; history is never rewritten. The new
 * version's metadata.provenance records the rollback (schemas/policy-metadata.json), not the
 * copied version's: that one named a commit and an apply time that did not write this version, and
 * its content_hash would match the copied content, hiding from `acctl policy plan` that the server
 * no longer holds what the repository last applied (plan reads a version without content_hash
 * but with the repository's label as changed outside apply).
 */
export async function rollbackPolicy(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  id: string,
  version: number,
  expected: ExpectedVersion,
  writer: PolicyWriter = unboundWriter,
): Promise<Policy> {
  const target = await repo.findVersion(db, id, version);
  if (!target) {
    await mustFind(db, id);
    throw new ApiError('not_found', `Policy ${id} has no version ${version}`);
  }
  const row = await changePolicy(
    { db, auditLog },
    context,
    writer,
    'policy.rolled_back',
    id,
    expected,
    (current) => rolledBackContent(context, current, target),
    {
      rolled_back_to: version,
    },
  );
  return toPolicy(row);
}

export async function deletePolicy(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  id: string,
  expected: ExpectedVersion,
  writer: PolicyWriter = unboundWriter,
): Promise<PolicyDeleted> {
  const actor = { subject: context.actor.subject, now: context.now };
  return inTransaction(db, async (trx) => {
    const current = await repo.lockPolicy(trx, id);
    if (!current) throw notFound(id);
    mustOwnRow(checkOwnership(await ownersOf(trx, writer), labelOf(current), current.metadata, undefined), current);
    if (current.status === 'deleted') throw new ApiError('conflict', `Policy ${id} is already deleted; POST /policies/${id}/restore recovers it`);
    assertVersionMatches(expected, current.version);
    const row = await repo.updatePolicyRow(trx, id, {
      status: 'deleted',
      status_before_delete: current.status,
      deleted_at: actor.now,
      deleted_by: actor.subject,
      updated_at: actor.now,
      updated_by: actor.subject,
    });
    await auditLog.append(trx, [policyEvent(context, 'policy.deleted', toPolicy(current), toPolicy(row))]);
    return { id: row.id, status: 'deleted', deleted_at: row.deleted_at!.toISOString(), deleted_by: row.deleted_by! };
  });
}

/**
 * Brings a soft-deleted policy back in the status it had, as a new version (content unchanged):
 * its updated_at and updated_by change, so it must not answer the ETag it had before it was
 * deleted (an If-None-Match of that one would get a stale 304). Refused if its name was taken meanwhile.
 */
export async function restorePolicy(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  id: string,
  writer: PolicyWriter = unboundWriter,
): Promise<Policy> {
  const actor = { subject: context.actor.subject, now: context.now };
  return inTransaction(db, async (trx) => {
    const current = await repo.lockPolicy(trx, id);
    if (!current) throw notFound(id);
    mustOwnRow(checkOwnership(await ownersOf(trx, writer), labelOf(current), current.metadata, undefined), current);
    if (current.status !== 'deleted') throw new ApiError('conflict', `Policy ${id} is not deleted (it is ${current.status})`);
    const row = await repo
      .updatePolicyRow(trx, id, {
        ...restoredState(current),
        metadata: withPolicySet(current.metadata, null),
        version: current.version + 1,
        updated_at: actor.now,
        updated_by: actor.subject,
      })
      .catch(nameConflict(current.name));
    await repo.insertVersion(trx, row, actor.subject, actor.now);
    const policy = toPolicy(row);
    await auditLog.append(trx, [policyEvent(context, 'policy.restored', toPolicy(current), policy)]);
    return policy;
  });
}

export async function listPolicyVersions(db: Knex, id: string): Promise<PolicyVersionList> {
  await mustFind(db, id);
  const rows = await repo.listVersions(db, id);
  return {
    data: rows.map((row) => ({ version: row.version, created_at: row.created_at.toISOString(), created_by: row.created_by })),
    // The one resolver of actor names (audit/actor-names.ts), as GET /audit/events answers them: a
    // version keeps the id it was written by.
    names: await actorNames(
      db,
      rows.map((row) => row.created_by),
    ),
  };
}

export async function getPolicyVersion(db: Knex, id: string, version: number): Promise<PolicyVersion> {
  const row = await repo.findVersion(db, id, version);
  if (!row) {
    await mustFind(db, id);
    throw new ApiError('not_found', `Policy ${id} has no version ${version}`);
  }
  return {
    id: row.policy_id,
    version: row.version,
    name: row.name,
    description: row.description,
    status: row.status,
    rules: row.rules,
    metadata: row.metadata,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
  };
}

export async function mustFind(db: Knex, id: string): Promise<PolicyRow> {
  const row = await repo.findPolicy(db, id);
  if (!row) throw notFound(id);
  return row;
}

/**
 * The one path for content changes: lock the row, check the writer may write its owner's policies
 * (under the lock, so a concurrent takeover is seen or waits), that it is live and at the expected
 * version, write the new content as version + 1 and keep it in policy_versions, in one transaction.
 */
async function changePolicy(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  writer: PolicyWriter,
  eventType: EventType,
  id: string,
  expected: ExpectedVersion,
  next: (current: PolicyRow) => Partial<repo.PolicyContent>,
  eventData?: Record<string, unknown>,
): Promise<PolicyRow> {
  const actor = { subject: context.actor.subject, now: context.now };
  return inTransaction(db, async (trx) => {
    const current = await repo.lockPolicy(trx, id);
    if (!current) throw notFound(id);
    const proposed = next(current);
    const owned = mustOwnRow(checkOwnership(await ownersOf(trx, writer), labelOf(current), current.metadata, proposed.metadata ?? current.metadata), current);
    if (current.status === 'deleted') throw new ApiError('conflict', `Policy ${id} is deleted; restore it before changing it`);
    assertVersionMatches(expected, current.version);
    const content = { ...proposed, ...(owned.metadata ? { metadata: owned.metadata } : {}) };
    const row = await repo
      .updatePolicyRow(trx, id, { ...content, version: current.version + 1, updated_at: actor.now, updated_by: actor.subject })
      .catch(nameConflict(content.name ?? current.name));
    await repo.insertVersion(trx, row, actor.subject, actor.now);
    const events = [policyEvent(context, eventType, toPolicy(current), toPolicy(row), eventData)];
    if (owned.takenOverFrom !== undefined) events.push(takenOverEvent(context, row, owned.takenOverFrom));
    await auditLog.append(trx, events);
    return row;
  });
}

/**
 * The content a rollback writes (single route and change sets): the old version's, with a
 * provenance that records the rollback, not the copied version's (see rollbackPolicy).
 */
export function rolledBackContent(
  context: ChangeContext,
  current: Pick<PolicyRow, 'version'>,
  target: Pick<repo.PolicyVersionRow, 'name' | 'description' | 'rules' | 'metadata' | 'version'>,
): Pick<repo.PolicyContent, 'name' | 'description' | 'rules' | 'metadata'> {
  return {
    name: target.name,
    description: target.description,
    rules: target.rules,
    metadata: {
      ...target.metadata,
      provenance: {
        tool: 'rollback',
        actor: context.actor.subject,
        rolled_back_from: current.version,
        rolled_back_to: target.version,
        applied_at: context.now.toISOString(),
      },
    },
  };
}

/**
 * metadata.provenance.policy_set names the change set that wrote a version, so it is the server's
 * to set, on every write: the set's id on a version a set writes, and nothing on one a single
 * route writes, whether the client sent an id (any set's, forged) or the version before carried
 * one (a PUT without metadata, a restore): that set did not write this version.
 */
export function withPolicySet(metadata: PolicyMetadata, setId: string | null): PolicyMetadata {
  const { policy_set: sent, ...provenance } = metadata.provenance ?? {};
  if (setId !== null) return { ...metadata, provenance: { ...provenance, policy_set: setId } };
  if (sent === undefined) return metadata;
  const { provenance: _provenance, ...rest } = metadata;
  return Object.keys(provenance).length > 0 ? { ...rest, provenance } : rest;
}

/** What a restore changes of a deleted row (single route and change sets); the caller bumps the version. */
export function restoredState(
  current: Pick<PolicyRow, 'status_before_delete'>,
): Pick<PolicyRow, 'status' | 'status_before_delete' | 'deleted_at' | 'deleted_by'> {
  return { status: current.status_before_delete ?? 'draft', status_before_delete: null, deleted_at: null, deleted_by: null };
}

/** A policy.* event: the policy as GET /policies/{id} shows it, before and after. */
export function policyEvent(context: ChangeContext, type: EventType, before: Policy | null, after: Policy, data?: Record<string, unknown>) {
  return changeEvent(context, type, { type: 'policy', id: after.id }, { before, after }, { version: after.version, ...data });
}

export function toPolicy(row: PolicyRow): Policy {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    version: row.version,
    rules: row.rules,
    metadata: row.metadata,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
    ...(row.deleted_at ? { deleted_at: row.deleted_at.toISOString(), deleted_by: row.deleted_by ?? '' } : {}),
  };
}

/** How a refusal names a stored policy: `Policy "name" (id)`. */
export function labelOf(row: Pick<PolicyRow, 'id' | 'name'>): string {
  return `Policy "${row.name}" (${row.id})`;
}

type Owned = Extract<OwnershipCheck, { ok: true }>;

function mustOwn(check: OwnershipCheck, pointer: string, where: 'body' | 'params', policy: { id?: string; name?: string; version?: number }): Owned {
  if (!check.ok) throw ownedElsewhere([{ owner: check.owner, detail: check.detail, pointer, in: where, policy }]);
  return check;
}

function mustOwnRow(check: OwnershipCheck, row: PolicyRow): Owned {
  return mustOwn(check, '/id', 'params', { id: row.id, name: row.name, version: row.version });
}

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No policy with id ${id}`);
}

export function nameConflict(name: string): (error: unknown) => never {
  return (error: unknown) => {
    if ((error as { code?: string; constraint?: string }).code === '23505') throw new ApiError('conflict', `A policy named "${name}" already exists`);
    throw error;
  };
}
