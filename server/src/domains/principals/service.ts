import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction-retry.js';
import { ApiError } from '../../errors/api-error.js';
import { changeEvent } from '../../events/event.js';
import type { AuditedDatabase } from '../audit/index.js';
import type { ChangeContext, DomainEvent } from '../../events/types.js';
import type { Principal, PrincipalCreateRequest, PrincipalList, PrincipalListQuery, PrincipalPatchRequest } from '../../../../core/src/index.js';
import { hashPassword } from '../../security/passwords.js';
import { revokeGrant, grantRevokedEvent } from '../oauth/index.js';
import { requireAdminScopeForAdministrator } from './power-fields.js';
import { containsPattern, paginationOf } from '../../http/listing.js';

type Scalar = string | number | boolean;

export interface PrincipalRow {
  id: string;
  kind: Principal['kind'];
  name: string;
  display_name: string | null;
  attributes: Record<string, Scalar>;
  status: Principal['status'];
  password_hash: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/**
 * Changes take the ChangeContext of their request and record their principal.* event last in
 * their transaction. Events carry the principal as the API shows it: never the password hash
 * (has_password tells whether there is one; data.password_changed that it changed).
 */
export async function createPrincipal({ db, auditLog }: AuditedDatabase, context: ChangeContext, body: PrincipalCreateRequest): Promise<Principal> {
  if (body.password !== undefined && body.kind !== 'user') throw passwordOnlyForUsers();
  // scrypt takes a while: hash before the transaction, not inside it.
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : null;
  return inTransaction(db, async (trx) => {
    const [row] = await trx('principals')
      .insert({
        id: randomUUID(),
        kind: body.kind,
        name: body.name,
        display_name: body.display_name ?? null,
        attributes: JSON.stringify(body.attributes ?? {}),
        status: body.status ?? 'active',
        password_hash: passwordHash,
        created_by: context.actor.subject,
        created_at: context.now,
        updated_at: context.now,
      })
      .returning('*')
      .catch(nameConflict(body.kind, body.name));
    const principal = toPrincipal(row as PrincipalRow);
    await auditLog.append(trx, [changeEvent(context, 'principal.created', { type: 'principal', id: principal.id }, { before: null, after: principal })]);
    return principal;
  });
}

export async function getPrincipal(db: Knex, id: string): Promise<Principal> {
  return toPrincipal(await mustFind(db, id));
}

/** Stored kind and attributes of a live, active principal, for decisions (which check the request's type against the kind); undefined when there is none. */
export async function findPrincipalAttributes(db: Knex, id: string): Promise<{ kind: Principal['kind']; attributes: Record<string, Scalar> } | undefined> {
  const row = await db<PrincipalRow>('principals').where({ id, status: 'active' }).first('kind', 'attributes');
  return row ? { kind: row.kind, attributes: row.attributes } : undefined;
}

/**
 * Ids of the active principals of `kind` after `afterId`, in byte order (COLLATE "C", so the order
 * and the keyset bound agree whatever the database's locale), at most `limit`: the candidates of an
 * AuthZEN subject search, the principals findPrincipalAttributes gives decisions. Index: migration
 * 20261202_21.
 */
export async function activePrincipalIdsAfter(db: Knex, kind: Principal['kind'], afterId: string | undefined, limit: number): Promise<string[]> {
  const rows = await db<PrincipalRow>('principals')
    .where({ kind, status: 'active' })
    .modify((q) => {
      if (afterId !== undefined) q.whereRaw('id COLLATE "C" > ?', [afterId]);
    })
    .orderByRaw('id COLLATE "C"')
    .limit(limit)
    .select<Array<{ id: string }>>('id');
  return rows.map((row) => row.id);
}

export async function listPrincipals(db: Knex, query: PrincipalListQuery): Promise<PrincipalList> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const base = db<PrincipalRow>('principals').modify((q) => {
    if (query.status) q.where('status', query.status);
    else q.whereNot('status', 'deleted');
    if (query.kind) q.where('kind', query.kind);
    // As the unique index compares names (migration 20261201_34): case aside, in NFC.
    if (query.name) q.whereRaw('lower(normalize(name, NFC)) IN (SELECT lower(normalize(n, NFC)) FROM unnest(?::text[]) AS n)', [query.name]);
    for (const filter of query.attribute ?? []) {
      const split = filter.indexOf('=');
      q.whereRaw('attributes ->> ? = ?', [filter.slice(0, split), filter.slice(split + 1)]);
    }
    if (query.q) {
      const pattern = containsPattern(query.q);
      q.andWhere((w) => w.whereILike('name', pattern).orWhereILike('display_name', pattern));
    }
  });
  const [count] = await base.clone().count<{ count: number }[]>({ count: '*' });
  const rows = await base
    .clone()
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .offset((page - 1) * limit);
  const total = Number(count?.count ?? 0);
  return { data: (rows as PrincipalRow[]).map(toPrincipal), pagination: paginationOf(total, page, limit) };
}

/** What the caller may do beyond its route's scope (principals/power-fields.ts). */
export interface PrincipalAccess {
  /** admin:all, or the person themselves after proving it: may change or delete an administrator. */
  mayChangeAdministrators: boolean;
}

