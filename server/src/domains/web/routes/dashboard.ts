import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkClientRegistration, maxClientJwksBytes } from '../../../../../core/src/index.js';
import { ClientAgentRefused, clientDependents, deleteClient, listAgentChoices, listClients, registerClient, rotateClientSecret } from '../../../admin/index.js';
import { firstPartyClientIds } from '../../oauth/index.js';
import { csrfTokenFor } from '../csrf.js';
import { formField, formFields, formPageDocs, pageDocs, requireFormSession, sessionChangeContext, sessionDeps } from '../page-context.js';
import { emptyRegistrationForm, renderClientSecretPage, renderDashboardPage, type RegistrationFormValues } from '../pages/dashboard-page.js';
import { renderConfirmClientPage, type ClientChange } from '../pages/confirm-client-page.js';
import { renderMessagePage } from '../pages/message-page.js';
import { signInPath } from '../return-to.js';
import { sendPage, sendSeeOther } from '../send-page.js';
import { loadSession, type SignedInUser, type WebSession } from '../sessions.js';

type AdminSession = WebSession & { user: SignedInUser };

/**
 * The dashboard, for users whose principal has `is_admin: true` (spec: OAuth clients are
 * "created in the service's dashboard"). Order on every request: session, then (forms) the CSRF
 * token, then signed in (else to the sign-in page), then admin (else a 403 page). Each change
 * is made by admin/clients.ts, in one transaction with its client.* event, the signed-in user as its actor.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const refuseNonAdmin = (reply: FastifyReply, session: AdminSession): FastifyReply =>
    sendPage(
      reply,
      renderMessagePage({
        title: 'Administrators only',
        message: 'The dashboard is for administrators: ask one to give your user the attribute is_admin.',
        code: 'forbidden',
        signedIn: { user: session.user, csrfToken: csrfTokenFor(session) },
      }),
      { status: 403 },
    );

  /** For a form POST: the admin session, or undefined once the answer (403 or 303) is sent. */
  const adminFormSession = async (request: FastifyRequest, reply: FastifyReply): Promise<AdminSession | undefined> => {
    const session = await requireFormSession(app, request, reply, new Date());
    if (!session) return undefined;
    if (!session.user) {
      sendSeeOther(reply, signInPath('/v1/ui/dashboard'));
      return undefined;
    }
    if (!session.user.isAdmin) {
      refuseNonAdmin(reply, session as AdminSession);
      return undefined;
    }
    return session as AdminSession;
  };

  const showDashboard = async (
    reply: FastifyReply,
    session: AdminSession,
    extra: { form?: RegistrationFormValues; problems?: string[]; notice?: string; status?: number } = {},
  ): Promise<FastifyReply> =>
    sendPage(
      reply,
      renderDashboardPage({
        user: session.user,
        csrfToken: csrfTokenFor(session),
        clients: await listClients(app.db),
        agents: await listAgentChoices(app.db),
        protectedClientIds: firstPartyClientIds,
        form: extra.form ?? emptyRegistrationForm,
        problems: extra.problems,
        notice: extra.notice,
      }),
      { status: extra.status ?? 200 },
    );

  const noSuchClient = (reply: FastifyReply, message: string): FastifyReply =>
    sendPage(
      reply,
      renderMessagePage({ title: 'No such client', message, code: 'not_found', link: { href: '/v1/ui/dashboard', text: 'Back to the dashboard' } }),
      { status: 404 },
    );

  const builtInClient = (reply: FastifyReply, clientId: string): FastifyReply =>
    sendPage(
      reply,
      renderMessagePage({
        title: 'Built-in client',
        message: `${clientId} is the acctl CLI's own client; deleting it would stop everyone signing in with the CLI.`,
        code: 'conflict',
        link: { href: '/v1/ui/dashboard', text: 'Back to the dashboard' },
      }),
      { status: 409 },
    );

  /**
   * The confirmation step of a change with no undo: what stops working, then one form with
   * `confirm=yes`. A POST without it (a one-click form, a forged or replayed one) lands here too.
   */
  const confirmClientChange = async (reply: FastifyReply, session: AdminSession, change: ClientChange, clientId: string): Promise<FastifyReply> => {
    if (change === 'delete' && firstPartyClientIds.includes(clientId)) return builtInClient(reply, clientId);
    const dependents = await clientDependents(app.db, clientId, new Date());
    if (!dependents || (change === 'rotate-secret' && dependents.client.client_type !== 'confidential'))
      return noSuchClient(reply, `No ${change === 'delete' ? '' : 'confidential '}client has the client_id ${clientId}.`);
    return sendPage(reply, renderConfirmClientPage({ user: session.user, csrfToken: csrfTokenFor(session), change, dependents }));
  };

  for (const change of ['delete', 'rotate-secret'] as const)
    app.get<{ Params: { client_id: string } }>(`/ui/dashboard/clients/:client_id/${change}`, {
      config: {
        auth: 'public',
        docs: pageDocs(
          change === 'delete' ? 'Confirm deleting a client' : "Confirm rotating a client's secret",
          'What stops working and that there is no undo, with the form that makes the change (confirm=yes).',
          {
            200: { description: 'HTML page with the confirmation form' },
            303: { description: 'Not signed in: to the sign-in page' },
            403: { description: 'HTML page: not an administrator' },
            404: { description: 'HTML page: no such client' },
            409: { description: 'HTML page: a built-in client (delete only)' },
          },
        ),
      },
      handler: async (request, reply) => {
        const session = await loadSession(sessionDeps(app), request, new Date());
        if (!session?.user) return sendSeeOther(reply, signInPath('/v1/ui/dashboard'));
        if (!session.user.isAdmin) return refuseNonAdmin(reply, session as AdminSession);
        return confirmClientChange(reply, session as AdminSession, change, request.params.client_id);
      },
    });

  app.get('/ui/dashboard', {
    config: {
      auth: 'public',
      docs: pageDocs('Dashboard: OAuth clients', 'For users with is_admin. Lists the clients and has the registration form.', {
        200: { description: 'HTML page' },
        303: { description: 'Not signed in: to the sign-in page' },
        403: { description: 'HTML page: not an administrator' },
      }),
    },
    handler: async (request, reply) => {
      const session = await loadSession(sessionDeps(app), request, new Date());
      if (!session?.user) return sendSeeOther(reply, signInPath('/v1/ui/dashboard'));
      if (!session.user.isAdmin) return refuseNonAdmin(reply, session as AdminSession);
      const deleted = formField(request.query, 'deleted');
      return showDashboard(reply, session as AdminSession, { notice: deleted !== undefined ? `Deleted the client ${deleted}.` : undefined });
    },
  });

  app.post('/ui/dashboard/clients', {
    config: {
      auth: 'public',
      docs: formPageDocs(
        'Register an OAuth client',
        'Form fields: name, client_type (confidential or public), grant_types (repeated), redirect_uris (one per line), scopes (repeated), owners (policy owners it may write, one per line), agent (the id of the agent principal it acts as, or empty), token_endpoint_auth_method (client_secret_basic or private_key_jwt) with, for private_key_jwt, jwks (a JWK Set as JSON text) or jwks_uri, csrf_token. The answer shows the client_id and, for a client with a secret, the secret, once.',
        {
          200: { description: 'HTML page with the client_id and secret' },
          400: { description: 'HTML dashboard with the problems' },
        },
      ),
    },
    handler: async (request, reply) => {
      const session = await adminFormSession(request, reply);
      if (!session) return reply;
      const form: RegistrationFormValues = {
        name: formField(request.body, 'name') ?? '',
        clientType: formField(request.body, 'client_type') === 'public' ? 'public' : 'confidential',
        grantTypes: formFields(request.body, 'grant_types'),
        redirectUris: formField(request.body, 'redirect_uris') ?? '',
        scopes: formFields(request.body, 'scopes'),
        owners: formField(request.body, 'owners') ?? '',
        agent: formField(request.body, 'agent') ?? '',
        authMethod: formField(request.body, 'token_endpoint_auth_method') === 'private_key_jwt' ? 'private_key_jwt' : 'client_secret_basic',
        jwks: formField(request.body, 'jwks') ?? '',
        jwksUri: formField(request.body, 'jwks_uri') ?? '',
      };
      const keys = registrationKeys(form);
      if (!keys.ok) return showDashboard(reply, session, { form, problems: keys.problems, status: 400 });
      const checked = checkClientRegistration(
        {
          name: form.name,
          public: form.clientType === 'public',
          grantTypes: form.grantTypes,
          redirectUris: form.redirectUris
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter((line) => line.length > 0),
          scopes: form.scopes,
          owners: form.owners.split(/\r?\n/),
          agent: form.agent,
          ...keys.keys,
        },
        { allowInsecure: app.config.allowInsecureRedirectUris },
        // Where the server may fetch from: the rule of webhooks (security/destination.ts checks each fetch).
        { allowHttp: app.config.webhooksAllowHttp },
      );
      if (!checked.ok) return showDashboard(reply, session, { form, problems: checked.problems, status: 400 });
      let registered;
      try {
        registered = await registerClient(app, sessionChangeContext(request, session.user, new Date()), {
          ...checked.registration,
          createdBy: `user:${session.user.id}`,
        });
      } catch (error) {
        // The agent was disabled, deleted or never one since the form was shown: say so, as a problem of the form.
        if (error instanceof ClientAgentRefused) return showDashboard(reply, session, { form, problems: [error.message], status: 400 });
        throw error;
      }
      const { client, secret } = registered;
      return sendPage(
        reply,
        renderClientSecretPage({
          user: session.user,
          csrfToken: csrfTokenFor(session),
          heading: 'Client registered',
          client: { id: client.client_id, name: client.name },
          secret,
          keyAuthenticated: client.client_type === 'confidential' && secret === null,
        }),
      );
    },
  });

  app.post<{ Params: { client_id: string } }>('/ui/dashboard/clients/:client_id/rotate-secret', {
    config: {
      auth: 'public',
      docs: formPageDocs(
        'Rotate a client secret',
        'Form fields: csrf_token, confirm=yes (without it, the confirmation page and nothing changed). The old secret stops working at once; the new one is shown once.',
        {
          200: { description: 'HTML page with the new secret, or the confirmation page' },
          404: { description: 'HTML page: no such client' },
          409: { description: 'HTML page: a private_key_jwt client, which has no secret' },
        },
      ),
    },
    handler: async (request, reply) => {
      const session = await adminFormSession(request, reply);
      if (!session) return reply;
      if (formField(request.body, 'confirm') !== 'yes') return confirmClientChange(reply, session, 'rotate-secret', request.params.client_id);
      const rotation = await rotateClientSecret(app, sessionChangeContext(request, session.user, new Date()), request.params.client_id);
      if (!rotation.rotated && rotation.reason === 'private_key_jwt_client')
        return sendPage(
          reply,
          renderMessagePage({
            title: 'No secret to rotate',
            message: `${request.params.client_id} authenticates with private_key_jwt: it has no secret. Rotate its key in its JWK Set.`,
            code: 'conflict',
            link: { href: '/v1/ui/dashboard', text: 'Back to the dashboard' },
          }),
          { status: 409 },
        );
      if (!rotation.rotated) return noSuchClient(reply, `No confidential client has the client_id ${request.params.client_id}.`);
      return sendPage(
        reply,
        renderClientSecretPage({
          user: session.user,
          csrfToken: csrfTokenFor(session),
          heading: 'New client secret',
          client: { id: rotation.client.client_id, name: rotation.client.name },
          secret: rotation.secret,
        }),
      );
    },
  });

  app.post<{ Params: { client_id: string } }>('/ui/dashboard/clients/:client_id/delete', {
    config: {
      auth: 'public',
      docs: formPageDocs(
        'Delete a client',
        'Form fields: csrf_token, confirm=yes (without it, the confirmation page and nothing changed). Its refresh tokens, access tokens and the API tokens it made stop working at once, on every replica. The built-in acctl-cli client cannot be deleted here.',
        {
          200: { description: 'HTML page: the confirmation page' },
          303: { description: 'To the dashboard' },
          404: { description: 'HTML page: no such client' },
          409: { description: 'HTML page: a built-in client' },
        },
      ),
    },
    handler: async (request, reply) => {
      const session = await adminFormSession(request, reply);
      if (!session) return reply;
      const { client_id: clientId } = request.params;
      if (firstPartyClientIds.includes(clientId)) return builtInClient(reply, clientId);
      if (formField(request.body, 'confirm') !== 'yes') return confirmClientChange(reply, session, 'delete', clientId);
      if (!(await deleteClient(app, sessionChangeContext(request, session.user, new Date()), clientId)))
        return noSuchClient(reply, `No client has the client_id ${clientId}.`);
      return sendSeeOther(reply, `/v1/ui/dashboard?${new URLSearchParams({ deleted: clientId }).toString()}`);
    },
  });
}

