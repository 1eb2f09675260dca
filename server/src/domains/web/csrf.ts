import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebSession } from './sessions.js';

/** The name of the hidden field that carries the token in every form. */
export const csrfFieldName = 'csrf_token';

/**
 * A synchronizer token bound to the session (OWASP CSRF Prevention Cheat Sheet): an HMAC of a
 * fixed label keyed by the session id, which only the browser's HttpOnly cookie and this server
 * know. Nothing extra is stored, and a new session (at sign-in) means new tokens.
 */
export function csrfTokenFor(session: WebSession): string {
  return createHmac('sha256', session.id).update('acctl csrf token v1').digest('base64url');
}

export function csrfTokenMatches(session: WebSession, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const expected = Buffer.from(csrfTokenFor(session));
  const actual = Buffer.from(presented);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
