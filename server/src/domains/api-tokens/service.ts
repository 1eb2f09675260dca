import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ApiError } from '../../errors/api-error.js';
import { changeEvent } from '../../events/event.js';
import { recordEvents } from '../../events/record.js';
import type { ChangeContext } from '../../events/types.js';
import type { ApiToken, ApiTokenCreateRequest, TokenRevoked } from '../../generated/schema-types.js';
import type { SigningKeyStore } from '../../keys/signing-key-store.js';
import { adminScope, grants } from '../../plugins/auth/scopes.js';
import type { Caller } from '../../plugins/auth/verify-bearer-token.js';
import { hashSecret } from '../../security/secrets.js';
import { AccessTokenInvalid, verifyAccessToken } from '../oauth/access-token.js';
import { findApiTokenByHash, findApiTokenById, insertApiToken, revokeAccessToken, revokeApiToken, type ApiTokenRow } from './repo.js';
import { generateApiToken, hasValidChecksum, looksLikeApiToken, tokenHint } from './token-format.js';

export interface ApiTokenDeps {
  db: Knex;
  keys: SigningKeyStore;
  issuer: string;
}

/**
 * Creates a token whose scopes are among the caller's, so no token can grant more than its maker
 * has. Events of tokens (api_token.*, token.revoked) carry id, name, scopes and dates: never the
 * token nor its hash.
 */
export async function createApiToken(deps: ApiTokenDeps, context: ChangeContext, caller: Caller, request: ApiTokenCreateRequest): Promise<ApiToken> {
  const beyond = request.scopes.filter((scope) => !grants(caller.scopes, scope));
  if (beyond.length > 0) throw new ApiError('forbidden', `A token cannot be given scopes its creator lacks: ${beyond.join(', ')}`);
  return deps.db.transaction(async (trx) => {
    const token = await mintApiToken(trx, { name: request.name, scopes: request.scopes, subject: caller.subject, createdBy: caller.subject, expiresIn: request.expires_in, now: context.now });
    await recordEvents(trx, [changeEvent(context, 'api_token.created', { type: 'api_token', id: token.id }, { before: null, after: tokenSummary(token) })]);
    return token;
  });
}

/**
 * Replaces the presented API token by a new one with the same name and scopes and revokes the old
 * one in the same transaction (rotation, as GitHub's "regenerate token" does): a refresh never
 * leaves two live tokens.
 */
export async function refreshApiToken(deps: ApiTokenDeps, context: ChangeContext, caller: Caller, expiresIn: number | undefined): Promise<ApiToken> {
  if (caller.kind !== 'api_token') {
    throw new ApiError('wrong_token_kind', 'POST /auth/refresh rotates API tokens; refresh OAuth access tokens with grant_type=refresh_token at /oauth/token');
  }
  return deps.db.transaction(async (trx) => {
    const old = await trx<ApiTokenRow>('api_tokens').where({ id: caller.tokenId }).forUpdate().first();
    if (!old || old.revoked_at) throw new ApiError('invalid_token', 'The API token was revoked while it was being refreshed');
    const keptLifetime = old.expires_at ? Math.max(60, Math.round((old.expires_at.getTime() - old.created_at.getTime()) / 1000)) : undefined;
    const fresh = await mintApiToken(trx, { name: old.name, scopes: old.scopes, subject: old.subject, createdBy: caller.subject, expiresIn: expiresIn ?? keptLifetime, now: context.now });
    await revokeApiToken(trx, old.id, caller.subject, context.now, fresh.id);
    const before = { ...rowSummary(old), revoked_at: null };
    await recordEvents(trx, [changeEvent(context, 'api_token.refreshed', { type: 'api_token', id: fresh.id }, { before, after: tokenSummary(fresh) }, { replaces: old.id })]);
    return { ...fresh, replaces: old.id };
  });
}

/**
 * Revokes the presented token (no body), or another by value or id. One's own tokens (same
 * subject) may always be revoked; anyone else's needs admin:all.
 */
