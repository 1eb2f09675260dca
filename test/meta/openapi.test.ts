import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import { describeAuth, type RouteRecord } from '../../server/src/domains/meta/openapi.js';
import { allScopes } from '../../core/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

type Operation = { 'x-required-scope'?: string; security?: Array<Record<string, string[]>>; servers?: Array<{ url: string }> };
type OpenApiDocument = {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: { oauth2: { flows: { clientCredentials: { scopes: Record<string, string> } } } } };
};

/** The route's URL in OpenAPI's template form: `/v1/schemas/:name` is `/v1/schemas/{name}`. */
const templated = (url: string): string => url.replace(/:([A-Za-z_]+)/g, '{$1}');

/** Every `$ref` in the document with the JSON Pointer of the object that holds it. */
function collectRefs(value: unknown, at = '#', found: Array<{ at: string; ref: string }> = []): Array<{ at: string; ref: string }> {
  if (Array.isArray(value)) value.forEach((child, index) => collectRefs(child, `${at}/${index}`, found));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push({ at, ref: child });
      else collectRefs(child, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found);
    }
  }
  return found;
}

/** Resolves a local reference (`#/components/schemas/problem`) by RFC 6901 JSON Pointer; undefined when it points nowhere. */
function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

describe('GET /v1/openapi.json', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let routes: RouteRecord[];
  before(async () => {
    t = await startTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).to.equal(200);
    document = response.json();
    routes = t.app.routeTable.filter((route) => route.method !== 'HEAD');
  });
  after(async () => t.close());

  /** The operation that documents a route, found through the server it names and its path. */
  function operationFor(route: RouteRecord): { operation: Operation | undefined; url: string | undefined } {
    for (const [path, operations] of Object.entries(document.paths)) {
      const operation = operations[route.method.toLowerCase()];
      if (!operation) continue;
      const server = (operation.servers ?? document.servers)[0]!.url;
      const url = `${new URL(server).pathname.replace(/\/$/, '')}${path}`;
      if (url === templated(route.url)) return { operation, url };
    }
    return { operation: undefined, url: undefined };
  }

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).to.equal(undefined);
    expect(result.valid).to.equal(true);
    expect(validator.version).to.equal('3.1');
  });

  it('documents every route of the route table at its real address, with x-required-scope', () => {
    expect(routes).to.not.be.empty;
    for (const route of routes) {
      const { operation } = operationFor(route);
      expect(operation, `${route.method} ${route.url} is missing from the OpenAPI document (give the route config.docs)`).to.not.equal(undefined);
      expect(operation!['x-required-scope'], `${route.method} ${route.url}`).to.equal(describeAuth(route.auth));
    }
  });

  it('documents no operation that the route table lacks', () => {
    const documented = Object.values(document.paths).reduce(
      (count, operations) => count + Object.keys(operations).filter((key) => key !== 'parameters').length,
      0,
    );
    expect(documented).to.equal(routes.length);
  });

  it("gives every operation the security requirement of its route's scope", () => {
    for (const route of routes) {
      const security = operationFor(route).operation!.security;
      const where = `${route.method} ${route.url}`;
      if (route.auth === 'public') {
        expect(security, where).to.deep.equal([]);
        continue;
      }
      expect(security, where).to.be.an('array').that.is.not.empty;
      const scopesNamed = security!.flatMap((requirement) => Object.values(requirement).flat());
      if (route.auth === 'authenticated') expect(scopesNamed, where).to.deep.equal([]);
      else {
        expect(security, where).to.deep.include({ oauth2: [route.auth.scope] });
        expect(scopesNamed, where).to.deep.equal([route.auth.scope]);
      }
    }
  });

  it('declares every scope of the service in the oauth2 security scheme', () => {
    expect(Object.keys(document.components.securitySchemes.oauth2.flows.clientCredentials.scopes)).to.have.members([...allScopes]);
  });

  it('has only $refs that resolve inside the document', () => {
    const refs = collectRefs(document);
    expect(refs).to.not.be.empty;
    const broken = refs.filter(({ ref }) => resolvePointer(document, ref) === undefined);
    expect(broken, `unresolved $refs:\n${broken.map(({ at, ref }) => `  ${at}: ${ref}`).join('\n')}`).to.deep.equal([]);
  });
});
