import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction-retry.js';
import { ApiError } from '../../errors/api-error.js';
import { changeEvent } from '../../events/event.js';
import type { AuditedDatabase, AuditLog } from '../audit/index.js';
import type { ChangeContext } from '../../events/types.js';
import {
  type ApiToken,
  type ApiTokenCreateRequest,
  type ApiTokenList,
  type ApiTokenListQuery,
  type ApiTokenSummary,
  type TokenRevoked,
  adminScope,
  generateSecret,
  grants,
  recogniseSecret,
} from '../../../../core/src/index.js';
import type { SigningKeyStore } from '../../keys/signing-key-store.js';
import type { Caller } from '../../plugins/auth/caller.js';
import { hashSecret } from '../../security/secrets.js';
import { AccessTokenInvalid, verifyAccessToken } from '../oauth/index.js';
import { paginationOf } from '../../http/listing.js';
import {
  findApiTokenByHash,
  findApiTokenById,
  insertApiToken,
  listApiTokens as listApiTokenRows,
  revokeAccessToken,
  revokeApiToken,
  type ApiTokenRow,
} from './repo.js';

export interface ApiTokenDeps {
  db: Knex;
  /** Records each change's events in its transaction. */
  auditLog: Pick<AuditLog, 'append'>;
  keys: SigningKeyStore;
  issuer: string;
  /** config.accessTokenTtlSeconds, for access tokens presented by value. */
  accessTokenTtlSeconds: number;
}

/**
 * Creates a token whose scopes are among the caller's, so no token can grant more than its maker
 * has. Events of tokens (api_token.*, token.revoked) carry id, name, scopes and dates: never the
 * token nor its hash.
 */
export async function createApiToken(deps: ApiTokenDeps, context: ChangeContext, caller: Caller, request: ApiTokenCreateRequest): Promise<ApiToken> {
  const beyond = request.scopes.filter((scope) => !grants(caller.scopes, scope));
  if (beyond.length > 0) throw new ApiError('forbidden', `A token cannot be given scopes its creator lacks: ${beyond.join(', ')}`);
  return inTransaction(deps.db, async (trx) => {
    const token = await mintApiToken(trx, {
      name: request.name,
      scopes: request.scopes,
      subject: caller.subject,
      createdBy: caller.subject,
      expiresIn: request.expires_in,
      now: context.now,
    });
    await deps.auditLog.append(trx, [
      changeEvent(context, 'api_token.created', { type: 'api_token', id: token.id }, { before: null, after: tokenSummary(token) }),
    ]);
    return token;
  });
}

/**
 * GET /auth/tokens, the inventory of long-lived credentials: a caller sees the tokens it owns
 * (acts as), admin:all sees every owner's, as GitHub lists a user's own personal access tokens
 * and an organisation's owners all those with access to it. Metadata only: never the token or
 * its hash.
 */
export async function listApiTokens(db: Knex, caller: Caller, query: ApiTokenListQuery, now: Date): Promise<ApiTokenList> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const owner = caller.scopes.includes(adminScope) ? undefined : caller.subject;
  const { rows, total } = await listApiTokenRows(db, { owner, status: query.status, now, page, limit });
  return { data: rows.map((row) => tokenListItem(row, now)), pagination: paginationOf(total, page, limit) };
}

function tokenListItem(row: Omit<ApiTokenRow, 'token_hash'>, now: Date): ApiTokenSummary {
  const status = row.revoked_at ? 'revoked' : row.expires_at && row.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
  return {
    id: row.id,
    name: row.name,
    token_hint: row.token_hint,
    scopes: row.scopes as ApiTokenSummary['scopes'],
    owner: row.subject,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    status,
  };
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
  return inTransaction(deps.db, async (trx) => {
    const old = await trx<ApiTokenRow>('api_tokens').where({ id: caller.tokenId }).forUpdate().first();
    if (!old || old.revoked_at) throw new ApiError('invalid_token', 'The API token was revoked while it was being refreshed');
    const keptLifetime = old.expires_at ? Math.max(60, Math.round((old.expires_at.getTime() - old.created_at.getTime()) / 1000)) : undefined;
    const fresh = await mintApiToken(trx, {
      name: old.name,
      scopes: old.scopes,
      subject: old.subject,
      createdBy: caller.subject,
      expiresIn: expiresIn ?? keptLifetime,
      now: context.now,
    });
    await revokeApiToken(trx, old.id, caller.subject, context.now, fresh.id);
    const before = { ...rowSummary(old), revoked_at: null };
    await deps.auditLog.append(trx, [
      changeEvent(context, 'api_token.refreshed', { type: 'api_token', id: fresh.id }, { before, after: tokenSummary(fresh) }, { replaces: old.id }),
    ]);
    return { ...fresh, replaces: old.id };
  });
}

/** How the revoked token was named: it revoked itself, or was named by its value, or by its id. */
export type RevokedWith = 'self' | 'value' | 'id';

/**
 * DELETE /auth/revoke, by these rules (docs/security.md, "Revocation"):
 * - no body: the presented token revokes itself;
 * - `token` (an API token or an access token, by value): whoever holds a token may revoke it,
 *   whoever it belongs to. Holding it is the proof (RFC 7009's revocation is by value too, and
 *   GitHub's credential revocation API ends a leaked token for anyone who reports it); the
 *   token.revoked event names the caller as actor and `revoked_with: "value"`;
 * - `id` (an API token): only that token itself, or a caller with admin:all. An id is no secret
 *   (audit events, token listings and answers show it), so it proves nothing: without this rule
 *   any token could end its siblings. A refusal says nothing about whether the id exists.
 */
