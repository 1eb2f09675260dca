import type { Knex } from 'knex';

/** A user's authorization of a client: the family of refresh and access tokens issued from one code. */
export interface GrantRow {
  id: string;
  client_id: string;
  principal_id: string;
  scopes: string[];
  /** RFC 8707: the API its tokens are for, its code's resource; null for this server's own. */
  resource: string | null;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  /** RFC 9449 section 5: the DPoP key a public client's refresh tokens are bound to; null when not bound. */
  dpop_jkt: string | null;
}

export interface RefreshTokenWithGrant {
  token_hash: string;
  created_at: Date;
  used_at: Date | null;
  grant: GrantRow;
}

export async function insertGrant(db: Knex, row: Omit<GrantRow, 'revoked_at' | 'revoked_reason'>): Promise<void> {
  await db('oauth_grants').insert(row);
}

/** The grant, locked until the transaction ends, so a revocation cannot slip between a read and an issue. */
export async function lockGrant(trx: Knex.Transaction, grantId: string): Promise<GrantRow | undefined> {
  return trx<GrantRow>('oauth_grants').where({ id: grantId }).forUpdate().first();
}

export async function insertRefreshToken(db: Knex, row: { token_hash: string; grant_id: string; created_at: Date }): Promise<void> {
  await db('oauth_refresh_tokens').insert(row);
}

export async function findRefreshToken(db: Knex, tokenHash: string): Promise<RefreshTokenWithGrant | undefined> {
  const token = await db('oauth_refresh_tokens').where({ token_hash: tokenHash }).first('token_hash', 'created_at', 'used_at', 'grant_id');
  if (!token) return undefined;
  const grant = await db<GrantRow>('oauth_grants').where({ id: token.grant_id }).first();
  return grant ? { token_hash: token.token_hash, created_at: token.created_at, used_at: token.used_at, grant } : undefined;
}

/** Marks the refresh token used (rotated), unless a concurrent request already did: exactly one wins. */
export async function markRefreshTokenUsed(db: Knex, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db('oauth_refresh_tokens').where({ token_hash: tokenHash }).whereNull('used_at').update({ used_at: now }).returning('token_hash');
  return rows.length === 1;
}

/** Remembers an access token issued under a grant, so that revoking the grant can revoke it. */
export async function recordGrantAccessToken(db: Knex, row: { jti: string; grant_id: string; expires_at: Date }): Promise<void> {
  await db('oauth_grant_access_tokens').insert(row);
}

export interface RevokedGrant {
  /** The grant as revoked (revoked_at and revoked_reason set). */
  grant: GrantRow;
  /** Access tokens of the grant, still unexpired, that this revocation added to revoked_access_tokens. */
  accessTokensRevoked: number;
}

/**
 * Revokes the whole family, in the caller's transaction: the grant (so none of its refresh tokens
 * works any more) and every access token issued under it that has not expired (into
 * revoked_access_tokens, which every replica checks). The UPDATE takes the grant's row lock, so a
 * refresh running at the same moment either finishes before (and its access token is revoked
 * here) or sees the grant revoked. Answers undefined when the grant was already revoked (its
 * access tokens are revoked again all the same, which changes nothing).
 */
export async function revokeGrant(trx: Knex.Transaction, grantId: string, reason: string, now: Date): Promise<RevokedGrant | undefined> {
  const [grant] = (await trx('oauth_grants')
    .where({ id: grantId })
    .whereNull('revoked_at')
    .update({ revoked_at: now, revoked_reason: reason })
    .returning('*')) as GrantRow[];
  const inserted = (await trx.raw(
    `INSERT INTO revoked_access_tokens (jti, expires_at, revoked_at, revoked_by)
     SELECT jti, expires_at, ?, ? FROM oauth_grant_access_tokens WHERE grant_id = ? AND expires_at > ?
     ON CONFLICT (jti) DO NOTHING
     RETURNING jti`,
    [now, `grant:${reason}`, grantId, now],
  )) as { rows: unknown[] };
  return grant ? { grant, accessTokensRevoked: inserted.rows.length } : undefined;
}