/**
 * The form's key fields as checkClientRegistration takes them (the CLI's --jwks file and
 * --jwks-uri): the rules of the keys are core's; here only the JSON text is parsed, and the choice
 * of method is held to the fields given, so a key pasted under "a secret" is not silently dropped.
 */
function registrationKeys(form: RegistrationFormValues): { ok: true; keys: { jwks?: unknown; jwksUri?: string } } | { ok: false; problems: string[] } {
  const jwksText = form.jwks.trim();
  const jwksUri = form.jwksUri.trim();
  if (form.authMethod === 'client_secret_basic')
    return jwksText === '' && jwksUri === ''
      ? { ok: true, keys: {} }
      : { ok: false, problems: ['A JWK Set or jwks_uri is for private_key_jwt: choose it, or empty those fields'] };
  if (jwksText === '' && jwksUri === '') return { ok: false, problems: ['private_key_jwt needs the client’s public keys: a JWK Set or a jwks_uri'] };
  if (jwksText === '') return { ok: true, keys: { jwksUri } };
  // Larger than core's limit by far: not parsed at all.
  if (jwksText.length > 4 * maxClientJwksBytes) return { ok: false, problems: [`The JWK Set is larger than ${maxClientJwksBytes} bytes`] };
  try {
    return { ok: true, keys: { jwks: JSON.parse(jwksText) as unknown, ...(jwksUri === '' ? {} : { jwksUri }) } };
  } catch {
    return { ok: false, problems: ['The JWK Set is not JSON'] };
  }
}
