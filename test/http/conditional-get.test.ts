import { expect } from 'chai';
import { httpCall } from '../helpers/http.js';
import { samplePolicy } from '../policies/fixtures.js';
import { concretePath, declaredHeaders, documentedOperations, startSeededApp, type DocumentedOperation, type SeededApp } from './fixtures.js';

/** Headers the service sets that the OpenAPI document must declare wherever an answer carries them. */
const watchedHeaders = [
  'etag',
  'link',
  'location',
  'retry-after',
  'ratelimit',
  'ratelimit-policy',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-request-id',
  'idempotent-replayed',
];

function expectDeclared(operation: DocumentedOperation, status: number, headers: Headers): void {
  const declared = declaredHeaders(operation, status);
  const sent = watchedHeaders.filter((name) => headers.has(name));
  expect(declared, `${operation.method} ${operation.path} ${status}: the document leaves out headers the answer carries`).to.include.members(sent);
}

describe('If-None-Match on every GET with an ETag (RFC 9110 section 13.1.2)', () => {
  let s: SeededApp;
  let gets: DocumentedOperation[];
  before(async () => {
    s = await startSeededApp({ policies: 2, principals: 1, webhooks: 1, decisions: 1 });
    gets = (await documentedOperations(s.baseUrl)).operations.filter((operation) => operation.method === 'GET');
  });
  after(() => s.close());

  /** Each GET of the document, called with an admin token and the seeded resources. */
  async function answers(): Promise<Array<{ operation: DocumentedOperation; url: string; status: number; headers: Headers; body: unknown }>> {
    return Promise.all(
      gets.map(async (operation) => {
        const url = `${s.config.publicUrl}${concretePath(s, operation)}`;
        const answer = await httpCall(url, { token: s.token });
        return { operation, url, ...answer };
      }),
    );
  }

  it('declares the ETag, its 304 and If-None-Match on exactly the GETs whose answer carries an ETag', async () => {
    const withEtag: string[] = [];
    for (const { operation, status, headers } of await answers()) {
      const name = `${operation.method} ${operation.path}`;
      const declares = declaredHeaders(operation, 200).includes('etag');
      if (declares) expect(status, `${name} documents an ETag but answered ${status}: seed what it reads in test/http/fixtures.ts`).to.equal(200);
      if (status !== 200) continue;
      expect(headers.has('etag'), `${name}: ETag sent and declared must agree`).to.equal(declares);
      if (!declares) continue;
      withEtag.push(name);
      expect(Object.keys(operation.responses), name).to.include('304');
      expect(
        operation.parameters.map((parameter) => parameter.$ref),
        name,
      ).to.include('#/components/parameters/IfNoneMatch');
    }
    // The policy and the three editor schemas at least: an empty list would prove nothing.
    expect(withEtag).to.include.members(['GET /v1/policies/{id}', 'GET /v1/schemas/v1/policy-file.json']);
  });

  it('answers 304 without content to GET and HEAD when If-None-Match names the ETag: alone, weak, in a list, or *', async () => {
    const withEtag = (await answers()).filter(({ status, headers }) => status === 200 && headers.has('etag'));
    expect(withEtag.length).to.be.at.least(4);
    await Promise.all(
      withEtag.map(async ({ operation, url, headers }) => {
        const etag = headers.get('etag')!;
        const length = headers.get('content-length');
        for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`, `"a,b",${etag}`, '*']) {
          for (const method of ['GET', 'HEAD']) {
            const where = `${method} ${operation.path} If-None-Match: ${ifNoneMatch}`;
            const answer = await fetch(url, { method, headers: { authorization: `Bearer ${s.token}`, 'if-none-match': ifNoneMatch } });
            expect(answer.status, where).to.equal(304);
            expect(await answer.text(), where).to.equal('');
            expect(answer.headers.get('etag'), where).to.equal(etag);
            expect(answer.headers.has('content-type'), where).to.equal(false);
            // RFC 9110 section 8.6: none, or the length the 200 would have had (HEAD).
            if (answer.headers.has('content-length')) expect(answer.headers.get('content-length'), where).to.equal(length);
            expectDeclared(operation, 304, answer.headers);
          }
        }
        const stale = await httpCall(url, { token: s.token, headers: { 'if-none-match': '"stale", W/"other"' } });
        expect(stale.status, operation.path).to.equal(200);
        expect(stale.headers.get('etag'), operation.path).to.equal(etag);
      }),
    );
  });

  it('declares every header each GET answer carries (request id, rate limits, ETag, Link, Location, Retry-After)', async () => {
    for (const { operation, status, headers } of await answers()) expectDeclared(operation, status, headers);
  });

  it('answers 200 with the new ETag once the policy changed, and 401 rather than 304 without a token', async () => {
    const id = s.policyIds[1]!;
    const before = await s.call('GET', `/v1/policies/${id}`);
    const etag = before.headers.get('etag')!;
    expect(etag).to.equal(`"${before.body.version}"`);
    const changed = await s.call('PUT', `/v1/policies/${id}`, { body: { name: before.body.name, rules: samplePolicy().rules }, headers: { 'if-match': etag } });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    const after = await s.call('GET', `/v1/policies/${id}`, { headers: { 'if-none-match': etag } });
    expect(after.status).to.equal(200);
    expect(after.headers.get('etag')).to.equal(`"${before.body.version + 1}"`);
    const anonymous = await httpCall(`${s.config.publicUrl}/v1/policies/${id}`, { headers: { 'if-none-match': after.headers.get('etag')! } });
    expect(anonymous.status).to.equal(401);
  });

  it('answers a deleted policy in full to the ETag it had while live, and sends it no ETag', async () => {
    const created = await s.call('POST', '/v1/policies', { body: samplePolicy({ name: `deleted-${Date.now()}` }) });
    const etag = created.headers.get('etag')!;
    expect((await s.call('DELETE', `/v1/policies/${created.body.id}`)).status).to.equal(200);
    const deleted = await s.call('GET', `/v1/policies/${created.body.id}`, { headers: { 'if-none-match': etag } });
    expect(deleted.status).to.equal(200);
    expect(deleted.body).to.include({ status: 'deleted', version: created.body.version });
    expect(deleted.headers.has('etag')).to.equal(false);
  });

  it('ignores an If-None-Match outside the grammar and answers in full', async () => {
    const url = `/v1/policies/${s.policyIds[0]}`;
    const etag = (await s.call('GET', url)).headers.get('etag')!;
    for (const malformed of [etag.slice(1, -1), `${etag}, *`, `"unclosed`, `W/${etag.slice(1, -1)}`]) {
      const answer = await s.call('GET', url, { headers: { 'if-none-match': malformed } });
      expect(answer.status, malformed).to.equal(200);
    }
  });
});
