import type { RouteOptions } from 'fastify';
import { allScopes } from '../../../../core/src/index.js';
import type { RouteAuth } from '../../plugins/auth/index.js';
import type { RateClass } from '../../plugins/rate-limits/rate-classes.js';
import { loadSchemas, schemaIdBase } from '../../../../core/src/index.js';
import type { RouteDocs } from './route-docs.js';
import { headerParameters, headerParametersOf, impliedResponses, responseHeaders, responseHeadersOf } from './openapi-headers.js';

export interface RouteRecord {
  method: string;
  url: string;
  auth: RouteAuth;
  /** The rate-limit class the route counts against (standard unless it declares another). */
  rateClass: RateClass;
  docs: RouteDocs | undefined;
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
  /** Takes an Idempotency-Key (config.idempotency, plugins/idempotency). */
  idempotent: boolean;
}

export function recordRoute(route: RouteOptions): RouteRecord[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  const config = route.config as { auth?: RouteAuth; docs?: RouteDocs; rateLimit?: RateClass; idempotency?: unknown } | undefined;
  const auth = config?.auth;
  // A route without config.auth is refused by the auth plugin's guard, which runs after this hook.
  if (!auth) return [];
  return methods.map((method) => ({
    method,
    url: route.url,
    auth,
    rateClass: config.rateLimit ?? 'standard',
    docs: config.docs,
    schema: route.schema as RouteRecord['schema'],
    idempotent: config.idempotency !== undefined,
  }));
}

/** Who may call a route, in words: the same text in the OpenAPI document and README's scope table. */
export function describeAuth(auth: RouteAuth): string {
  if (auth === 'public') return 'none (public)';
  if (auth === 'authenticated') return 'any valid token';
  return auth.scope;
}

const componentRef = (name: string): string => `#/components/schemas/${name}`;

/** Rewrites `$ref`s between schema files (relative or absolute ids) to component references. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') {
      // A JSON Pointer fragment (`simulation-request.json#/properties/principal`) points into the component.
      const [file = '', fragment = ''] = child.split('#');
      out.$ref = componentRef(file.replace(schemaIdBase, '').replace(/\.json$/, '')) + fragment;
    } else if (key !== '$id' && key !== '$schema') out[key] = toComponentRefs(child);
  }
  return out;
}

function parametersFrom(schema: unknown, location: 'query' | 'path'): unknown[] {
  const resolved = resolveRef(schema) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!resolved?.properties) return [];
  return Object.entries(resolved.properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (resolved.required ?? []).includes(name),
    schema: toComponentRefs(property),
    ...((property as { description?: string }).description ? { description: (property as { description: string }).description } : {}),
  }));
}

/**
 * Every `{name}` of the path is a parameter (OpenAPI 3.1 section 4.8.12.1): those the route's
 * schema validates, then, as plain strings, those its handler reads for itself (the pages).
 */
function pathParameters(path: string, declared: unknown[]): unknown[] {
  const names = new Set(declared.map((parameter) => (parameter as { name: string }).name));
  const undeclared = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((match) => match[1]!).filter((name) => !names.has(name));
  return [...declared, ...undeclared.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))];
}

function resolveRef(schema: unknown): unknown {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (!ref) return schema;
  return loadSchemas().get(ref.replace(schemaIdBase, '').replace(/\.json$/, ''));
}

