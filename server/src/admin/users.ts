import type { Knex } from 'knex';
import { isStorableUsername, maxUsernameLength, type Principal } from '../../../core/src/index.js';
import { inTransaction } from '../db/transaction-retry.js';
import {
  deletePrincipal,
  patchPrincipal,
  toPrincipal,
  type PrincipalRow,
  insertUser,
  ensureUserPassword,
  findUserByName,
} from '../domains/principals/index.js';
import { ApiError } from '../errors/api-error.js';
import { changeEvent } from '../events/event.js';
import type { AuditedDatabase } from '../domains/audit/index.js';
import type { ChangeContext } from '../events/types.js';

export interface NewUser {
  username: string;
  password: string;
  displayName?: string;
  /** Administrators may consent to admin:all and use the dashboard. */
  admin: boolean;
}

/** A username the server does not store (core's isStorableUsername). */
export class InvalidUsername extends Error {
  override name = 'InvalidUsername';
}

/**
 * Creates a human user who can sign in, in one transaction with its principal.created event
 * (the principal as the API shows it: never the password or its hash). Throws UserExists when a
 * live user has the name, whatever its case.
 */
export async function createUser({ db, auditLog }: AuditedDatabase, context: ChangeContext, user: NewUser): Promise<Principal> {
  if (!isStorableUsername(user.username)) throw new InvalidUsername(`A username must have 1 to ${maxUsernameLength} characters`);
  return inTransaction(db, async (trx) => {
    const created = await insertUser(trx, { ...user, createdBy: context.actor.subject });
    const principal = toPrincipal((await trx<PrincipalRow>('principals').where({ id: created.id }).first())!);
    await auditLog.append(trx, [changeEvent(context, 'principal.created', { type: 'principal', id: principal.id }, { before: null, after: principal })]);
    return principal;
  });
}

/**
 * Makes sure a user with this name exists and signs in with this password (bootstrap: the
 * environment is the source, on every replica's start): creates it, or changes its password in one
 * transaction with a principal.updated event saying only that the password changed.
 */
export async function ensureUser(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  wanted: NewUser,
): Promise<'created' | 'password_changed' | 'unchanged'> {
  const user = await findUserByName(db, wanted.username);
  if (!user) {
    await createUser({ db, auditLog }, context, wanted);
    return 'created';
  }
  return inTransaction(db, async (trx) => {
    const before = await trx<PrincipalRow>('principals').where({ id: user.id }).forUpdate().first();
    if (!(await ensureUserPassword(trx, user.id, user.password_hash, wanted.password))) return 'unchanged';
    const after = await trx<PrincipalRow>('principals').where({ id: user.id }).first();
    await auditLog.append(trx, [
      changeEvent(
        context,
        'principal.updated',
        { type: 'principal', id: user.id },
        { before: toPrincipal(before!), after: toPrincipal(after!) },
        { password_changed: true },
      ),
    ]);
    return 'password_changed';
  });
}

/** A user as `acctl server user list` shows it: never the password or its hash. */
export interface UserSummary {
  id: string;
  username: string;
  display_name: string | null;
  admin: boolean;
  status: string;
  has_password: boolean;
  created_at: string;
}

/** The users who are not deleted, by name (case-insensitive, as they sign in). */
export async function listUsers(db: Knex): Promise<UserSummary[]> {
  const rows = await db<PrincipalRow>('principals').where({ kind: 'user' }).whereNot('status', 'deleted').orderByRaw('lower(name), id');
  return rows.map((row) => userSummary(toPrincipal(row)));
}

export function userSummary(principal: Principal): UserSummary {
  return {
    id: principal.id,
    username: principal.name,
    display_name: principal.display_name,
    admin: principal.attributes.is_admin === true,
    status: principal.status,
    has_password: principal.has_password,
    created_at: principal.created_at,
  };
}

/**
 * Soft-deletes the live user with this name (whatever its case), as DELETE /v1/principals/{id}
 * does: one transaction with the principal.deleted event, its refresh tokens revoked with theirs,
 * and its sessions and access tokens ended by the principals trigger. Undefined when there is no
 * such user, or another process deleted it first.
 */
export async function deleteUser({ db, auditLog }: AuditedDatabase, context: ChangeContext, username: string): Promise<Principal | undefined> {
  const user = await findUserByName(db, username);
  if (!user) return undefined;
  // The operator of the database may change administrators (as admin:all may over the API).
  return orUndefinedIfGone(deletePrincipal({ db, auditLog }, context, user.id, { mayChangeAdministrators: true }));
}

/**
 * Sets the password of the live user with this name (whatever its case), as PATCH
 * /v1/principals/{id} with `password` does: one transaction with a principal.updated event whose
 * data says only that the password changed. Undefined when there is no such user.
 */
export async function setUserPassword(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  username: string,
  password: string,
): Promise<Principal | undefined> {
  const user = await findUserByName(db, username);
  if (!user) return undefined;
  return orUndefinedIfGone(patchPrincipal({ db, auditLog }, context, user.id, { password }, { mayChangeAdministrators: true }));
}

/** The user was deleted between finding it by name and locking its row: as if it had never been found. */
async function orUndefinedIfGone(change: Promise<Principal>): Promise<Principal | undefined> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return undefined;
    throw error;
  }
}
