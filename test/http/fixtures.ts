import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { httpCall } from '../helpers/http.js';
import { systemContext } from '../../server/src/admin/index.js';
import { grantDelegation } from '../../server/src/domains/oauth/delegation-grants.js';
import { samplePolicy } from '../policies/fixtures.js';
import { webhookTestConfig } from '../webhooks/fixtures.js';
import { Receiver } from '../webhooks/receiver.js';

/** One operation of the served OpenAPI document, as these tests read it. */
export interface DocumentedOperation {
  method: string;
  /** The path with /v1 and `{param}` placeholders, as a client calls it. */
  path: string;
  parameters: Array<{ $ref?: string; name?: string; in?: string }>;
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema?: { $ref?: string } }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Omit<DocumentedOperation, 'method' | 'path'> & { servers?: unknown[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

/** Every operation of GET /v1/openapi.json. */
export async function documentedOperations(baseUrl: string): Promise<{ document: OpenApiDocument; operations: DocumentedOperation[] }> {
  const answer = await httpCall<OpenApiDocument>(`${baseUrl}/openapi.json`);
  expect(answer.status).to.equal(200);
  const document = answer.body;
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: operation.servers ? path : `/v1${path}`,
      parameters: operation.parameters,
      responses: operation.responses,
    })),
  );
  return { document, operations };
}

/** The names of the headers the document declares on an operation's answer of `status`, lower-cased. */
export function declaredHeaders(operation: DocumentedOperation, status: number | string): string[] {
  return Object.keys(operation.responses[String(status)]?.headers ?? {}).map((name) => name.toLowerCase());
}

/** A running app (real HTTP on loopback) with some of every resource a GET can read, made by its API. */
export interface SeededApp extends TestApp {
  token: string;
  receiver: Receiver;
  policyIds: string[];
  principalIds: string[];
  webhookIds: string[];
  decisionIds: string[];
  auditEventId: string;
  reportId: string;
  /** A concrete value for each `{param}` of a documented path; a path not here fails the tests that need it. */
  pathParams: Record<string, Record<string, string>>;
  call<T = any>(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): ReturnType<typeof httpCall<T>>;
  close(): Promise<void>;
}

