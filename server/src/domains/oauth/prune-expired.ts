import type { Knex } from 'knex';

/** Codes are kept a day past their expiry, so that a late replay is still recognised and revokes. */
const codeReplayMemorySeconds = 24 * 3600;

/**
 * Rows of the authorization-code flow that can no longer matter: old codes, grants past their
 * absolute lifetime (their refresh tokens and access-token records go with them), and records of
 * access tokens that have expired anyway, exchanged ones included (token_exchanges).
 */
export async function pruneExpiredOAuthRows(db: Knex, now: Date): Promise<void> {
  await db('oauth_authorization_codes')
    .where('expires_at', '<=', new Date(now.getTime() - codeReplayMemorySeconds * 1000))
    .delete();
  await db('oauth_grant_access_tokens').where('expires_at', '<=', now).delete();
  await db('oauth_grants').where('expires_at', '<=', now).delete();
  // A spent assertion's jti matters until its exp: after that the assertion is refused as expired.
  await db('oauth_client_assertions').where('expires_at', '<=', now).delete();
  await db('token_exchanges').where('expires_at', '<=', now).delete();
}
