import { expect } from 'chai';
import { samplePolicy } from '../policies/fixtures.js';
import { declaredHeaders, documentedOperations, startSeededApp, type DocumentedOperation, type SeededApp } from '../http/fixtures.js';

/** Headers the service sets that the OpenAPI document must declare wherever an answer carries them. */
const watchedHeaders = ['etag', 'link', 'location', 'retry-after', 'ratelimit', 'ratelimit-policy', 'x-request-id', 'idempotent-replayed'];

describe('the OpenAPI document declares the headers writes answer with', () => {
  let s: SeededApp;
  let operations: DocumentedOperation[];
  before(async () => {
    s = await startSeededApp({ policies: 1, principals: 0, webhooks: 0, decisions: 0 });
    operations = (await documentedOperations(s.baseUrl)).operations;
  });
  after(() => s.close());

  function expectDeclared(method: string, path: string, status: number, headers: Headers): void {
    const operation = operations.find((each) => each.method === method && each.path === path);
    expect(operation, `${method} ${path}`).to.not.equal(undefined);
    const sent = watchedHeaders.filter((name) => headers.has(name));
    expect(declaredHeaders(operation!, status), `${method} ${path} ${status}`).to.include.members(sent);
  }

  it('on creating, changing, replaying and refusing: Location, ETag, Retry-After, Idempotent-Replayed', async () => {
    const key = { 'idempotency-key': `headers-${Date.now()}` };
    const writes: Array<[string, string, string, { body?: unknown; headers?: Record<string, string> }]> = [
      ['POST', '/v1/policies', '/v1/policies', { body: samplePolicy({ name: `headers-${Date.now()}` }), headers: key }],
      ['POST', '/v1/principals', '/v1/principals', { body: { kind: 'agent', name: 'headers' } }],
      ['POST', '/v1/webhooks', '/v1/webhooks', { body: { url: s.receiver.url(), event_types: ['policy.deleted'] } }],
      ['POST', '/v1/audit/reports', '/v1/audit/reports', { body: { kind: 'compliance' } }],
      ['POST', '/v1/auth/token', '/v1/auth/token', { body: { name: 'headers', scopes: ['read:policies'] } }],
      [
        'PUT',
        `/v1/policies/${s.policyIds[0]}`,
        '/v1/policies/{id}',
        { body: { name: 'headers-put', rules: samplePolicy().rules }, headers: { 'if-match': 'W/"1"' } },
      ],
    ];
    const statuses: number[] = [];
    for (const [method, url, path, options] of writes) {
      const answer = await s.call(method, url, options);
      statuses.push(answer.status);
      expectDeclared(method, path, answer.status, answer.headers);
    }
    expect(statuses).to.deep.equal([201, 201, 201, 202, 201, 412]);
    const [, , , options] = writes[0]!;
    const replay = await s.call('POST', '/v1/policies', options);
    expect(replay.headers.get('idempotent-replayed')).to.equal('true');
    expectDeclared('POST', '/v1/policies', replay.status, replay.headers);
  });
});
