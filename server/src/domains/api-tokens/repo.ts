import type { Knex } from 'knex';

export interface ApiTokenRow {
  id: string;
  name: string;
  token_hash: string;
  token_hint: string;
  scopes: string[];
  subject: string;
  created_by: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by: string | null;
  replaced_by: string | null;
}

/** A token that may be used now: not revoked, not expired. */
export async function findUsableApiToken(db: Knex, tokenHash: string, now: Date): Promise<ApiTokenRow | undefined> {
  return db<ApiTokenRow>('api_tokens')
    .where({ token_hash: tokenHash })
    .whereNull('revoked_at')
    .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', now))
    .first();
}

export async function findApiTokenById(db: Knex, id: string): Promise<ApiTokenRow | undefined> {
  return db<ApiTokenRow>('api_tokens').where({ id }).first();
}

export async function findApiTokenByHash(db: Knex, tokenHash: string): Promise<ApiTokenRow | undefined> {
  return db<ApiTokenRow>('api_tokens').where({ token_hash: tokenHash }).first();
}

export async function insertApiToken(db: Knex, row: Omit<ApiTokenRow, 'last_used_at' | 'revoked_at' | 'revoked_by' | 'replaced_by'>): Promise<void> {
  await db('api_tokens').insert(row);
}

/** Revokes a live token; false when it was already revoked (or does not exist). */
export async function revokeApiToken(db: Knex, id: string, by: string, now: Date, replacedBy?: string): Promise<boolean> {
  const updated = await db('api_tokens')
    .where({ id })
    .whereNull('revoked_at')
    .update({ revoked_at: now, revoked_by: by, replaced_by: replacedBy ?? null });
  return updated === 1;
}

export async function isAccessTokenRevoked(db: Knex, jti: string): Promise<boolean> {
  const row = await db('revoked_access_tokens').where({ jti }).first('jti');
  return row !== undefined;
}

/** Revokes an access token by its jti; false when it was already revoked. */
export async function revokeAccessToken(db: Knex, jti: string, expiresAt: Date, by: string, now: Date): Promise<boolean> {
  const inserted = await db('revoked_access_tokens').insert({ jti, expires_at: expiresAt, revoked_at: now, revoked_by: by }).onConflict('jti').ignore().returning('jti');
  return inserted.length === 1;
}