export async function revokeToken(
  deps: ApiTokenDeps,
  context: ChangeContext,
  caller: Caller,
  target: { token?: string; id?: string } | undefined,
): Promise<TokenRevoked> {
  const now = context.now;
  const revokedAt = now.toISOString();
  if (!target?.token && !target?.id) {
    if (caller.kind === 'api_token') {
      const row = await findApiTokenById(deps.db, caller.tokenId);
      if (row) await revokeApiTokenRecorded(deps, context, row, caller.subject, 'self');
    } else {
      await revokeAccessTokenRecorded(
        deps,
        context,
        { jti: caller.tokenId, subject: caller.subject, clientId: caller.clientId, expiresAt: caller.expiresAt ?? now },
        caller.subject,
        'self',
      );
    }
    return { revoked: true, token_kind: caller.kind, id: caller.tokenId, revoked_at: revokedAt };
  }
  if (target.id) {
    const itself = caller.kind === 'api_token' && caller.tokenId === target.id;
    if (!itself && !caller.scopes.includes(adminScope)) {
      throw new ApiError(
        'forbidden',
        'Revoking an API token by id requires admin:all, unless it is the presented token; anyone holding a token may revoke it by value (token)',
      );
    }
    const row = await findApiTokenById(deps.db, target.id);
    if (!row) throw new ApiError('not_found', 'No such API token');
    await revokeApiTokenRecorded(deps, context, row, caller.subject, itself ? 'self' : 'id');
    return { revoked: true, token_kind: 'api_token', id: row.id, revoked_at: (row.revoked_at ?? now).toISOString() };
  }
  const token = target.token!;
  const recognised = recogniseSecret(token);
  if (recognised?.kind === 'api_token') {
    const row = recognised.wellFormed ? await findApiTokenByHash(deps.db, hashSecret(token)) : undefined;
    if (!row) throw new ApiError('not_found', 'No such API token');
    await revokeApiTokenRecorded(deps, context, row, caller.subject, 'value');
    return { revoked: true, token_kind: 'api_token', id: row.id, revoked_at: (row.revoked_at ?? now).toISOString() };
  }
  if (recognised?.kind === 'refresh_token')
    throw new ApiError('not_found', 'Not an API token or access token: a refresh token is revoked at POST /v1/oauth/revoke');
  if (recognised?.kind === 'client_secret') throw new ApiError('not_found', 'Not an API token or access token: a client secret is rotated, not revoked');
  let claims;
  try {
    claims = await verifyAccessToken(deps.keys, token, { issuer: deps.issuer, audiences: [deps.issuer], lifetimeSeconds: deps.accessTokenTtlSeconds, now });
  } catch (error) {
    if (error instanceof AccessTokenInvalid) throw new ApiError('not_found', `Not a live access token of this service: ${error.message}`);
    throw error;
  }
  await revokeAccessTokenRecorded(
    deps,
    context,
    { jti: claims.jti, subject: claims.sub, clientId: claims.client_id, expiresAt: new Date(claims.exp * 1000) },
    caller.subject,
    'value',
  );
  return { revoked: true, token_kind: 'access_token', id: claims.jti, revoked_at: revokedAt };
}

/** Revokes an API token with its token.revoked event; revoking a revoked token changes nothing and records nothing. */
async function revokeApiTokenRecorded(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  row: ApiTokenRow,
  by: string,
  revokedWith: RevokedWith,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await revokeApiToken(trx, row.id, by, context.now))) return;
    const before = { ...rowSummary(row), revoked_at: null };
    await auditLog.append(trx, [
      changeEvent(
        context,
        'token.revoked',
        { type: 'api_token', id: row.id },
        { before, after: { ...before, revoked_at: context.now.toISOString() } },
        { token_kind: 'api_token', revoked_with: revokedWith },
      ),
    ]);
  });
}

/** Revokes an access token by its jti with its token.revoked event (also used by POST /oauth/revoke); revoking it again records nothing. */
export async function revokeAccessTokenRecorded(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  token: { jti: string; subject: string; clientId: string | null; expiresAt: Date },
  by: string,
  revokedWith: RevokedWith,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await revokeAccessToken(trx, token.jti, token.expiresAt, by, context.now))) return;
    const before = { jti: token.jti, subject: token.subject, client_id: token.clientId, expires_at: token.expiresAt.toISOString(), revoked_at: null };
    await auditLog.append(trx, [
      changeEvent(
        context,
        'token.revoked',
        { type: 'access_token', id: token.jti },
        { before, after: { ...before, revoked_at: context.now.toISOString() } },
        { token_kind: 'access_token', revoked_with: revokedWith },
      ),
    ]);
  });
}

/** What events say about an API token: never the token or its hash. */
function tokenSummary(token: ApiToken): Record<string, unknown> {
  return { id: token.id, name: token.name, scopes: token.scopes, created_by: token.created_by, created_at: token.created_at, expires_at: token.expires_at };
}

function rowSummary(row: ApiTokenRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    subject: row.subject,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}

async function mintApiToken(
  db: Knex,
  input: { name: string; scopes: string[]; subject: string; createdBy: string; expiresIn: number | undefined; now: Date },
): Promise<ApiToken> {
  const token = generateSecret('api_token');
  const id = randomUUID();
  const expiresAt = input.expiresIn ? new Date(input.now.getTime() + input.expiresIn * 1000) : null;
  await insertApiToken(db, {
    id,
    name: input.name,
    token_hash: hashSecret(token),
    // The last four characters (of the checksum), safe to show in listings to tell tokens apart.
    token_hint: token.slice(-4),
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
