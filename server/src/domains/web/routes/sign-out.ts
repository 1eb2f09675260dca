import type { FastifyInstance } from 'fastify';
import { csrfTokenFor } from '../csrf.js';
import { formPageDocs, pageDocs, requireFormSession, sessionDeps } from '../page-context.js';
import { renderSignOutPage } from '../pages/sign-out-page.js';
import { sendPage, sendSeeOther } from '../send-page.js';
import { endSession, loadSession } from '../sessions.js';

/** Sign-out deletes the session row, so the cookie stops working everywhere it was copied. */
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
      await endSession(sessionDeps(app), reply, session);
      return sendSeeOther(reply, '/v1/ui/sign-in?signed_out=1');
    },
  });
}
