import type { FastifyInstance } from 'fastify';
import { csrfTokenFor } from '../csrf.js';
import { inTransaction } from '../../../db/transaction-retry.js';
import { formPageDocs, pageDocs, requireFormSession, sessionChangeContext, sessionDeps } from '../page-context.js';
import { renderSignOutPage } from '../pages/sign-out-page.js';
import { sendPage, sendSeeOther } from '../send-page.js';
import { signedOutEvent } from '../sign-in.js';
import { CookieList, endSession, loadSession } from '../sessions.js';

/** Sign-out deletes the session row, so the cookie stops working everywhere it was copied; auth.signed_out records it. */
export async function signOutRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ui/sign-out', {
    config: {
      auth: 'public',
      docs: pageDocs('Sign-out page', 'A form that signs out (POST, with the CSRF token).', {
        200: { description: 'HTML page' },
        303: { description: 'Not signed in: to the sign-in page' },
      }),
    },
    handler: async (request, reply) => {
      const session = await loadSession(sessionDeps(app), request, new Date());
      if (!session?.user) return sendSeeOther(reply, '/v1/ui/sign-in');
      return sendPage(reply, renderSignOutPage({ user: session.user, csrfToken: csrfTokenFor(session) }));
    },
  });

  app.post('/ui/sign-out', {
    config: {
      auth: 'public',
      docs: formPageDocs('Sign out', 'Form field: csrf_token. Deletes the session.', { 303: { description: 'To the sign-in page, with the cookie cleared' } }),
    },
    handler: async (request, reply) => {
      const session = await requireFormSession(app, request, reply, new Date());
      if (!session) return reply;
      const user = session.user;
      const context = user ? sessionChangeContext(request, user, new Date()) : undefined;
      // The event only when this request ended the session: of two sign-outs at once, one did.
      const cookies = await inTransaction(app.db, async (trx) => {
        const sink = new CookieList();
        const ended = await endSession({ ...sessionDeps(app), db: trx }, sink, session);
        if (ended && user && context) await app.auditLog.append(trx, [signedOutEvent(context, user)]);
        return sink;
      });
      cookies.sendWith(reply);
      return sendSeeOther(reply, '/v1/ui/sign-in?signed_out=1');
    },
  });
}
