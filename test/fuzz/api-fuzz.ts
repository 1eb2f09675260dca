import fc from 'fast-check';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { errorCatalog } from '../../server/src/errors/catalog.js';
import { validatorFor } from '../../core/src/index.js';
import { openApiOperations, placeholderUrl, type Operation } from '../helpers/openapi-operations.js';

/**
 * Property-based fuzzing of every operation of the OpenAPI document: malformed and boundary path
 * parameters, query strings, bodies (raw JSON with duplicate and `__proto__` keys, deep nesting,
 * huge and odd strings, wrong types) and headers. The property: no 5xx, and every error is a
 * valid problem+json (an RFC 6749 body on the OAuth endpoints, an HTML page on the pages).
 */

const weirdStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '%',
    '%zz',
    '%00',
    '\u0000',
    'a\u0000b',
    '../../etc/passwd',
    '\ud800',
    '\udfff\ud800',
    'x\udc00y',
    '\uffff',
    '🔥',
    'ﬀ',
    'ǅ',
    'a'.repeat(10_000),
    '<script>',
    "'; DROP TABLE x; --",
    '__proto__',
    'constructor',
    'toString',
    'admin:all',
    '*',
  ),
  // Enormous pages and numbers past every integer type.
  fc.constantFrom('1000000', '2147483648', '9223372036854775808', '99999999999999999999999', '-9223372036854775809', '1e400', '0x7fffffff'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
);

/** Text no database column can hold: lone surrogates and NUL, alone or inside ordinary text. */
const hostileText = fc.oneof(
  fc.constantFrom('\ud800', '\udfff', 'a\udc00b', '\udbff\udbff', 'x\u0000', '\u0000'),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\ud800', '\udc00', '\u0000'), fc.string({ maxLength: 10 })).map((parts) => parts.join('')),
);

