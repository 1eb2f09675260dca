import type { FastifyInstance, FastifyReply } from 'fastify';
import { actorOf, requestInfoOf } from '../../../events/context.js';
import { TypedNames } from '../../../security/typed-names.js';
import { patchPrincipal } from '../../principals/index.js';
import { csrfTokenFor } from '../csrf.js';
import { formField, formPageDocs, pageDocs, requireFormSession, sessionChangeContext, sessionDeps } from '../page-context.js';
import { renderMessagePage } from '../pages/message-page.js';
import { renderPasswordPage } from '../pages/password-page.js';
import { signInPath } from '../return-to.js';
import { sendPage, sendSeeOther } from '../send-page.js';
import { endOtherSessions, endSession, loadSession, startSession, type SignedInUser, type WebSession } from '../sessions.js';
import { attemptSignIn, signInFailedEvent } from '../sign-in.js';

/** The bounds of a password everywhere (schemas/principal-create-request.json, acctl server user create). */
const minPasswordLength = 12;
const maxPasswordLength = 1024;
const passwordPath = '/v1/ui/password';

type SignedInSession = WebSession & { user: SignedInUser };

/**
 * A person changes their own password here, and only with the current one: the REST API's
 * `password` needs admin:all (principals/power-fields.ts), so a stolen session or token with
 * write:principals cannot take the account over. Order on POST: session and CSRF token, signed
 * in, the new password's form (cheap, tells nothing), then the current password through the
 * sign-in check itself (attemptSignIn: its throttle and hashing slots, its auth.failed event), so
 * guessing it here costs what guessing at the sign-in page does. On success the principal.updated
 * event (data.password_changed) names the user as actor, every other session of the user ends,
 * and this one is replaced by a new one (a session id never outlives a credential change).
 */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const typedNames = new TypedNames(app.config.keyEncryptionKey);
  const showForm = (reply: FastifyReply, session: SignedInSession, error?: string, status = 200, headers: Record<string, string> = {}): FastifyReply =>
    sendPage(reply, renderPasswordPage({ user: session.user, csrfToken: csrfTokenFor(session), error }), { status, headers });

  app.get('/ui/password', {
    config: {
      auth: 'public',
      docs: pageDocs(
        'Change your password',
        'For a signed-in user. Form fields: current_password, new_password, new_password_confirm, csrf_token (stable names).',
        { 200: { description: 'HTML form' }, 303: { description: 'Not signed in: to the sign-in page' } },
      ),
    },
    handler: async (request, reply) => {
      const session = await loadSession(sessionDeps(app), request, new Date());
      if (!session?.user) return sendSeeOther(reply, signInPath(passwordPath));
      return showForm(reply, session as SignedInSession);
    },
  });

  app.post('/ui/password', {
    config: {
      auth: 'public',
      docs: formPageDocs(
        'Change your password',
        `Form fields: current_password, new_password, new_password_confirm (${minPasswordLength} to ${maxPasswordLength} characters, the same twice, not the current one), csrf_token. A wrong current password counts as a failed sign-in for the user (the sign-in throttle, an auth.failed event). On success every other session of the user ends and this one is renewed.`,
        {
          200: { description: 'HTML page: the password is changed, with a new session cookie' },
          303: { description: 'Not signed in: to the sign-in page' },
          400: { description: 'HTML form with the problem: wrong current password, or an unfit new one' },
          429: { description: 'HTML form: too many failed attempts; Retry-After says when to try again' },
          503: { description: 'HTML form: too many passwords being checked at once; Retry-After: 1' },
        },
      ),
    },
    handler: async (request, reply) => {
      const now = new Date();
      const formSession = await requireFormSession(app, request, reply, now);
      if (!formSession) return reply;
      if (!formSession.user) return sendSeeOther(reply, signInPath(passwordPath));
      const session = formSession as SignedInSession;
      const current = formField(request.body, 'current_password') ?? '';
      const fresh = formField(request.body, 'new_password') ?? '';
      if (fresh.length < minPasswordLength || fresh.length > maxPasswordLength)
        return showForm(reply, session, `The new password must have ${minPasswordLength} to ${maxPasswordLength} characters.`, 400);
      if (fresh !== formField(request.body, 'new_password_confirm')) return showForm(reply, session, 'The new password and its repetition differ.', 400);
      if (fresh === current) return showForm(reply, session, 'The new password must differ from the current one.', 400);

      const checked = await attemptSignIn({ db: app.db, typedNames }, { username: session.user.name, password: current, ip: request.ip, now });
      if (checked.outcome !== 'signed_in' || checked.user.id !== session.user.id) {
        const reason =
          checked.outcome === 'throttled'
            ? 'too_many_failures'
            : checked.outcome === 'busy'
              ? 'too_busy'
              : checked.outcome === 'refused'
                ? checked.reason
                : 'wrong_password';
        const context = { actor: actorOf(request), request: requestInfoOf(request), now };
        app.auditLog.appendInBackground([signInFailedEvent(context, typedNames, { username: session.user.name, principalId: session.user.id }, reason)]);
        if (checked.outcome === 'throttled')
          return showForm(reply, session, 'Too many wrong passwords for your user. Try again later.', 429, {
            'retry-after': String(checked.retryAfterSeconds),
          });
        if (checked.outcome === 'busy')
          return showForm(reply, session, 'Too many passwords are being checked at once. Try again in a moment.', checked.scope === 'key' ? 429 : 503, {
            'retry-after': '1',
          });
        return showForm(reply, session, 'The current password is incorrect.', 400);
      }

      // The person themselves, proven by the current password: an administrator may change their own.
      await patchPrincipal(app, sessionChangeContext(request, session.user, now), session.user.id, { password: fresh }, { mayChangeAdministrators: true });
      await endOtherSessions(sessionDeps(app), session);
      await endSession(sessionDeps(app), reply, session);
      const renewed = await startSession(sessionDeps(app), reply, { user: session.user, now });
      return sendPage(
        reply,
        renderMessagePage({
          title: 'Password changed',
          message: 'Your password is changed. Your other sessions have ended; sign in there again with the new password.',
          signedIn: { user: session.user, csrfToken: csrfTokenFor(renewed) },
        }),
      );
    },
  });
}
