import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tokenExchangeGrantType } from '../../../../../core/src/index.js';
import { listClients } from '../../../admin/index.js';
import {
  DelegationGrantRaced,
  findDelegationGrant,
  grantDelegation,
  listDelegationGrants,
  revokeDelegation,
  scopesUserMayGrant,
  summarizeDelegationGrant,
} from '../../oauth/index.js';
import { csrfTokenFor } from '../csrf.js';
import { formField, formFields, formPageDocs, pageDocs, requireFormSession, sessionChangeContext, sessionDeps } from '../page-context.js';
import { renderDelegationsPage, type AgentClientChoice, type DelegationFormValues } from '../pages/delegations-page.js';
import { renderMessagePage } from '../pages/message-page.js';
import { signInPath } from '../return-to.js';
import { sendPage, sendSeeOther } from '../send-page.js';
import { loadSession, type SignedInUser, type WebSession } from '../sessions.js';

const delegationsPath = '/v1/ui/delegations';
const pageSize = 50;
/** What the form offers; the configured maximum when that is shorter. */
const defaultDays = 30;
/** Form values longer than this are nobody's typing: refused before any lookup. */
const maxFieldLength = 200;

type SignedInSession = WebSession & { user: SignedInUser };

const grantIdParams = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' } },
  required: ['id'],
  additionalProperties: false,
} as const;

/**
 * The consent page of delegation (issue #36, docs/oauth.md "Delegation"): a signed-in user allows
 * an agent client to act for them, lists their grants and revokes them; an administrator (is_admin)
 * sees and revokes every user's. Order on a POST: session and CSRF token, signed in, the form's
 * shape, then what the user holds and the agent is allowed. Every write is grantDelegation or
 * revokeDelegation, so the events and the credentials counter are theirs.
 */
