import { expect } from 'chai';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { allScopes } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { openApiOperations, placeholderUrl, type Operation } from '../helpers/openapi-operations.js';
import { expectProblem } from '../helpers/responses.js';

/**
 * Every operation of the OpenAPI document (itself built from the route table), called as each kind
 * of caller: the scope each route declares is the scope it enforces. A route added without a
 * scope fails here unless it is added to the list of public routes below, on purpose.
 */
const publicOperations = [
  'GET /.well-known/oauth-authorization-server',
  'GET /.well-known/authzen-configuration',
  'GET /.well-known/oauth-protected-resource',
  'GET /v1/health',
  'GET /v1/ready',
  'GET /v1/openapi.json',
  'GET /v1/schemas/{name}',
  'GET /v1/schemas/v1/policy-file.json',
  'GET /v1/schemas/v1/policy-test-file.json',
  'GET /v1/schemas/v1/acctl-config-file.json',
  'GET /v1/oauth/.well-known/jwks.json',
  'POST /v1/oauth/token',
  'POST /v1/oauth/revoke',
  'POST /v1/oauth/introspect',
  'GET /v1/oauth/authorize',
  'POST /v1/oauth/authorize',
  'GET /v1/ui/sign-in',
  'POST /v1/ui/sign-in',
  'GET /v1/ui/sign-out',
  'POST /v1/ui/sign-out',
  'GET /v1/ui/dashboard',
  'POST /v1/ui/dashboard/clients',
  'GET /v1/ui/dashboard/clients/{client_id}/delete',
  'POST /v1/ui/dashboard/clients/{client_id}/delete',
  'GET /v1/ui/dashboard/clients/{client_id}/rotate-secret',
  'POST /v1/ui/dashboard/clients/{client_id}/rotate-secret',
  'GET /v1/ui/password',
  'POST /v1/ui/password',
  'GET /v1/ui/delegations',
  'POST /v1/ui/delegations',
  'POST /v1/ui/delegations/{id}/revoke',
];
/** Routes any valid token may call (they act on, or list, the caller's own tokens). */
const anyTokenOperations = [
  'GET /v1/auth/tokens',
  'POST /v1/auth/refresh',
  'DELETE /v1/auth/revoke',
  'GET /v1/delegation-grants',
  'DELETE /v1/delegation-grants/{id}',
];

describe('Scope matrix: every operation of the OpenAPI document enforces the scope it declares', () => {
  let t: TestApp;
  let client: TestClient;
  let operations: Operation[];
  const tokens = new Map<string, string>();

  before(async () => {
    t = await startTestApp();
    client = await registerClient(t.app, [...allScopes]);
    for (const scope of allScopes.filter((s) => s !== 'admin:all')) {
      // Every scope but this one (and admin:all): a token that lacks exactly what a route needs.
      tokens.set(scope, await accessToken(t.app, client, allScopes.filter((s) => s !== scope && s !== 'admin:all').join(' ')));
    }
    operations = await openApiOperations(t.app);
  });
  after(() => t.close());

  const call = (operation: Operation, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => {
    const options: InjectOptions = { method: operation.method as InjectOptions['method'], url: placeholderUrl(operation), headers };
    if (operation.mediaType === 'application/x-www-form-urlencoded')
      Object.assign(options, { payload: 'placeholder=1', headers: { ...headers, 'content-type': operation.mediaType } });
    else if (operation.mediaType) Object.assign(options, { payload: {} });
    return t.app.inject(options);
  };

  it('documents every route of the route table', () => {
    const documented = new Set(operations.map((operation) => operation.name));
    const routes = t.app.routeTable.map((route) => `${route.method} ${route.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    expect(
      routes.filter((route) => !documented.has(route)),
      'routes missing from the OpenAPI document',
    ).to.deep.equal([]);
    expect(operations.length).to.be.greaterThan(50);
  });

  it('has no public or any-token route that is not listed here on purpose', () => {
    expect(operations.filter((o) => o.requirement === 'none (public)').map((o) => o.name)).to.have.members(publicOperations);
    expect(operations.filter((o) => o.requirement === 'any valid token').map((o) => o.name)).to.have.members(anyTokenOperations);
  });

  it('answers 403 insufficient_scope to a token with every scope but the one required', async () => {
    for (const operation of operations.filter((o) => allScopes.includes(o.requirement) && o.requirement !== 'admin:all')) {
      const response = await call(operation, bearer(tokens.get(operation.requirement)!));
      expectProblem(response, 403, 'insufficient_scope');
      expect(response.headers['www-authenticate'], operation.name).to.equal(
        `Bearer realm="acctl", error="insufficient_scope", scope="${operation.requirement}"`,
      );
    }
    // admin:all routes: a token with every other scope is not enough either.
    const everyOtherScope = await accessToken(t.app, client, allScopes.filter((s) => s !== 'admin:all').join(' '));
    for (const operation of operations.filter((o) => o.requirement === 'admin:all')) {
      expectProblem(await call(operation, bearer(everyOtherScope)), 403, 'insufficient_scope');
    }
  });

  it('answers 401 without an error code (RFC 6750 section 3.1) when no token is sent to a protected route', async () => {
    for (const operation of operations.filter((o) => o.requirement !== 'none (public)')) {
      const response = await call(operation);
      expectProblem(response, 401, 'unauthorized');
      // RFC 9728 section 5.1: every 401 names the API's protected resource metadata.
      expect(response.headers['www-authenticate'], operation.name).to.equal(
        `Bearer realm="acctl", resource_metadata="${t.config.publicUrl}/.well-known/oauth-protected-resource"`,
      );
    }
  });

  it('lets an admin:all token (or, on any-token routes, a token of one scope) past authorization on every protected route, without a 5xx', async () => {
    for (const operation of operations.filter((o) => o.requirement !== 'none (public)')) {
      // A fresh token per call: DELETE /auth/revoke revokes the token it is called with.
      const scope = operation.requirement === 'any valid token' ? 'read:audit' : 'admin:all';
      const response = await call(operation, bearer(await accessToken(t.app, client, scope)));
      expect(response.statusCode, `${operation.name}: ${response.body}`).to.not.be.oneOf([401, 403]);
      expect(response.statusCode, `${operation.name}: ${response.body}`).to.be.below(500);
    }
  });

  it('serves public routes without a token: never a bearer challenge', async () => {
    for (const operation of operations.filter((o) => o.requirement === 'none (public)')) {
      const response = await call(operation);
      expect(response.statusCode, `${operation.name}: ${response.body}`).to.be.below(500);
      expect(String(response.headers['www-authenticate'] ?? ''), operation.name).to.not.match(/^Bearer/);
      if (/^application\/problem\+json/.test(String(response.headers['content-type']))) {
        expect((response.json() as { code: string }).code, operation.name).to.not.be.oneOf(['unauthorized', 'invalid_token', 'insufficient_scope']);
      }
    }
  });
});
