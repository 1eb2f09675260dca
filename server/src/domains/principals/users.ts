import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { hashPassword, verifyPassword } from '../../security/passwords.js';

export interface UserRow {
  id: string;
  kind: 'user';
  name: string;
  display_name: string | null;
  attributes: Record<string, string | number | boolean>;
  status: string;
  created_at: Date;
}

export class UserExists extends Error {
  override name = 'UserExists';
}

/** A human principal who can sign in; `admin` users may consent to admin:all. */
export async function createUser(
  db: Knex,
  input: { username: string; password: string; displayName?: string; admin: boolean; createdBy: string },
): Promise<UserRow> {
  if (await findUserByName(db, input.username)) throw new UserExists(`A user named ${input.username} already exists`);
  const [row] = await db('principals')
    .insert({
      id: randomUUID(),
      kind: 'user',
      name: input.username,
      display_name: input.displayName ?? null,
      attributes: JSON.stringify({ is_admin: input.admin }),
      status: 'active',
      password_hash: await hashPassword(input.password),
      created_by: input.createdBy,
    })
    .returning(['id', 'kind', 'name', 'display_name', 'attributes', 'status', 'created_at']);
  return row as UserRow;
}

export async function findUserByName(db: Knex, username: string): Promise<(UserRow & { password_hash: string | null }) | undefined> {
  return db('principals').where({ kind: 'user' }).whereRaw('lower(name) = lower(?)', [username]).whereNull('deleted_at').first();
}

/** Sets the password when it differs from the stored one (bootstrap: the environment is the source). */
export async function ensureUserPassword(db: Knex, id: string, storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash && (await verifyPassword(password, storedHash))) return false;
  await db('principals')
    .where({ id })
    .update({ password_hash: await hashPassword(password), updated_at: db.fn.now() });
  return true;
}

/** A user who may sign in and use what they granted: live, active, of kind user. */
export async function findActiveUserById(db: Knex, id: string): Promise<UserRow | undefined> {
  return db<UserRow>('principals')
    .where({ id, kind: 'user', status: 'active' })
    .whereNull('deleted_at')
    .first('id', 'kind', 'name', 'display_name', 'attributes', 'status', 'created_at');
}