export async function startSeededApp(counts: { policies: number; principals: number; webhooks: number; decisions: number }): Promise<SeededApp> {
  const t = await startTestApp({ listen: true, config: webhookTestConfig });
  // Webhook deliveries succeed at once, so no delivery worker disables a webhook (an audit event)
  // mid-test; only the policies created here make deliveries, so none arrives while a test pages.
  const receiver = await Receiver.start();
  const adminClient = await registerClient(t.app, ['admin:all']);
  const token = await accessToken(t.app, adminClient);
  const origin = t.config.publicUrl;
  const call = <T = any>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    httpCall<T>(`${origin}${path}`, { method, token, ...options });
  const created = async (path: string, body: unknown): Promise<string> => {
    const answer = await call<{ id: string }>('POST', path, { body });
    expect(answer.status, `POST ${path}: ${JSON.stringify(answer.body)}`).to.be.oneOf([201, 202]);
    return answer.body.id;
  };
  const suffix = randomBytes(3).toString('hex');
  const webhookIds: string[] = [];
  for (let n = 0; n < counts.webhooks; n += 1) webhookIds.push(await created('/v1/webhooks', { url: receiver.url(), event_types: ['policy.created'] }));
  const policyIds = await Promise.all(
    Array.from({ length: counts.policies }, (_, n) =>
      created('/v1/policies', samplePolicy({ name: `links-${suffix}-${n}`, status: n % 2 ? 'draft' : 'active' })),
    ),
  );
  const principalIds = await Promise.all(
    Array.from({ length: counts.principals }, (_, n) => created('/v1/principals', { kind: 'service', name: `links-${suffix}-${n}` })),
  );
  const decisionIds = await Promise.all(
    Array.from({ length: counts.decisions }, async () => {
      const answer = await call<{ id: string }>('POST', '/v1/decisions/evaluate', {
        body: {
          principal: { type: 'USER', attributes: { department: 'engineering' } },
          resource: { type: 'database', identifier: 'prod-db-1' },
          action: 'read',
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      return answer.body.id;
    }),
  );
  // Three API tokens of the caller's, so GET /auth/tokens has pages to walk.
  await Promise.all(Array.from({ length: 3 }, (_, n) => created('/v1/auth/token', { name: `links-${suffix}-${n}`, scopes: ['read:policies'] })));
  // Three delegation grants (admin:all sees every one), so GET /delegation-grants has pages to walk.
  const grantor = await created('/v1/principals', { kind: 'user', name: `links-${suffix}-grantor` });
  const agents = await Promise.all(
    Array.from({ length: 3 }, () =>
      registerClient(t.app, ['read:policies'], { grantTypes: ['client_credentials', 'urn:ietf:params:oauth:grant-type:token-exchange'] }),
    ),
  );
  const grants = await Promise.all(
    agents.map((agent) =>
      grantDelegation(t.app, systemContext('system:test'), {
        principalId: grantor,
        agentClientId: agent.clientId,
        scopes: ['read:policies'],
        expiresAt: new Date(Date.now() + 86_400_000),
      }),
    ),
  );
  // Three, so the list of reports has pages to walk.
  const reportIds = await Promise.all(Array.from({ length: 3 }, () => created('/v1/audit/reports', { kind: 'policy_change_history' })));
  const reportId = reportIds[0]!;
  const events = await call<{ data: Array<{ id: string }> }>('GET', '/v1/audit/events?limit=1');
  const auditEventId = events.body.data[0]!.id;
  const policySetId = await created('/v1/policy-sets', {
    changes: [{ action: 'create', policy: samplePolicy({ name: `links-${suffix}-set`, status: 'draft' }) }],
    provenance: { tool: 'test/http/fixtures.ts' },
  });
  const policyId = policyIds[0]!;
  const webhookId = webhookIds[0]!;
  return {
    ...t,
    token,
    receiver,
    policyIds,
    principalIds,
    webhookIds,
    decisionIds,
    auditEventId,
    reportId,
    pathParams: {
      '/v1/audit/events/{id}': { id: auditEventId },
      '/v1/audit/reports/{id}': { id: reportId },
      '/v1/decisions/{id}': { id: decisionIds[0]! },
      '/v1/delegation-grants/{id}': { id: grants[0]!.id },
      '/v1/policies/{id}': { id: policyId },
      '/v1/policies/{id}/versions': { id: policyId },
      '/v1/policies/{id}/versions/{version}': { id: policyId, version: '1' },
      '/v1/policy-sets/{id}': { id: policySetId },
      '/v1/principals/{id}': { id: principalIds[0]! },
      '/v1/schemas/{name}': { name: 'policy.json' },
      // The dashboard's confirmation pages (a signed-in administrator's; 303 to sign-in here).
      '/v1/ui/dashboard/clients/{client_id}/delete': { client_id: adminClient.clientId },
      '/v1/ui/dashboard/clients/{client_id}/rotate-secret': { client_id: adminClient.clientId },
      '/v1/webhooks/{id}': { id: webhookId },
      '/v1/webhooks/{id}/deliveries': { id: webhookId },
    },
    call,
    close: async () => {
      await t.close();
      await receiver.close();
    },
  };
}

/** The operation's path with the seeded values in place of its `{param}`s; fails when the fixtures have none. */
export function concretePath(seeded: SeededApp, operation: DocumentedOperation): string {
  if (!operation.path.includes('{')) return operation.path;
  const values = seeded.pathParams[operation.path];
  expect(values, `${operation.method} ${operation.path}: give test/http/fixtures.ts a value for each of its parameters`).to.not.equal(undefined);
  return operation.path.replace(/\{([A-Za-z_]+)\}/g, (_m, name: string) => encodeURIComponent(values![name]!));
}
