import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestInfoOf } from '../../events/context.js';
import type { ChangeContext } from '../../events/types.js';
import type { RouteDocs } from '../meta/index.js';
import { csrfFieldName, csrfTokenFor, csrfTokenMatches } from './csrf.js';
import { renderMessagePage } from './pages/message-page.js';
import { sendPage } from './send-page.js';
import { loadSession, type SessionDeps, type SignedInUser, type WebSession } from './sessions.js';

/** A form field given exactly once as text (a repeated field arrives as an array, JSON may hold anything). */
export function formField(body: unknown, name: string): string | undefined {
  if (body === null || typeof body !== 'object' || !Object.hasOwn(body, name)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** Every value of a repeated form field (checkboxes). */
export function formFields(body: unknown, name: string): string[] {
  if (body === null || typeof body !== 'object' || !Object.hasOwn(body, name)) return [];
  const value = (body as Record<string, unknown>)[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function sessionDeps(app: FastifyInstance): SessionDeps {
  return { db: app.db, publicUrl: app.config.publicUrl };
}

/**
 * Every form POST starts here: the session of the cookie, and the CSRF token of the form, which
 * must be that session's. Without both the answer is a 403 page and nothing else happens.
 */
export async function requireFormSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, now: Date): Promise<WebSession | undefined> {
  const session = await loadSession(sessionDeps(app), request, now);
  if (session && csrfTokenMatches(session, formField(request.body, csrfFieldName))) return session;
  sendPage(
    reply,
    renderMessagePage({
      title: 'This form has expired',
      message:
        'The form was not sent from a current acctl page (its security token is missing or out of date), so nothing was done. Go back, reload the page and try again.',
      code: 'forbidden',
    }),
    { status: 403 },
  );
  return undefined;
}

/**
 * The change context of a page: the session's user is the actor. Pages are `auth: 'public'`
 * routes, so request.caller (a bearer token's) is null and changeContextOf would say anonymous.
 */
export function sessionChangeContext(request: FastifyRequest, user: SignedInUser, now: Date): ChangeContext {
  return { actor: { subject: user.id, client_id: null, token_kind: 'session' }, request: requestInfoOf(request), now };
}

export function signedInHeader(session: WebSession): { user: NonNullable<WebSession['user']>; csrfToken: string } | undefined {
  return session.user ? { user: session.user, csrfToken: csrfTokenFor(session) } : undefined;
}

/**
 * OpenAPI entry of a page: the API document lists every route (test/meta/openapi.test.ts), so
 * pages are there too, as text/html under their own tag, with what a script may rely on.
 */
export function pageDocs(summary: string, description: string, responses: RouteDocs['responses'] = { 200: { description: 'HTML page' } }): RouteDocs {
  return { summary, description, tags: ['Browser pages'], responses };
}

export function formPageDocs(summary: string, description: string, responses: RouteDocs['responses']): RouteDocs {
  return {
    ...pageDocs(summary, description, { ...responses, 403: { description: "HTML page: the CSRF token is missing or not this session's" } }),
    requestMediaTypes: ['application/x-www-form-urlencoded'],
  };
}