/** RFC 7396 JSON merge patch: members present replace, null removes, absent ones stay. */
export async function patchPrincipal(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  id: string,
  patch: PrincipalPatchRequest,
  access: PrincipalAccess,
): Promise<Principal> {
  const passwordHash = typeof patch.password === 'string' ? await hashPassword(patch.password) : null;
  return inTransaction(db, async (trx) => {
    const current = await trx<PrincipalRow>('principals').where({ id }).forUpdate().first();
    if (!current || current.status === 'deleted') throw notFound(id);
    requireAdminScopeForAdministrator(current, access.mayChangeAdministrators, 'change');
    if (patch.password !== undefined && patch.password !== null && current.kind !== 'user') throw passwordOnlyForUsers();
    // Lock order (ARCHITECTURE.md): the principal, then its grants, before the first write bumps a counter.
    const leaving = current.status === 'active' && patch.status !== undefined && patch.status !== 'active' ? await lockLiveGrants(trx, id) : [];
    const changes: Record<string, unknown> = { updated_at: context.now };
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.display_name !== undefined) changes.display_name = patch.display_name;
    if (patch.status !== undefined) changes.status = patch.status;
    if (patch.password !== undefined) changes.password_hash = passwordHash;
    if (patch.attributes !== undefined) {
      const merged: Record<string, Scalar> = { ...current.attributes };
      for (const [key, value] of Object.entries(patch.attributes)) {
        if (value === null || value === undefined) delete merged[key];
        else merged[key] = value;
      }
      if (Object.keys(merged).length > 100)
        throw new ApiError('validation_failed', 'A principal has at most 100 attributes', {
          errors: [{ pointer: '/attributes', in: 'body', detail: 'would exceed 100 attributes' }],
        });
      changes.attributes = JSON.stringify(merged);
    }
    const [row] = await trx('principals')
      .where({ id })
      .update(changes)
      .returning('*')
      .catch(nameConflict(current.kind, patch.name ?? current.name));
    const principal = toPrincipal(row as PrincipalRow);
    const data = patch.password !== undefined ? { password_changed: true } : undefined;
    const ended = await endGrants(trx, context, leaving);
    await auditLog.append(trx, [
      changeEvent(context, 'principal.updated', { type: 'principal', id }, { before: toPrincipal(current), after: principal }, data),
      ...ended,
    ]);
    return principal;
  });
}

/** Soft delete: the principal can no longer sign in or be used in decisions; its name is free again. */
export async function deletePrincipal({ db, auditLog }: AuditedDatabase, context: ChangeContext, id: string, access: PrincipalAccess): Promise<Principal> {
  return inTransaction(db, async (trx) => {
    const current = await trx<PrincipalRow>('principals').where({ id }).whereNot('status', 'deleted').forUpdate().first();
    if (!current) throw notFound(id);
    requireAdminScopeForAdministrator(current, access.mayChangeAdministrators, 'delete');
    const leaving = current.status === 'active' ? await lockLiveGrants(trx, id) : [];
    const [row] = await trx('principals').where({ id }).update({ status: 'deleted', deleted_at: context.now, updated_at: context.now }).returning('*');
    const principal = toPrincipal(row as PrincipalRow);
    const ended = await endGrants(trx, context, leaving);
    await auditLog.append(trx, [
      changeEvent(context, 'principal.deleted', { type: 'principal', id }, { before: toPrincipal(current), after: principal }),
      ...ended,
    ]);
    return principal;
  });
}

/**
 * A principal that stops being active loses its refresh-token families, each with its
 * token.revoked event (reason user_inactive, as the token endpoint revokes one it finds so), in
 * the change's transaction: re-enabling it later revives none. Its access and API tokens, and
 * its browser sessions, end by the trigger on principals (migration 20261127_12). The grants'
 * rows are locked first, in id order, right after the principal's (a parent before its
 * children), so the revocation below waits for no row while it holds the counters its first
 * write took.
 */
async function lockLiveGrants(trx: Knex.Transaction, principalId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await trx('oauth_grants')
    .where({ principal_id: principalId })
    .whereNull('revoked_at')
    .orderBy('id')
    .forUpdate()
    .select<Array<{ id: string }>>('id');
  return rows.map((row) => row.id);
}

async function endGrants(trx: Knex.Transaction, context: ChangeContext, grantIds: readonly string[]): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  for (const id of grantIds) {
    const revoked = await revokeGrant(trx, id, 'user_inactive', context.now);
    if (revoked) events.push(grantRevokedEvent(context, revoked));
  }
  return events;
}

async function mustFind(db: Knex, id: string): Promise<PrincipalRow> {
  const row = await db<PrincipalRow>('principals').where({ id }).first();
  if (!row) throw notFound(id);
  return row;
}

export function toPrincipal(row: PrincipalRow): Principal {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    display_name: row.display_name,
    attributes: row.attributes,
    status: row.status,
    has_password: row.password_hash !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by ?? 'unknown',
    ...(row.deleted_at ? { deleted_at: row.deleted_at.toISOString() } : {}),
  };
}

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No principal with id ${id}`);
}

function passwordOnlyForUsers(): ApiError {
  return new ApiError('validation_failed', 'Only principals of kind user may have a password', {
    errors: [{ pointer: '/password', in: 'body', detail: 'only users may have a password' }],
  });
}

function nameConflict(kind: string, name: string): (error: unknown) => never {
  return (error: unknown) => {
    if ((error as { code?: string }).code === '23505') throw new ApiError('conflict', `A ${kind} named "${name}" already exists`);
    throw error;
  };
}