/** The OpenAPI 3.1 document, built from the route table and schemas/ (its only sources). */
export function buildOpenApiDocument(routes: RouteRecord[], options: { publicUrl: string; version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))) {
    if (!route.docs) continue;
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const body = route.schema?.body ?? route.docs.requestBody;
    const mediaTypes = route.docs.requestMediaTypes ?? ['application/json'];
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries({ ...impliedResponses(route), ...route.docs.responses })) {
      const isProblem = '$ref' in response && response.$ref.endsWith('/problem.json');
      const headers = responseHeadersOf(route, Number(status));
      responses[status] =
        '$ref' in response
          ? {
              description: describeStatus(Number(status)),
              headers,
              content: {
                [isProblem ? 'application/problem+json' : 'application/json']: { schema: toComponentRefs(response) },
                ...Object.fromEntries(Object.entries(route.docs.otherMediaTypes?.[Number(status)] ?? {}).map(([type, schema]) => [type, { schema }])),
              },
            }
          : { description: response.description, headers };
    }
    // Every operation may be rate limited (plugins/rate-limits), answered as its other errors are:
    // an RFC 6749 body, a problem, or (pages, which document no schema at all) an HTML page.
    const schemas = Object.values(route.docs.responses).flatMap((response) => ('$ref' in response ? [response.$ref] : []));
    const tooMany = responseHeadersOf(route, 429);
    responses[429] ??=
      schemas.length === 0
        ? { description: `${describeStatus(429)} (HTML page)`, headers: tooMany }
        : schemas.some((ref) => ref.endsWith('/oauth-error.json'))
          ? { description: describeStatus(429), headers: tooMany, content: { 'application/json': { schema: { $ref: componentRef('oauth-error') } } } }
          : { description: describeStatus(429), headers: tooMany, content: { 'application/problem+json': { schema: { $ref: componentRef('problem') } } } };
    const scope = typeof route.auth === 'object' ? route.auth.scope : undefined;
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      summary: route.docs.summary,
      ...(route.docs.description ? { description: route.docs.description } : {}),
      tags: route.docs.tags,
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      // The document's server is {publicUrl}/v1; a route outside /v1 (RFC 8414 metadata) names its own.
      ...(path.startsWith('/v1/') ? {} : { servers: [{ url: options.publicUrl }] }),
      'x-required-scope': describeAuth(route.auth),
      // README "Rate limits": the class this operation counts against, per client and minute.
      'x-rate-limit-class': route.rateClass,
      security: route.auth === 'public' ? [] : [{ bearerAuth: [] }, { oauth2: scope ? [scope] : [] }],
      parameters: [
        ...pathParameters(path, parametersFrom(route.schema?.params, 'path')),
        ...parametersFrom(route.schema?.querystring, 'query'),
        ...headerParametersOf(route),
      ],
      ...(body
        ? {
            requestBody: {
              required: route.method !== 'DELETE',
              content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: toComponentRefs(body) }])),
            },
          }
        : {}),
      responses,
    };
  }
  const schemas = Object.fromEntries(
    [...loadSchemas().entries()]
      // schemas/cli/: the CLI's --json documents, not the API's.
      .filter(([name]) => !name.startsWith('cli/'))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, schema]) => [name, toComponentRefs(schema)]),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'acctl access and identity service',
      version: options.version,
      description:
        'REST API and OAuth 2.0 endpoints. Every REST route names the scope it requires in `x-required-scope`; `admin:all` grants every scope. Errors are RFC 9457 problem+json with a stable `code` (OAuth endpoints answer RFC 6749 error bodies).',
      // package.json "license".
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: `${options.publicUrl}/v1` }],
    paths: Object.fromEntries(Object.entries(paths).map(([path, ops]) => [path.replace(/^\/v1/, ''), ops])),
    components: {
      schemas,
      headers: responseHeaders,
      parameters: headerParameters,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An RS256 JWT access token from /oauth/token (header typ JWT; a token signed by the same key with another typ is refused), or an `acctl_api_` API token from /auth/token.',
        },
        oauth2: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: `${options.publicUrl}/v1/oauth/token`,
              scopes: Object.fromEntries(allScopes.map((scope) => [scope, scopeDescriptions[scope] ?? scope])),
            },
            authorizationCode: {
              authorizationUrl: `${options.publicUrl}/v1/oauth/authorize`,
              tokenUrl: `${options.publicUrl}/v1/oauth/token`,
              refreshUrl: `${options.publicUrl}/v1/oauth/token`,
              scopes: Object.fromEntries(allScopes.map((scope) => [scope, scopeDescriptions[scope] ?? scope])),
            },
          },
        },
      },
    },
  };
}

/** Spec, Authentication item 6. */
export const scopeDescriptions: Record<string, string> = {
  'read:principals': 'read principal information',
  'write:principals': 'create and modify principals',
  'delete:principals': 'delete principals',
  'read:policies': 'read policy definitions',
  'write:policies': 'create and modify policies',
  'delete:policies': 'delete policies',
  'evaluate:decisions': 'evaluate access decisions',
  'read:audit': 'read audit logs',
  'admin:all': 'full administrative access',
};

function describeStatus(status: number): string {
  const texts: Record<number, string> = {
    200: 'OK',
    201: 'Created',
    202: 'Accepted',
    204: 'No Content',
    303: 'See Other',
    304: 'Not Modified',
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    412: 'Precondition Failed',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Content',
    429: 'Too Many Requests',
    503: 'Service Unavailable',
  };
  return texts[status] ?? String(status);
}
