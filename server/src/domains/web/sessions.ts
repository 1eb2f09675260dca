import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { generateOpaqueToken, hashSecret } from '../../security/secrets.js';
import { isAdminUser } from '../oauth/index.js';
import { readCookie, serializeCookie } from './cookies.js';

/**
 * Server-side browser sessions: the cookie holds 256 random bits, the web_sessions table their
 * SHA-256, so signing out (deleting the row) ends the session wherever the cookie was copied.
 */
export const sessionLifetimes = {
  /** Absolute: a signed-in session ends 12 hours after sign-in (a working day), then sign in again. */
  signedInSeconds: 12 * 3600,
  /** A session before sign-in only carries the sign-in form's CSRF token. */
  anonymousSeconds: 3600,
} as const;

export interface SignedInUser {
  id: string;
  name: string;
  displayName: string | null;
  isAdmin: boolean;
}

export interface WebSession {
  /** The random id from the cookie (never stored); keys the CSRF token. */
  id: string;
  idHash: string;
  expiresAt: Date;
  /** Null until the person signs in. */
  user: SignedInUser | null;
}

/** Where a session's cookie goes: the reply, or a list kept until a transaction commits (routes/sign-in.ts). */
export interface CookieSink {
  header(name: 'set-cookie', value: string): unknown;
}

/** Cookies kept until the transaction that made them commits, then set on the reply. */
export class CookieList implements CookieSink {
  readonly #cookies: string[] = [];
  header(_name: 'set-cookie', value: string): this {
    this.#cookies.push(value);
    return this;
  }
  sendWith(reply: FastifyReply): void {
    for (const cookie of this.#cookies) reply.header('set-cookie', cookie);
  }
}

export interface SessionDeps {
  db: Knex;
  publicUrl: string;
}

/** `__Host-` (RFC 6265bis section 4.1.3.2) pins the cookie to this host over https; plain http cannot use it. */
function cookieNameFor(publicUrl: string): string {
  return isHttps(publicUrl) ? '__Host-acctl_session' : 'acctl_session';
}

function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}

/** The session of the request's cookie, if it exists, has not expired, and its user is still active. */
export async function loadSession(deps: SessionDeps, request: FastifyRequest, now: Date): Promise<WebSession | undefined> {
  const id = readCookie(request.headers.cookie, cookieNameFor(deps.publicUrl));
  if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
  const idHash = hashSecret(id);
  const row = await deps
    .db('web_sessions as s')
    .leftJoin('principals as p', 'p.id', 's.principal_id')
    .where('s.id_hash', idHash)
    .andWhere('s.expires_at', '>', now)
    .first('s.expires_at', 's.principal_id', 'p.name', 'p.display_name', 'p.attributes', 'p.status', 'p.deleted_at');
  if (!row) return undefined;
  if (row.principal_id === null) return { id, idHash, expiresAt: row.expires_at, user: null };
  if (row.status !== 'active' || row.deleted_at !== null) return undefined;
  return {
    id,
    idHash,
    expiresAt: row.expires_at,
    user: { id: row.principal_id, name: row.name, displayName: row.display_name, isAdmin: isAdminUser(row.attributes) },
  };
}

/** A new session (anonymous, or signed in as `user`), and its cookie on the reply. */
export async function startSession(deps: SessionDeps, reply: CookieSink, input: { user: SignedInUser | null; now: Date }): Promise<WebSession> {
  const id = generateOpaqueToken();
  const idHash = hashSecret(id);
  const lifetime = input.user ? sessionLifetimes.signedInSeconds : sessionLifetimes.anonymousSeconds;
  const expiresAt = new Date(input.now.getTime() + lifetime * 1000);
  await deps.db('web_sessions').insert({ id_hash: idHash, principal_id: input.user?.id ?? null, created_at: input.now, expires_at: expiresAt });
  reply.header('set-cookie', serializeCookie(cookieNameFor(deps.publicUrl), id, { maxAgeSeconds: lifetime, secure: isHttps(deps.publicUrl) }));
  return { id, idHash, expiresAt, user: input.user };
}

/**
 * Ends every other session of the session's user (after a password change: OWASP's session
 * management cheat sheet, and ASVS 3.3.3, so a session opened with the old password ends with it).
 */
export async function endOtherSessions(deps: SessionDeps, session: WebSession & { user: SignedInUser }): Promise<number> {
  return deps.db('web_sessions').where({ principal_id: session.user.id }).whereNot({ id_hash: session.idHash }).delete();
}

/** Deletes the session everywhere and tells the browser to drop the cookie; whether this call ended it (a concurrent one may have). */
export async function endSession(deps: SessionDeps, reply: CookieSink, session: WebSession): Promise<boolean> {
  const deleted = await deps.db('web_sessions').where({ id_hash: session.idHash }).delete();
  reply.header('set-cookie', serializeCookie(cookieNameFor(deps.publicUrl), '', { maxAgeSeconds: 0, secure: isHttps(deps.publicUrl) }));
  return deleted > 0;
}
