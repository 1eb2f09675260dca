import type { FastifyInstance } from 'fastify';
import { actorOf, requestInfoOf } from '../../../events/context.js';
import { csrfTokenFor } from '../csrf.js';
import { formField, formPageDocs, pageDocs, requireFormSession, sessionChangeContext, sessionDeps } from '../page-context.js';
import { renderSignInPage } from '../pages/sign-in-page.js';
import { safeReturnPath } from '../return-to.js';
import { sendPage, sendSeeOther } from '../send-page.js';
import { CookieList, endSession, loadSession, startSession } from '../sessions.js';
import { attemptSignIn, signedInEvent, signInFailedEvent, type SignInOutcome } from '../sign-in.js';
import { inTransaction } from '../../../db/transaction-retry.js';
import { signInThrottle } from '../../../security/failure-throttle.js';
import { TypedNames } from '../../../security/typed-names.js';

/** One message for every refusal, whatever the reason (unknown user, wrong password, disabled user). */
const refusedMessage = 'The username or password is incorrect.';

/** A refusal before the password was checked: the status, Retry-After and message of the page. */
function refusalBeforeCheck(result: Extract<SignInOutcome, { outcome: 'throttled' | 'busy' }>): { status: number; retryAfterSeconds: number; error: string } {
  if (result.outcome === 'busy') {
    // Nothing was counted: the attempt may simply be sent again.
    return result.scope === 'key'
      ? { status: 429, retryAfterSeconds: 1, error: 'Too many sign-ins from your address are being checked at once. Try again in a moment.' }
      : { status: 503, retryAfterSeconds: 1, error: 'Too many sign-ins are being checked at once. Try again in a moment.' };
  }
  const minutes = Math.ceil(result.retryAfterSeconds / 60);
  return {
    status: 429,
    retryAfterSeconds: result.retryAfterSeconds,
    error: `Too many failed sign-ins for this username (${signInThrottle.maxFailures} in ${signInThrottle.windowSeconds / 60} minutes from one address, or ${signInThrottle.accountMaxFailures} from all). Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  };
}

/**
 * GET /ui/sign-in shows the form (starting an anonymous session, which its CSRF token is bound
 * to); POST /ui/sign-in checks the credentials and, on success, replaces that session by a new
 * signed-in one (a session id fixed before sign-in never becomes a signed-in one) and goes back
 * to `return_to` with a 303, recording auth.signed_in with the user as actor. A refused or
 * throttled sign-in is an auth.failed event.
 */
export async function signInRoutes(app: FastifyInstance): Promise<void> {
  const typedNames = new TypedNames(app.config.keyEncryptionKey);
  app.get('/ui/sign-in', {
    config: {
      auth: 'public',
      docs: pageDocs(
        'Sign-in page',
        'Query: return_to (a path of this service: /v1/oauth/authorize?... or /v1/ui/...). Form fields: username, password (stable names).',
        {
          200: { description: 'HTML sign-in form' },
          303: { description: 'Already signed in: to return_to' },
        },
      ),
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
      docs: formPageDocs(
        'Sign in',
        'Form fields: username, password, return_to, csrf_token. A refusal is the form again (200) with one message whatever the reason. Throttled (docs/security.md, "Throttles"): after 5 failed attempts for a username from one address within 15 minutes, that pair is answered 429 until the oldest leaves the window; after 20 from all addresses, the username is locked everywhere for 15 minutes, doubling for each lockout in a row up to 4 hours. Attempts are counted before the password is checked, so parallel attempts get no more. One password check at a time per address.',
        {
          200: { description: 'HTML sign-in form with the refusal message' },
          303: { description: 'Signed in: to return_to, with a new session cookie' },
          429: { description: 'HTML sign-in form: too many failed attempts, or too many from this address at once; Retry-After says when to try again' },
          503: { description: 'HTML sign-in form: too many sign-ins being checked at once in this server; Retry-After: 1' },
        },
      ),
    },
    handler: async (request, reply) => {
      const now = new Date();
      const session = await requireFormSession(app, request, reply, now);
      if (!session) return reply;
      const returnTo = safeReturnPath(formField(request.body, 'return_to'));
      if (session.user) return sendSeeOther(reply, returnTo);
      const username = formField(request.body, 'username') ?? '';
      const result = await attemptSignIn({ db: app.db, typedNames }, { username, password: formField(request.body, 'password') ?? '', ip: request.ip, now });
      if (result.outcome !== 'signed_in') {
        // Nothing to join (the throttle's row is its own write), and the refusal must not wait for the audit log.
        const context = { actor: actorOf(request), request: requestInfoOf(request), now };
        const reason = result.outcome === 'throttled' ? 'too_many_failures' : result.outcome === 'busy' ? 'too_busy' : result.reason;
        app.auditLog.appendInBackground([signInFailedEvent(context, typedNames, { username, principalId: result.principalId }, reason)]);
      }
      if (result.outcome === 'throttled' || result.outcome === 'busy') {
        const { status, retryAfterSeconds, error } = refusalBeforeCheck(result);
        return sendPage(reply, renderSignInPage({ csrfToken: csrfTokenFor(session), returnTo, username, error }), {
          status,
          headers: { 'retry-after': String(retryAfterSeconds) },
        });
      }
      if (result.outcome === 'refused') {
        return sendPage(reply, renderSignInPage({ csrfToken: csrfTokenFor(session), returnTo, username, error: refusedMessage }));
      }
      const context = sessionChangeContext(request, result.user, now);
      // The new session and its auth.signed_in event in one transaction; the cookies once it commits
      // (a retried transaction would otherwise send them twice).
      const cookies = await inTransaction(app.db, async (trx) => {
        const sink = new CookieList();
        await endSession({ ...sessionDeps(app), db: trx }, sink, session);
        const signedIn = await startSession({ ...sessionDeps(app), db: trx }, sink, { user: result.user, now });
        await app.auditLog.append(trx, [signedInEvent(context, result.user, signedIn.expiresAt)]);
        return sink;
      });
      cookies.sendWith(reply);
      return sendSeeOther(reply, returnTo);
    },
  });
}