const jsonLeaf = fc.oneof(weirdStrings, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(Number.MAX_SAFE_INTEGER + 2));
const jsonValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    jsonLeaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(weirdStrings, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Bodies as raw text: what JSON.stringify cannot produce. */
const rawJsonBodies = fc.oneof(
  fc.constantFrom(
    '{"a":1,"a":2}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"name":"x","name":{"$gt":""}}',
    '{',
    '',
    'null',
    '"just a string"',
    '[]',
    '1e309',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"\\ud800":1}',
    '{"client_id":"\\udfff","grant_type":"client_credentials","client_secret":"x"}',
    '{"name":"a\\u0000b","kind":"user"}',
    '{"limit":1e400,"page":-1}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
    `{"big":"${'x'.repeat(200_000)}"}`,
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * JWTs a caller makes itself, DPoP proofs and client assertions, with hostile text in the members
 * the server reads before any signature (jti, sub, iss, htu, kid, act.sub); their base64url form
 * passes the input boundary, so only the decoding step can refuse them. Unsigned ones here; the
 * run adds proofs signed with their own key (hostileSignedProofs), whose signatures verify.
 */
const hostileJwts = fc
  .record({
    member: fc.constantFrom('jti', 'sub', 'iss', 'htu', 'kid', 'act'),
    text: fc.oneof(hostileText, weirdStrings),
    typ: fc.constantFrom('dpop+jwt', 'JWT'),
  })
  .map(({ member, text, typ }) => {
    const header = { typ, alg: 'ES256', ...(member === 'kid' ? { kid: text } : {}) };
    const claims: Record<string, unknown> = {
      jti: 'j',
      htm: 'POST',
      htu: 'http://localhost/v1/oauth/token',
      iat: Math.floor(Date.now() / 1000),
      exp: 9_999_999_999,
    };
    claims[member === 'kid' ? 'sub' : member] = member === 'act' ? { sub: text } : text;
    return `${part(header)}.${part(claims)}.AAAA`;
  });

/** Page tokens of the AuthZEN searches in the tokens' own shape, holding hostile positions and digests. */
const hostilePageTokens = fc
  .tuple(fc.oneof(fc.constant('v1'), weirdStrings), fc.oneof(fc.string({ minLength: 22, maxLength: 22 }), weirdStrings), fc.oneof(hostileText, weirdStrings))
  .map(([version, digest, position]) => Buffer.from(`${version}|${digest}|${position}`, 'utf8').toString('base64url'));

function almostRightBody(fields: string[]): fc.Arbitrary<unknown> {
  if (fields.length === 0) return jsonValue;
  return fc.dictionary(fc.oneof(fc.constantFrom(...fields), weirdStrings), jsonValue, { maxKeys: Math.min(8, fields.length + 2) });
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/merge-patch+json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  'application/json; charset=utf-16',
  '*/*;;;',
);

/** Percent-encoding of any string; lone surrogates (which encodeURIComponent refuses) become U+FFFD first. */
function percentEncode(value: string): string {
  return encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'));
}

interface FuzzRequest {
  inject: InjectOptions;
  /** What was sent, for the report of a failing case. */
  description: string;
}

function requestFor(operation: Operation, adminToken: string, signedProofs: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const presentedJwts = signedProofs.length > 0 ? fc.oneof(hostileJwts, fc.constantFrom(...signedProofs)) : hostileJwts;
  const pathValue = (type: string | undefined) =>
    fc.oneof(
      weirdStrings.map(percentEncode),
      fc.constantFrom('%', '%zz', '..', 'a%2Fb', 'placeholder-0000'),
      type === 'integer' ? fc.integer().map(String) : fc.constant('1'),
    );
  const path = fc.tuple(...operation.pathParams.map((p) => pathValue(p.type))).map((values) => {
    let index = 0;
    return operation.path.replace(/\{[A-Za-z_]+\}/g, () => values[index++]!);
  });
  const queryKeys = fc.oneof(
    fc.constantFrom(...(operation.queryParams.length ? operation.queryParams.map((p) => p.name) : ['q']), 'access_token', '__proto__', 'limit', 'page'),
    weirdStrings,
  );
  // Keys repeat on purpose (duplicate parameters); lone surrogates reach the query as percent-encoded CESU-8 bytes.
  const pairs = fc
    .array(fc.tuple(queryKeys, weirdStrings), { maxLength: 5 })
    .chain((list) => (list.length > 0 ? fc.constantFrom(list, [...list, list[0]!]) : fc.constant(list)));
  const query = fc.oneof(
    { weight: 5, arbitrary: pairs.map((list) => list.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')) },
    { weight: 1, arbitrary: fc.constantFrom('limit=%00', 'cursor=%ED%A0%80', 'limit=1&limit=2', 'page=1&page=x', 'q=%C0%80', 'search=%F0%9F%94%A5%00') },
  );
  // Client credentials with hostile text: failed logins whose audit events must all be recorded.
  const isClientAuthenticated = /\/oauth\/(token|revoke|introspect)$/.test(operation.path);
  const credentials = fc.record(
    {
      grant_type: fc.constantFrom('client_credentials', 'refresh_token', 'urn:ietf:params:oauth:grant-type:token-exchange'),
      client_id: fc.oneof(hostileText, weirdStrings),
      client_secret: fc.oneof(hostileText, weirdStrings),
      token: weirdStrings,
      // RFC 8693, RFC 7523 and RFC 8707 parameters (the token endpoint's newer surfaces).
      subject_token: fc.oneof(presentedJwts, weirdStrings),
      subject_token_type: fc.oneof(fc.constant('urn:ietf:params:oauth:token-type:access_token'), weirdStrings),
      actor_token: fc.oneof(presentedJwts, weirdStrings),
      actor_token_type: fc.oneof(fc.constant('urn:ietf:params:oauth:token-type:access_token'), weirdStrings),
      client_assertion_type: fc.oneof(fc.constant('urn:ietf:params:oauth:client-assertion-type:jwt-bearer'), weirdStrings),
      client_assertion: presentedJwts,
      resource: fc.oneof(hostileText, weirdStrings, fc.constantFrom('http://localhost', 'https://api.example/#f', '/relative')),
    },
    { requiredKeys: ['grant_type', 'client_id', 'client_secret', 'token'] },
  );
  const body = fc.oneof(
    { weight: isClientAuthenticated ? 3 : 0, arbitrary: credentials.map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })) },
    {
      weight: isClientAuthenticated ? 1 : 0,
      arbitrary: credentials.map((value) => ({ payload: new URLSearchParams(value).toString(), contentType: 'application/x-www-form-urlencoded' })),
    },
    almostRightBody(operation.bodyFields).map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' })),
    {
      // An otherwise valid search with a forged page token: it must reach positionOf to be tested.
      weight: /\/search\/(subject|action)$/.test(operation.path) ? 2 : 0,
      arbitrary: hostilePageTokens.map((token) => ({
        payload: JSON.stringify({ subject: { type: 'user', id: 'u' }, action: { name: 'read' }, resource: { type: 'doc', id: '1' }, page: { token } }),
        contentType: 'application/json',
      })),
    },
    rawJsonBodies.map((payload) => ({ payload, contentType: 'application/json' })),
    fc.tuple(query, contentTypes).map(([payload, contentType]) => ({ payload, contentType })),
    fc.constant(undefined),
  );
  const authorization = fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${adminToken}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        undefined,
        'Bearer',
        'Bearer ',
        `Bearer ${adminToken}x`,
        'Basic Og==',
        'Basic !!!',
        `Bearer ${'a'.repeat(9000)}`,
        'bearer acctl_00000000000000000000000000000000000000',
      ),
    },
    { weight: 1, arbitrary: weirdStrings.map((s) => `Bearer ${s}`) },
  );
  const extraHeaders = fc.record(
    {
      accept: fc.constantFrom('text/csv', '*/*', 'application/xml', 'application/json;q=0', ''),
      'if-match': fc.oneof(weirdStrings, fc.constantFrom('"1"', 'W/"1"', '*')),
      'x-request-id': weirdStrings,
      dpop: presentedJwts,
    },
    { requiredKeys: [] },
  );
  return fc.record({ path, query, body, authorization, extraHeaders }).map(({ path, query, body, authorization, extraHeaders }) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(extraHeaders)) if (isHeaderValue(value)) headers[name] = value;
    if (authorization !== undefined && isHeaderValue(authorization)) headers.authorization = authorization;
    if (body && isHeaderValue(body.contentType)) headers['content-type'] = body.contentType;
    const url = query ? `${path}?${query}` : path;
    const inject: InjectOptions = { method: operation.method as InjectOptions['method'], url, headers, ...(body ? { payload: body.payload } : {}) };
    const shownBody = body
      ? `${body.contentType} ${body.payload.length > 300 ? `${body.payload.slice(0, 300)}... (${body.payload.length} chars)` : body.payload}`
      : '(no body)';
    return {
      inject,
      description: `${operation.method} ${url.length > 300 ? `${url.slice(0, 300)}...` : url}\nheaders: ${JSON.stringify({ ...headers, authorization: headers.authorization?.slice(0, 40) })}\nbody: ${shownBody}`,
    };
  });
}

