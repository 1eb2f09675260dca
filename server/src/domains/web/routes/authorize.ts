import type { FastifyInstance, FastifyReply } from 'fastify';
import { AccessDenied } from '../../../errors/oauth-errors.js';
import {
  authorizationResponseUrl,
  AuthorizationErrorResponse,
  UntrustedAuthorizationRequest,
  checkAuthorizationRequest,
  knownResources,
  type AuthorizationRequest,
  issueAuthorizationCode,
  limitScopesToUser,
} from '../../oauth/index.js';
import { decodeAuthorizationRequest, encodeAuthorizationRequest } from '../authorization-request-field.js';
import { csrfTokenFor } from '../csrf.js';
import { formField, formPageDocs, pageDocs, requireFormSession, sessionDeps, signedInHeader } from '../page-context.js';
import { renderConsentPage } from '../pages/consent-page.js';
import { renderMessagePage } from '../pages/message-page.js';
import { signInPath } from '../return-to.js';
import { sendPage, sendSeeOther } from '../send-page.js';
import { loadSession } from '../sessions.js';

/**
 * GET /oauth/authorize (spec, "GET /oauth/authorize"): the authorization request is checked
 * (oauth/authorization-endpoint), the user signs in if needed, then sees the consent page.
 * POST /oauth/authorize: the consent page's decision. Both answer the client with a 303 to its
 * redirect URI carrying code or error, state and iss.
 */
export async function authorizeRoutes(app: FastifyInstance): Promise<void> {
  const issuer = app.config.publicUrl;

  /** An authorization error goes where checkAuthorizationRequest said: a page, or back to the client. */
  const answerFailure = (reply: FastifyReply, error: unknown): FastifyReply => {
    if (error instanceof AuthorizationErrorResponse) {
      return sendSeeOther(reply, authorizationResponseUrl(error.redirectUri, issuer, { error: error.oauthError }, error.state));
    }
    if (error instanceof UntrustedAuthorizationRequest) {
      return sendPage(
        reply,
        renderMessagePage({
          title: 'This sign-in link is not valid',
          message: `${error.message}. The application that sent you here is misconfigured or is not what it claims to be, so you were not sent back to it.`,
          code: error.oauthError.error,
        }),
        { status: 400 },
      );
    }
    throw error;
  };

  const deny = (reply: FastifyReply, request: AuthorizationRequest, description: string): FastifyReply =>
    sendSeeOther(reply, authorizationResponseUrl(request.redirectUri, issuer, { error: new AccessDenied(description) }, request.state));

  app.get('/oauth/authorize', {
    config: {
      auth: 'public',
      docs: pageDocs(
        'Start the authorization-code flow (RFC 6749 section 4.1)',
        'Query: response_type=code, client_id, redirect_uri, scope, state, code_challenge, code_challenge_method=S256, resource (RFC 8707: the API the tokens are for; schemas/oauth-authorization-request.json; PKCE required for public clients). Answers the consent page, a 303 to the sign-in page, or a 303 to the redirect URI with error, state and iss. An unknown client or unregistered redirect URI is a 400 page, never a redirect.',
        {
          200: { description: 'HTML consent page' },
          303: { description: 'To the sign-in page, or to the redirect URI with an error' },
          400: { description: 'HTML page: unknown client or unregistered redirect URI' },
        },
      ),
    },
    handler: async (request, reply) => {
      const now = new Date();
      let authorization: AuthorizationRequest;
      try {
        authorization = await checkAuthorizationRequest(app.db, request.query, knownResources(app.config));
      } catch (error) {
        return answerFailure(reply, error);
      }
      const session = await loadSession(sessionDeps(app), request, now);
      if (!session?.user) return sendSeeOther(reply, signInPath(request.url));
      const consent = limitScopesToUser(authorization.scopes, session.user);
      if (consent.granted.length === 0) return deny(reply, authorization, 'The signed-in user may not grant any of the requested scopes');
      const redirectOrigin = new URL(authorization.redirectUri).origin;
      const page = renderConsentPage({
        user: session.user,
        csrfToken: csrfTokenFor(session),
        client: { id: authorization.client.client_id, name: authorization.client.name },
        granted: consent.granted,
        withheld: consent.withheld,
        redirectOrigin,
        resource: authorization.resource === app.config.publicUrl ? undefined : authorization.resource,
        // The resource as checked: one string (a repeated one was refused).
        authorizationRequest: encodeAuthorizationRequest({ ...authorization.parameters, resource: authorization.resource }),
      });
      // The consent POST is answered with a redirect to the client, which form-action must allow.
      return sendPage(reply, page, { formActionOrigins: [redirectOrigin] });
    },
  });

  app.post('/oauth/authorize', {
    config: {
      auth: 'public',
      docs: formPageDocs(
        'Approve or deny an authorization request (the consent form)',
        'Form fields: csrf_token, authorization_request (from the consent page) and decision=approve or decision=deny (the stable names of the consent buttons). Answers 303 to the redirect URI with code (or error=access_denied), state and iss.',
        { 303: { description: 'To the redirect URI' }, 400: { description: 'HTML page: the authorization request is not valid' } },
      ),
    },
    handler: async (request, reply) => {
      const now = new Date();
      const session = await requireFormSession(app, request, reply, now);
      if (!session) return reply;
      if (!session.user) {
        return sendPage(
          reply,
          renderMessagePage({ title: 'Sign in first', message: 'Your session has ended. Start again from the application.', code: 'forbidden' }),
          { status: 403 },
        );
      }
      const parameters = decodeAuthorizationRequest(formField(request.body, 'authorization_request'));
      if (!parameters) {
        return sendPage(
          reply,
          renderMessagePage({ title: 'This consent form is damaged', message: 'Start again from the application.', code: 'invalid_request' }),
          { status: 400 },
        );
      }
      let authorization: AuthorizationRequest;
      try {
        authorization = await checkAuthorizationRequest(app.db, parameters, knownResources(app.config));
      } catch (error) {
        return answerFailure(reply, error);
      }
      const decision = formField(request.body, 'decision');
      if (decision === 'deny') return deny(reply, authorization, 'The user denied the request');
      if (decision !== 'approve') {
        return sendPage(
          reply,
          renderMessagePage({
            title: 'Choose Approve or Deny',
            message: 'The form did not say whether you approve.',
            code: 'invalid_request',
            signedIn: signedInHeader(session),
          }),
          { status: 400 },
        );
      }
      const consent = limitScopesToUser(authorization.scopes, session.user);
      if (consent.granted.length === 0) return deny(reply, authorization, 'The signed-in user may not grant any of the requested scopes');
      const code = await issueAuthorizationCode(app.db, authorization, { principalId: session.user.id, scopes: consent.granted, now });
      return sendSeeOther(reply, authorizationResponseUrl(authorization.redirectUri, issuer, { code }, authorization.state));
    },
  });
}
