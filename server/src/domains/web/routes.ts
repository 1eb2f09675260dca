import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { errorCatalog } from '../../errors/catalog.js';
import { isDatabaseUnavailable, isUnstorableInput } from '../../plugins/errors.js';
import { pruneExpiredOAuthRows } from '../oauth/index.js';
import { renderMessagePage } from './pages/message-page.js';
import { pruneExpiredWebRows } from './prune-expired.js';
import { authorizeRoutes } from './routes/authorize.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { delegationRoutes } from './routes/delegations.js';
import { passwordRoutes } from './routes/password.js';
import { signInRoutes } from './routes/sign-in.js';
import { signOutRoutes } from './routes/sign-out.js';
import { sendPage } from './send-page.js';
import { registerRoutes } from '../../http/named-plugin.js';

/** How often each replica deletes expired sessions, codes and grants (several replicas doing it is harmless). */
const pruneEverySeconds = 10 * 60;

/**
 * The server-rendered pages: the authorization endpoint with its consent page
 * (/v1/oauth/authorize), sign-in and sign-out (/v1/ui/sign-in, /v1/ui/sign-out), the
 * dashboard (/v1/ui/dashboard), the signed-in user's password change (/v1/ui/password) and their
 * consent to agents acting for them (/v1/ui/delegations). Every route is `auth: 'public'` and checks the browser session
 * itself. Errors here are answered as HTML pages (a person is reading), by this context's own
 * handler; the rest of the API keeps plugins/errors.
 */
export async function webRoutes(app: FastifyInstance): Promise<void> {
  // RFC 6749 and HTML forms send application/x-www-form-urlencoded; only this context parses it.
  await app.register(formbody, { bodyLimit: app.config.bodyLimit });
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const status =
      error instanceof ApiError
        ? error.status
        : isDatabaseUnavailable(error)
          ? 503
          : isUnstorableInput(error)
            ? 400
            : ((error as FastifyError).statusCode ?? 500);
    const code =
      error instanceof ApiError
        ? error.code
        : status === 503
          ? 'service_unavailable'
          : status === 413
            ? 'payload_too_large'
            : status === 415
              ? 'unsupported_media_type'
              : status >= 500
                ? 'internal_error'
                : 'validation_failed';
    if (status >= 500) request.log.error({ err: error }, 'page failed');
    else request.log.info({ code, status }, error.message);
    const message =
      status >= 500
        ? `Something went wrong on our side. Try again shortly; if it keeps happening, quote the request id ${request.id}.`
        : errorCatalog[code].title;
    return sendPage(reply, renderMessagePage({ title: status >= 500 ? 'Something went wrong' : 'This request could not be handled', message, code }), {
      status,
      headers: status === 503 ? { 'retry-after': '5' } : {},
    });
  });

  await registerRoutes(app, [authorizeRoutes, signInRoutes, signOutRoutes, dashboardRoutes, passwordRoutes, delegationRoutes]);

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      const now = new Date();
      Promise.all([pruneExpiredWebRows(app.db, now), pruneExpiredOAuthRows(app.db, now)]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'pruning expired sessions and grants failed'),
      );
    }, pruneEverySeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