/** HTTP header values are visible ASCII and tabs/spaces; anything else the HTTP client itself refuses to send. */
function isHeaderValue(value: string): boolean {
  return /^[\t\x20-\x7e]*$/.test(value);
}

const validProblem = validatorFor('problem');
const validOAuthError = validatorFor('oauth-error');
const validHealth = validatorFor('health');

function isJsonOf(validate: (value: unknown) => boolean, text: string): boolean {
  try {
    return validate(JSON.parse(text));
  } catch {
    return false;
  }
}

/**
 * What a server's internals look like when they leak: a stack frame, a module path, or PostgreSQL's
 * error and statement text (knex quotes identifiers). Echoed input such as `'; DROP TABLE x; --`
 * does not match.
 */
const leak =
  /\bat [^\s()]+ \((?:file:\/\/|\/)[^)]*:\d+:\d+\)|node_modules\/|\.ts:\d+:\d+|syntax error at or near|violates (?:foreign key|unique|check|not-null) constraint|relation "[^"]+" does not exist|invalid input syntax for|unsupported Unicode escape sequence|current transaction is aborted|\binsert into "|\bselect [^"]{0,200} from "|\bupdate "[a-z_]+" set|\bdelete from "/i;

/** What is wrong with a response, or null when it keeps the property. */
export function responseFault(operation: Operation, response: LightMyRequestResponse): string | null {
  // Readiness answers 503 when the database is slow to answer (a loaded machine): documented, not a fault.
  if (operation.path === '/v1/ready' && response.statusCode === 503 && isJsonOf(validHealth, response.body)) return null;
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 500)}`;
  const leaked = leak.exec(response.body);
  if (leaked) return `answered ${response.statusCode} with server internals ("${leaked[0]}"): ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) return null;
  const type = String(response.headers['content-type'] ?? '');
  const isPage = /^\/v1\/(ui\/|oauth\/authorize)/.test(operation.path);
  if (isPage && type.startsWith('text/html')) return null;
  const isOAuth = /^\/v1\/oauth\/(token|revoke|introspect)$/.test(operation.path);
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `error ${response.statusCode} is not JSON (${type}): ${response.body.slice(0, 200)}`;
  }
  if (isOAuth && response.statusCode !== 404) {
    return type.startsWith('application/json') && validOAuthError(body)
      ? null
      : `error ${response.statusCode} is not an RFC 6749 body: ${response.body.slice(0, 300)}`;
  }
  if (!type.startsWith('application/problem+json') || !validProblem(body))
    return `error ${response.statusCode} is not problem+json (${type}): ${response.body.slice(0, 300)}`;
  const problem = body as { status: number; code: string };
  if (problem.status !== response.statusCode) return `problem status ${problem.status} differs from the HTTP status ${response.statusCode}`;
  if (!Object.hasOwn(errorCatalog, problem.code)) return `problem code ${problem.code} is not in the catalog`;
  return null;
}

