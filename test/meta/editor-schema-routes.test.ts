import { expect } from 'chai';
import { editorSchemaKinds, editorSchemas, editorSchemaText, schemaRefs } from '../../core/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

const urls = editorSchemaKinds.map((kind) => ({ kind, url: `/v1/schemas/v1/${editorSchemas[kind].fileName}` }));

describe('GET /v1/schemas/v1/{file}: the editor schemas', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('serves policy-file.json, policy-test-file.json and acctl-config-file.json without a token, as acctl schema writes them', async () => {
    expect(urls.map(({ url }) => url)).to.deep.equal([
      '/v1/schemas/v1/policy-file.json',
      '/v1/schemas/v1/policy-test-file.json',
      '/v1/schemas/v1/acctl-config-file.json',
    ]);
    for (const { kind, url } of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).to.equal(200);
      expect(response.headers['content-type'], url).to.match(/^application\/schema\+json/);
      expect(response.body, url).to.equal(editorSchemaText(kind));
      expect(
        schemaRefs(response.json()).filter((ref) => !ref.startsWith('#')),
        url,
      ).to.deep.equal([]);
    }
  });

  it('is cacheable by anyone and readable from any origin, with a strong ETag that differs between files', async () => {
    const etags = new Set<string>();
    for (const { url } of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).to.equal('public, max-age=3600');
      expect(response.headers['access-control-allow-origin'], url).to.equal('*');
      expect(response.headers.etag, url).to.match(/^"[A-Za-z0-9_-]{43}"$/);
      etags.add(String(response.headers.etag));
      // The same answer every time: the ETag names the content.
      expect((await t.app.inject({ method: 'GET', url })).headers.etag, url).to.equal(response.headers.etag);
    }
    expect(etags.size).to.equal(urls.length);
  });

  it('answers 304 with no body when If-None-Match names the current ETag (alone, weak, in a list, or *)', async () => {
    const url = urls[0]!.url;
    const etag = String((await t.app.inject({ method: 'GET', url })).headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } });
      expect(response.statusCode, ifNoneMatch).to.equal(304);
      expect(response.body, ifNoneMatch).to.equal('');
      expect(response.headers.etag, ifNoneMatch).to.equal(etag);
      expect(response.headers['cache-control'], ifNoneMatch).to.equal('public, max-age=3600');
    }
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).to.equal(200);
    expect(stale.body).to.equal(editorSchemaText('policy'));
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: urls[1]!.url });
    expect(response.statusCode).to.equal(200);
    expect(response.body).to.equal('');
    expect(response.headers.etag).to.be.a('string');
  });

  it('answers 404 problem+json for a file name it does not serve', async () => {
    for (const url of ['/v1/schemas/v1/policy.json', '/v1/schemas/v2/policy-file.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).to.equal(404);
      expect(response.headers['content-type'], url).to.match(/^application\/problem\+json/);
    }
  });

  it('lists each in the OpenAPI document as a public operation', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, { get?: { security: unknown[]; 'x-required-scope': string; responses: Record<string, unknown> } }>;
    };
    for (const { url } of urls) {
      const operation = document.paths[url.replace(/^\/v1/, '')]?.get;
      expect(operation, url).to.not.equal(undefined);
      expect(operation!.security, url).to.deep.equal([]);
      expect(operation!['x-required-scope'], url).to.equal('none (public)');
      expect(Object.keys(operation!.responses), url).to.include.members(['200', '304']);
    }
  });
});
