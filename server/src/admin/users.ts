import type { Knex } from 'knex';
import { isStorableUsername, maxUsernameLength, type Principal } from '../../../core/src/index.js';
import { inTransaction } from '../db/transaction-retry.js';
import { toPrincipal, type PrincipalRow } from '../domains/principals/service.js';
import { createUser as insertUser, ensureUserPassword, findUserByName } from '../domains/principals/users.js';
import { changeEvent } from '../events/event.js';
import { recordEvents } from '../domains/audit/record-events.js';
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
export async function createUser(db: Knex, context: ChangeContext, user: NewUser): Promise<Principal> {
  if (!isStorableUsername(user.username)) throw new InvalidUsername(`A username must have 1 to ${maxUsernameLength} characters`);
  return inTransaction(db, async (trx) => {
    const created = await insertUser(trx, { ...user, createdBy: context.actor.subject });
    const principal = toPrincipal((await trx<PrincipalRow>('principals').where({ id: created.id }).first())!);
    await recordEvents(trx, [changeEvent(context, 'principal.created', { type: 'principal', id: principal.id }, { before: null, after: principal })]);
    return principal;
  });
}

/**
 * Makes sure a user with this name exists and signs in with this password (bootstrap: the
 * environment is the source, on every replica's start): creates it, or changes its password in one
 * transaction with a principal.updated event saying only that the password changed.
 */
export async function ensureUser(db: Knex, context: ChangeContext, wanted: NewUser): Promise<'created' | 'password_changed' | 'unchanged'> {
  const user = await findUserByName(db, wanted.username);
  if (!user) {
    await createUser(db, context, wanted);
    return 'created';
  }
  return inTransaction(db, async (trx) => {
    const before = await trx<PrincipalRow>('principals').where({ id: user.id }).forUpdate().first();
    if (!(await ensureUserPassword(trx, user.id, user.password_hash, wanted.password))) return 'unchanged';
    const after = await trx<PrincipalRow>('principals').where({ id: user.id }).first();
    await recordEvents(trx, [
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
