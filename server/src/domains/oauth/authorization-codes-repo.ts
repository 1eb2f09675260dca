import type { Knex } from 'knex';

export interface AuthorizationCodeRow {
  code_hash: string;
  client_id: string;
  principal_id: string;
  redirect_uri: string;
  scopes: string[];
  code_challenge: string | null;
  code_challenge_method: string | null;
  /** RFC 8707: the API the authorization request named; null for this server's own (resource-indicators.ts). */
  resource: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  grant_id: string | null;
}

export type NewAuthorizationCode = Omit<AuthorizationCodeRow, 'used_at' | 'grant_id'>;

export async function insertAuthorizationCode(db: Knex, row: NewAuthorizationCode): Promise<void> {
  await db('oauth_authorization_codes').insert(row);
}

export async function findAuthorizationCode(db: Knex, codeHash: string): Promise<AuthorizationCodeRow | undefined> {
  return db<AuthorizationCodeRow>('oauth_authorization_codes').where({ code_hash: codeHash }).first();
}

/**
 * Marks the code used, unless another redemption got there first. The conditional UPDATE takes
 * the row lock, so of concurrent redemptions exactly one sees `used_at IS NULL`; the others wait
 * for it to commit and then update nothing.
 */
export async function consumeAuthorizationCode(db: Knex, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db('oauth_authorization_codes').where({ code_hash: codeHash }).whereNull('used_at').update({ used_at: now }).returning('code_hash');
  return rows.length === 1;
}

/** Names the grant a code started, in the redeeming transaction, so a replay can find and revoke it. */
export async function attachGrantToCode(db: Knex, codeHash: string, grantId: string): Promise<void> {
  await db('oauth_authorization_codes').where({ code_hash: codeHash }).update({ grant_id: grantId });
}