export async function revokeToken(deps: ApiTokenDeps, context: ChangeContext, caller: Caller, target: { token?: string; id?: string } | undefined): Promise<TokenRevoked> {
  const now = context.now;
  const revokedAt = now.toISOString();
  if (!target?.token && !target?.id) {
    if (caller.kind === 'api_token') {
      const row = await findApiTokenById(deps.db, caller.tokenId);
      if (row) await revokeApiTokenRecorded(deps.db, context, row, caller.subject);
    } else {
      await revokeAccessTokenRecorded(deps.db, context, { jti: caller.tokenId, subject: caller.subject, clientId: caller.clientId, expiresAt: caller.expiresAt ?? now }, caller.subject);
    }
    return { revoked: true, token_kind: caller.kind, id: caller.tokenId, revoked_at: revokedAt };
  }
  if (target.id || (target.token && looksLikeApiToken(target.token))) {
    const row = target.id ? await findApiTokenById(deps.db, target.id) : target.token && hasValidChecksum(target.token) ? await findApiTokenByHash(deps.db, hashSecret(target.token)) : undefined;
    if (!row) throw new ApiError('not_found', 'No such API token');
    assertMayRevoke(caller, row.subject);
    await revokeApiTokenRecorded(deps.db, context, row, caller.subject);
    return { revoked: true, token_kind: 'api_token', id: row.id, revoked_at: (row.revoked_at ?? now).toISOString() };
  }
  let claims;
  try {
    claims = await verifyAccessToken(deps.keys, target.token!, { issuer: deps.issuer, now });
  } catch (error) {
    if (error instanceof AccessTokenInvalid) throw new ApiError('not_found', `Not a live access token of this service: ${error.message}`);
    throw error;
  }
  assertMayRevoke(caller, claims.sub);
  await revokeAccessTokenRecorded(deps.db, context, { jti: claims.jti, subject: claims.sub, clientId: claims.client_id, expiresAt: new Date(claims.exp * 1000) }, caller.subject);
  return { revoked: true, token_kind: 'access_token', id: claims.jti, revoked_at: revokedAt };
}

/** Revokes an API token with its token.revoked event; revoking a revoked token changes nothing and records nothing. */
async function revokeApiTokenRecorded(db: Knex, context: ChangeContext, row: ApiTokenRow, by: string): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await revokeApiToken(trx, row.id, by, context.now))) return;
    const before = { ...rowSummary(row), revoked_at: null };
    await recordEvents(trx, [changeEvent(context, 'token.revoked', { type: 'api_token', id: row.id }, { before, after: { ...before, revoked_at: context.now.toISOString() } }, { token_kind: 'api_token' })]);
  });
}

/** Revokes an access token by its jti with its token.revoked event (also used by POST /oauth/revoke); revoking it again records nothing. */
export async function revokeAccessTokenRecorded(db: Knex, context: ChangeContext, token: { jti: string; subject: string; clientId: string | null; expiresAt: Date }, by: string): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await revokeAccessToken(trx, token.jti, token.expiresAt, by, context.now))) return;
    const before = { jti: token.jti, subject: token.subject, client_id: token.clientId, expires_at: token.expiresAt.toISOString(), revoked_at: null };
    await recordEvents(trx, [changeEvent(context, 'token.revoked', { type: 'access_token', id: token.jti }, { before, after: { ...before, revoked_at: context.now.toISOString() } }, { token_kind: 'access_token' })]);
  });
}

/** What events say about an API token: never the token or its hash. */
function tokenSummary(token: ApiToken): Record<string, unknown> {
  return { id: token.id, name: token.name, scopes: token.scopes, created_by: token.created_by, created_at: token.created_at, expires_at: token.expires_at };
}

function rowSummary(row: ApiTokenRow): Record<string, unknown> {
  return { id: row.id, name: row.name, scopes: row.scopes, subject: row.subject, created_by: row.created_by, created_at: row.created_at.toISOString(), expires_at: row.expires_at?.toISOString() ?? null };
}

function assertMayRevoke(caller: Caller, subject: string): void {
  if (subject !== caller.subject && !caller.scopes.includes(adminScope)) {
    throw new ApiError('forbidden', "Revoking another subject's token requires the admin:all scope");
  }
}

async function mintApiToken(
  db: Knex,
  input: { name: string; scopes: string[]; subject: string; createdBy: string; expiresIn: number | undefined; now: Date },
): Promise<ApiToken> {
  const token = generateApiToken();
  const id = randomUUID();
  const expiresAt = input.expiresIn ? new Date(input.now.getTime() + input.expiresIn * 1000) : null;
  await insertApiToken(db, {
    id,
    name: input.name,
    token_hash: hashSecret(token),
    token_hint: tokenHint(token),
    scopes: input.scopes,
    subject: input.subject,
    created_by: input.createdBy,
    created_at: input.now,
    expires_at: expiresAt,
  });
  return {
    id,
    name: input.name,
    token,
    token_type: 'Bearer',
    scopes: input.scopes as ApiToken['scopes'],
    created_at: input.now.toISOString(),
    expires_at: expiresAt ? expiresAt.toISOString() : null,
    ...(input.expiresIn ? { expires_in: input.expiresIn } : {}),
    created_by: input.createdBy,
  };
}