export async function delegationRoutes(app: FastifyInstance): Promise<void> {
  const maxDays = app.config.delegationGrantMaxDays;
  const emptyForm: DelegationFormValues = { agentClientId: '', scopes: [], days: String(Math.min(defaultDays, maxDays)) };

  /** The clients registered for token exchange: what a grant may name. */
  const agentClients = async (): Promise<AgentClientChoice[]> =>
    (await listClients(app.db))
      .filter((client) => client.grant_types.includes(tokenExchangeGrantType))
      .map((client) => ({ clientId: client.client_id, name: client.name, allowedScopes: client.allowed_scopes }));

  const showPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: SignedInSession,
    extra: { form?: DelegationFormValues; problems?: string[]; notice?: string; status?: number } = {},
  ): Promise<FastifyReply> => {
    const everyUser = session.user.isAdmin;
    const filter = formField(request.query, 'principal')?.trim();
    const principalFilter = everyUser && filter && filter.length <= maxFieldLength ? filter : undefined;
    const pageText = formField(request.query, 'page');
    const page = pageText !== undefined && /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1;
    const { rows, total } = await listDelegationGrants(app.db, { principalId: everyUser ? principalFilter : session.user.id, page, limit: pageSize });
    return sendPage(
      reply,
      renderDelegationsPage({
        user: session.user,
        csrfToken: csrfTokenFor(session),
        agents: await agentClients(),
        grantableScopes: scopesUserMayGrant(session.user),
        maxDays,
        form: extra.form ?? emptyForm,
        grants: rows.map(summarizeDelegationGrant),
        everyUser,
        principalFilter,
        page,
        hasNextPage: page * pageSize < total,
        now: new Date(),
        problems: extra.problems,
        notice: extra.notice,
      }),
      { status: extra.status ?? 200 },
    );
  };

  /** For a form POST: the signed-in session, or undefined once the answer (403 or 303) is sent. */
  const signedInFormSession = async (request: FastifyRequest, reply: FastifyReply): Promise<SignedInSession | undefined> => {
    const session = await requireFormSession(app, request, reply, new Date());
    if (!session) return undefined;
    if (!session.user) {
      sendSeeOther(reply, signInPath(delegationsPath));
      return undefined;
    }
    return session as SignedInSession;
  };

  app.get('/ui/delegations', {
    config: {
      auth: 'public',
      docs: pageDocs(
        'Agents acting for you: delegation grants',
        "For a signed-in user: their delegation grants with a revoke form each, and the form that allows an agent client to act for them (token exchange). An administrator sees every user's grants (query `principal`: one user's). Query `page`: older grants, 50 a page.",
        { 200: { description: 'HTML page' }, 303: { description: 'Not signed in: to the sign-in page' } },
      ),
    },
    handler: async (request, reply) => {
      const session = await loadSession(sessionDeps(app), request, new Date());
      if (!session?.user) return sendSeeOther(reply, signInPath(delegationsPath));
      const notice =
        formField(request.query, 'granted') !== undefined ? 'Granted.' : formField(request.query, 'revoked') !== undefined ? 'Revoked.' : undefined;
      return showPage(request, reply, session as SignedInSession, { notice });
    },
  });

  app.post('/ui/delegations', {
    config: {
      auth: 'public',
      docs: formPageDocs(
        'Allow an agent to act for you',
        `Form fields: agent_client_id (a client registered for token exchange), scopes (repeated: each one the user may grant and the client is allowed), expires_in_days (1 to the configured delegationGrantMaxDays), csrf_token. Records delegation.granted; an unrevoked grant of the same user for the same agent is revoked and replaced (delegation.revoked).`,
        {
          303: { description: 'Granted: to the delegations page' },
          400: { description: 'HTML page with the problems' },
          409: { description: 'HTML page: a grant for the same agent was given at the same moment (another tab); it stands' },
        },
      ),
    },
    handler: async (request, reply) => {
      const session = await signedInFormSession(request, reply);
      if (!session) return reply;
      const form: DelegationFormValues = {
        agentClientId: formField(request.body, 'agent_client_id') ?? '',
        scopes: formFields(request.body, 'scopes'),
        days: formField(request.body, 'expires_in_days') ?? '',
      };
      const problems: string[] = [];
      const agent = (await agentClients()).find((candidate) => candidate.clientId === form.agentClientId);
      if (!agent) problems.push('Choose an agent from the list: no client registered for token exchange has that client_id.');
      if (form.scopes.length === 0) problems.push('Choose at least one scope.');
      if (form.scopes.length > 50 || form.scopes.some((scope) => scope.length > maxFieldLength)) problems.push('The scopes are not ones this page offers.');
      else {
        const grantable = scopesUserMayGrant(session.user);
        const notHeld = form.scopes.filter((scope) => !grantable.includes(scope));
        if (notHeld.length > 0) problems.push(`You cannot grant ${notHeld.join(', ')}: you do not hold it.`);
        const notAllowed = agent ? form.scopes.filter((scope) => grantable.includes(scope) && !agent.allowedScopes.includes(scope)) : [];
        if (notAllowed.length > 0) problems.push(`${agent!.name} is not allowed ${notAllowed.join(', ')}.`);
      }
      const days = /^\d{1,4}$/.test(form.days) ? Number(form.days) : NaN;
      if (!(days >= 1 && days <= maxDays)) problems.push(`The grant lasts 1 to ${maxDays} days.`);
      const shownForm = { ...form, agentClientId: agent ? form.agentClientId : '', days: form.days.length <= 4 ? form.days : '' };
      if (problems.length > 0) return showPage(request, reply, session, { form: shownForm, problems, status: 400 });

      const now = new Date();
      try {
        await grantDelegation(app, sessionChangeContext(request, session.user, now), {
          principalId: session.user.id,
          agentClientId: agent!.clientId,
          scopes: [...new Set(form.scopes)],
          expiresAt: new Date(now.getTime() + days * 86_400_000),
        });
      } catch (error) {
        if (error instanceof DelegationGrantRaced)
          return showPage(request, reply, session, {
            form: shownForm,
            problems: [`A grant for ${agent!.name} was given at the same moment, perhaps in another tab: it stands, as listed. Submit again to replace it.`],
            status: 409,
          });
        throw error;
      }
      return sendSeeOther(reply, `${delegationsPath}?granted=1`);
    },
  });

  app.post<{ Params: { id: string } }>('/ui/delegations/:id/revoke', {
    config: {
      auth: 'public',
      docs: formPageDocs(
        'Revoke a delegation grant',
        "Form field: csrf_token. The user's own grant, or any with is_admin; another user's is 404, as an unknown one. Every token exchanged under it ends, on every replica (delegation.revoked). A grant already revoked changes nothing.",
        {
          303: { description: 'To the delegations page' },
          400: { description: 'HTML page: the id is not a grant id' },
          404: { description: 'HTML page: no such grant' },
        },
      ),
    },
    schema: { params: grantIdParams },
    handler: async (request, reply) => {
      const session = await signedInFormSession(request, reply);
      if (!session) return reply;
      const grant = await findDelegationGrant(app.db, request.params.id);
      if (!grant || (!session.user.isAdmin && grant.principal_id !== session.user.id))
        return sendPage(
          reply,
          renderMessagePage({
            title: 'No such grant',
            message: 'No delegation grant of yours has that id.',
            code: 'not_found',
            link: { href: delegationsPath, text: 'Back to your grants' },
            signedIn: { user: session.user, csrfToken: csrfTokenFor(session) },
          }),
          { status: 404 },
        );
      await revokeDelegation(app, sessionChangeContext(request, session.user, new Date()), grant.id);
      return sendSeeOther(reply, `${delegationsPath}?revoked=1`);
    },
  });
}