export interface FuzzReport {
  operations: number;
  cases: number;
  /** How many answers had each status: how far the cases got (validation, handlers, lookups). */
  statuses: Record<number, number>;
  failures: Array<{ operation: string; fault: string; request: string }>;
  /** Request ids of the answers that were failed logins (invalid_client, too_many_attempts, invalid_token): each must have its auth.failed event. */
  failedLogins: Set<string>;
}

/** A failed login: a refused client secret (or a throttled one) or a refused bearer token, each of which the audit log must record. */
function isFailedLogin(response: LightMyRequestResponse): boolean {
  if (response.statusCode !== 401 && response.statusCode !== 429) return false;
  try {
    const body = JSON.parse(response.body) as { error?: string; code?: string };
    return body.error === 'invalid_client' || body.error === 'too_many_attempts' || body.code === 'invalid_token';
  } catch {
    return false;
  }
}

/**
 * Drives every operation `runsPerOperation` times. A failing case is shrunk by fast-check to a
 * small request and reported, with the seed that replays it; the run goes on to the next operation.
 */
export async function fuzzApi(
  app: FastifyInstance,
  options: { runsPerOperation: number; seed?: number; concurrency?: number; adminToken: () => Promise<string>; onOperation?: (name: string) => void },
): Promise<FuzzReport> {
  const operations = await openApiOperations(app);
  const signedProofs = await hostileSignedProofs();
  const report: FuzzReport = { operations: operations.length, cases: 0, statuses: {}, failures: [], failedLogins: new Set() };
  // Operations run side by side (requests of one operation one after another), so hostile requests
  // share the server's batched writes with other callers' requests, as they would in production.
  const queue = [...operations];
  const worker = async (): Promise<void> => {
    for (let operation = queue.shift(); operation; operation = queue.shift()) await fuzzOperation(operation);
  };
  const fuzzOperation = async (operation: Operation): Promise<void> => {
    options.onOperation?.(operation.name);
    // A fresh admin token per operation: DELETE /auth/revoke revokes the one it is called with.
    const adminToken = await options.adminToken();
    let lastFault: { fault: string; request: string } | undefined;
    const result = await fc.check(
      fc.asyncProperty(requestFor(operation, adminToken, signedProofs), async (request) => {
        report.cases++;
        const response = await app.inject(request.inject);
        report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
        if (isFailedLogin(response)) report.failedLogins.add(String(response.headers['x-request-id']));
        const fault = responseFault(operation, response);
        if (fault) lastFault = { fault, request: request.description };
        return fault === null;
      }),
      { numRuns: options.runsPerOperation, ...(options.seed !== undefined ? { seed: options.seed } : {}), endOnFailure: false },
    );
    if (result.failed)
      report.failures.push({
        operation: operation.name,
        fault: `${lastFault?.fault ?? String(result.errorInstance)} (seed ${result.seed}, path ${result.counterexamplePath})`,
        request: lastFault?.request ?? '',
      });
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return report;
}

/**
 * DPoP proofs signed with the key in their own header (what any caller can make), hostile text in
 * the members the replay store and the URL check read: only the proofs' own signatures hold.
 */
async function hostileSignedProofs(): Promise<string[]> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  const members: Array<Record<string, unknown>> = [
    { jti: 'a\u0000b' },
    { jti: '\ud800' },
    { htu: 'http://localhost/v1/oauth/token\u0000' },
    { htm: '\udfff' },
    { jti: 'x'.repeat(5000) },
  ];
  return Promise.all(
    members.map((claims) =>
      new SignJWT({ jti: 'j', htm: 'POST', htu: 'http://localhost/v1/oauth/token', ...claims })
        .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk })
        .setIssuedAt()
        .sign(privateKey),
    ),
  );
}

/** The failed logins of a run that have no auth.failed event in the audit log (none, when the log keeps every one). */
export async function unrecordedFailedLogins(app: FastifyInstance, report: FuzzReport): Promise<string[]> {
  await app.auditLog.idle();
  const ids = [...report.failedLogins];
  const recorded = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows: Array<{ request_id: string }> = await app
      .db('audit_events')
      .distinct('request_id')
      .whereIn('request_id', ids.slice(i, i + 1000))
      .andWhere({ type: 'auth.failed' });
    for (const row of rows) recorded.add(row.request_id);
  }
  return ids.filter((id) => !recorded.has(id));
}

/** Cases per operation for at least `total` requests over the operations of the served document. */
export async function runsFor(app: FastifyInstance, total: number): Promise<number> {
  return Math.ceil(total / (await openApiOperations(app)).length);
}

export { placeholderUrl };
