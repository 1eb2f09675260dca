import { expect } from 'chai';
import { expectSchema } from '../helpers/schemas.js';
import { parseEntityTags } from '../../server/src/http/preconditions.js';
import { samplePolicy } from '../policies/fixtures.js';
import { documentedOperations, startSeededApp, type SeededApp } from './fixtures.js';

describe('If-Match compares strongly (RFC 9110 section 13.1.1)', () => {
  describe('parseEntityTags', () => {
    it('reads *, one tag, weak tags and lists, with commas inside tags, empty elements and several header lines', () => {
      expect(parseEntityTags('*')).to.equal('*');
      expect(parseEntityTags(' "3" ')).to.deep.equal([{ weak: false, opaque: '"3"' }]);
      expect(parseEntityTags('W/"3"')).to.deep.equal([{ weak: true, opaque: '"3"' }]);
      expect(parseEntityTags('"a,b", W/"c" ,, "" ,')).to.deep.equal([
        { weak: false, opaque: '"a,b"' },
        { weak: true, opaque: '"c"' },
        { weak: false, opaque: '""' },
      ]);
      expect(parseEntityTags(['"1"', 'W/"2"'])).to.deep.equal([
        { weak: false, opaque: '"1"' },
        { weak: true, opaque: '"2"' },
      ]);
      expect(parseEntityTags('')).to.deep.equal([]);
    });

    it('refuses what is not in the grammar: a bare tag, an open quote, w/ in lower case, * in a list, a quote inside', () => {
      for (const value of ['3', '"3', 'w/"3"', 'W/3', '"3" "4"', '*, "3"', '"a"b"', '"3";']) expect(parseEntityTags(value), value).to.equal(null);
    });
  });

  describe('on the operations that honour If-Match', () => {
    let s: SeededApp;
    before(async () => {
      s = await startSeededApp({ policies: 0, principals: 0, webhooks: 0, decisions: 0 });
    });
    after(() => s.close());

    let serial = 0;
    async function freshPolicy(): Promise<{ id: string; name: string; version: number }> {
      serial += 1;
      const created = await s.call('POST', '/v1/policies', { body: samplePolicy({ name: `if-match-${serial}-${Date.now()}` }) });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      return created.body;
    }

    /** A request each If-Match operation accepts but for its precondition, keyed `METHOD /path` as the document names it. */
    const requests: Record<string, (policy: { id: string; name: string }) => { path: string; body?: unknown }> = {
      'PUT /v1/policies/{id}': (policy) => ({
        path: `/v1/policies/${policy.id}`,
        body: { name: policy.name, rules: samplePolicy().rules, description: 'changed' },
      }),
      'DELETE /v1/policies/{id}': (policy) => ({ path: `/v1/policies/${policy.id}` }),
      'POST /v1/policies/{id}/rollback': (policy) => ({ path: `/v1/policies/${policy.id}/rollback`, body: { version: 1 } }),
    };

    it('documents If-Match and its 412 on each of them, and on no other operation', async () => {
      const { operations } = await documentedOperations(s.baseUrl);
      const honouring = operations.filter((operation) => operation.parameters.some((parameter) => parameter.$ref === '#/components/parameters/IfMatch'));
      expect(honouring.map((operation) => `${operation.method} ${operation.path}`).sort()).to.deep.equal(Object.keys(requests).sort());
      for (const operation of honouring) expect(Object.keys(operation.responses), operation.path).to.include('412');
    });

    for (const [name, request] of Object.entries(requests)) {
      it(`${name}: refuses W/"n" of the current version with 412 problem+json and changes nothing; accepts "n", a list holding it, and *`, async () => {
        const policy = await freshPolicy();
        const { path, body } = request(policy);
        const method = name.split(' ')[0]!;
        for (const ifMatch of ['W/"1"', 'W/"1", W/"2"', '"2", "7"', '"01"', '"abc"', '']) {
          const refused = await s.call(method, path, { body, headers: { 'if-match': ifMatch } });
          expect(refused.status, `If-Match: ${ifMatch}`).to.equal(412);
          expect(refused.headers.get('content-type'), ifMatch).to.match(/^application\/problem\+json/);
          expectSchema('problem', refused.body);
          expect(refused.body.code, ifMatch).to.equal('precondition_failed');
        }
        const unchanged = await s.call('GET', `/v1/policies/${policy.id}`);
        expect(unchanged.body).to.include({ version: 1, status: 'active' });
        for (const ifMatch of ['3', '"1', 'W/1']) {
          const malformed = await s.call(method, path, { body, headers: { 'if-match': ifMatch } });
          expect(malformed.status, `If-Match: ${ifMatch}`).to.equal(400);
          expect(malformed.body.code).to.equal('validation_failed');
        }
        const accepted = await s.call(method, path, { body, headers: { 'if-match': 'W/"1", "9", "1"' } });
        expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
        if (method !== 'DELETE') {
          expect(accepted.headers.get('etag')).to.equal('"2"');
          const again = await s.call(method, path, { body, headers: { 'if-match': '*' } });
          expect(again.status, JSON.stringify(again.body)).to.equal(200);
          expect(again.headers.get('etag')).to.equal('"3"');
        }
      });
    }

    it('tells a client that sent a weak tag to send it strong', async () => {
      const policy = await freshPolicy();
      const refused = await s.call('DELETE', `/v1/policies/${policy.id}`, { headers: { 'if-match': 'W/"1"' } });
      expect(refused.body.detail).to.include('W/"1" never matches').and.include('"1"');
    });

    it('lets exactly one of ten concurrent writers with the current strong ETag win, and none with the weak one', async () => {
      const policy = await freshPolicy();
      const put = (ifMatch: string, n: number) =>
        s.call('PUT', `/v1/policies/${policy.id}`, {
          body: { name: policy.name, rules: samplePolicy().rules, description: `writer ${n}` },
          headers: { 'if-match': ifMatch },
        });
      const weak = await Promise.all(Array.from({ length: 10 }, (_, n) => put('W/"1"', n)));
      expect(weak.map((answer) => answer.status)).to.deep.equal(Array(10).fill(412));
      const strong = await Promise.all(Array.from({ length: 10 }, (_, n) => put('"1"', n)));
      expect(strong.map((answer) => answer.status).sort()).to.deep.equal([200, ...Array(9).fill(412)]);
      const current = await s.call('GET', `/v1/policies/${policy.id}`);
      expect(current.body.version).to.equal(2);
      expect(current.headers.get('etag')).to.equal('"2"');
    });
  });
});
