import type { FastifyInstance } from 'fastify';
import { actorOf, requestInfoOf } from '../../../events/context.js';
import { csrfTokenFor } from '../csrf.js';
import { formField, formPageDocs, pageDocs, requireFormSession, sessionDeps } from '../page-context.js';
import { renderSignInPage } from '../pages/sign-in-page.js';
import { safeReturnPath } from '../return-to.js';
import { sendPage, sendSeeOther } from '../send-page.js';
import { endSession, loadSession, startSession } from '../sessions.js';
import { attemptSignIn, signInFailedEvent } from '../sign-in.js';
import { signInThrottle } from '../../../security/failure-throttle.js';

/** One message for every refusal, whatever the reason (unknown user, wrong password, disabled user). */
const refusedMessage = 'The username or password is incorrect.';

/**
 * GET /ui/sign-in shows the form (starting an anonymous session, which its CSRF token is bound
 * to); POST /ui/sign-in checks the credentials and, on success, replaces that session by a new
 * signed-in one (a session id fixed before sign-in never becomes a signed-in one) and goes back
 * to `return_to` with a 303. A refused or throttled sign-in is an auth.failed event.
 */
export async function signInRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ui/sign-in', {
    config: {
      auth: 'public',
      docs: pageDocs('Sign-in page', 'Query: return_to (a path of this service: /v1/oauth/authorize?... or /v1/ui/...). Form fields: username, password (stable names).', {
        200: { description: 'HTML sign-in form' },
        303: { description: 'Already signed in: to return_to' },
      }),
    },
    handler: async (request, reply) => {
      const now = new Date();
      const returnTo = safeReturnPath(formField(request.query, 'return_to'));
      const existing = await loadSession(sessionDeps(app), request, now);
      if (existing?.user) return sendSeeOther(reply, returnTo);
      const session = existing ?? (await startSession(sessionDeps(app), reply, { user: null, now }));
      const notice = formField(request.query, 'signed_out') !== undefined ? 'You are signed out.' : undefined;
      return sendPage(reply, renderSignInPage({ csrfToken: csrfTokenFor(session), returnTo, notice }));
    },
  });

  app.post('/ui/sign-in', {
    config: {
      auth: 'public',
      docs: formPageDocs('Sign in', 'Form fields: username, password, return_to, csrf_token. A refusal is the form again (200) with one message whatever the reason; more than 5 refusals for a username from one address within 15 minutes are answered 429 until the window passes.', {
        200: { description: 'HTML sign-in form with the refusal message' },
        303: { description: 'Signed in: to return_to, with a new session cookie' },
        429: { description: 'HTML sign-in form: too many refusals; Retry-After says when to try again' },
      }),
    },
    handler: async (request, reply) => {
      const now = new Date();
      const session = await requireFormSession(app, request, reply, now);
      if (!session) return reply;
      const returnTo = safeReturnPath(formField(request.body, 'return_to'));
      if (session.user) return sendSeeOther(reply, returnTo);
      const username = formField(request.body, 'username') ?? '';
      const result = await attemptSignIn(app.db, { username, password: formField(request.body, 'password') ?? '', ip: request.ip, now });
      if (result.outcome !== 'signed_in') {
        // Nothing to join (the throttle's row is its own write), and the refusal must not wait for the audit log.
        const context = { actor: actorOf(request), request: requestInfoOf(request), now };
        app.eventRecorder.recordInBackground([signInFailedEvent(context, username, result.outcome === 'throttled' ? 'too_many_failures' : result.reason)]);
      }
      if (result.outcome === 'throttled') {
        const minutes = Math.ceil(result.retryAfterSeconds / 60);
        const error = `Too many failed sign-ins for this username from your address (${signInThrottle.maxFailures} in ${signInThrottle.windowSeconds / 60} minutes). Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
        return sendPage(reply, renderSignInPage({ csrfToken: csrfTokenFor(session), returnTo, username, error }), { status: 429, headers: { 'retry-after': String(result.retryAfterSeconds) } });
      }
      if (result.outcome === 'refused') {
        return sendPage(reply, renderSignInPage({ csrfToken: csrfTokenFor(session), returnTo, username, error: refusedMessage }));
      }
      await endSession(sessionDeps(app), reply, session);
      await startSession(sessionDeps(app), reply, { user: result.user, now });
      return sendSeeOther(reply, returnTo);
    },
  });
}
