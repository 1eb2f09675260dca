import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { generateApiTypes } from '../../scripts/api-types.js';
import type { ApiClient } from '../../cli/src/api/client.js';
import type { SuccessBody, TypedRequest } from '../../cli/src/api/typed-paths.js';
import type { Principal } from '../../core/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { repoRoot } from './run-cli.js';

describe('the CLI client types generated from the served OpenAPI document (cli/src/api/generated)', () => {
  let t: TestApp;
  let document: string;
  before(async () => {
    t = await startTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).body;
  });
  after(() => t.close());

  it('are what npm run gen:api-types writes from the document the server code builds now', async function () {
    this.timeout(60_000);
    for (const [file, source] of Object.entries(await generateApiTypes(document))) {
      expect(readFileSync(path.join(repoRoot, 'cli', 'src', 'api', 'generated', file), 'utf8'), `${file} is stale: npm run gen:api-types`).to.equal(source);
    }
  });

  it('change when the document changes (a renamed field), so the comparison can fail', async function () {
    this.timeout(60_000);
    const changed = document.replace('"display_name"', '"display_title"');
    expect(changed).to.not.equal(document);
    expect((await generateApiTypes(changed))['openapi.ts']).to.not.equal(
      readFileSync(path.join(repoRoot, 'cli', 'src', 'api', 'generated', 'openapi.ts'), 'utf8'),
    );
  });

  it('list the POSTs that take an Idempotency-Key, as the document declares them', async () => {
    const parsed = JSON.parse(document) as { paths: Record<string, { post?: { parameters?: Array<{ $ref?: string; name?: string }> } }> };
    const { idempotencyKeyPosts } = await import('../../cli/src/api/generated/operations.js');
    expect(idempotencyKeyPosts).to.include('/principals').and.include('/policies').and.not.include('/decisions');
    expect(Object.keys(parsed.paths)).to.include.members([...idempotencyKeyPosts]);
  });

  it('type a call by its path template (checked by tsc: the answer of GET /principals/{id} is a Principal)', () => {
    const request: TypedRequest<'/principals/{id}', 'get'> = { path: { id: 'p1' } };
    const answer = null as unknown as SuccessBody<'/principals/{id}', 'get'>;
    const principal: Principal | null = answer;
    expect([request.path.id, principal]).to.deep.equal(['p1', null]);
  });

  it('type the other media types an answer is declared in: a report as text/csv is a string (checked by tsc)', () => {
    const csv = null as unknown as SuccessBody<'/audit/reports/{id}', 'get', 'text/csv'>;
    const text: string | null = csv;
    const request: TypedRequest<'/audit/reports/{id}', 'get', 'text/csv'> = { path: { id: 'r1' }, accept: 'text/csv' };
    expect([text, request.accept]).to.deep.equal([null, 'text/csv']);
  });

  // Checked by `npm run typecheck` (tsc -p tsconfig.json covers test/): each line below must fail to
  // compile, or tsc reports the unused @ts-expect-error. Never called: these requests are not sent.
  it('refuse at compile time a path, method, path parameter, query parameter or body field the document does not have', () => {
    const wrongCalls = (api: ApiClient): unknown[] => [
      // @ts-expect-error: no such path (it is /principals/{id})
      api.call('get', '/principal/{id}', { path: { id: 'p1' } }),
      // @ts-expect-error: /principals/{id} has no PUT (a principal is changed by PATCH)
      api.call('put', '/principals/{id}', { path: { id: 'p1' }, body: {} }),
      // @ts-expect-error: the path parameter is id
      api.call('get', '/principals/{id}', { path: { principal_id: 'p1' } }),
      // @ts-expect-error: GET /principals has no query parameter sort
      api.call('get', '/principals', { query: { sort: 'name' } }),
      // @ts-expect-error: kind is user, service or agent
      api.call('get', '/principals', { query: { kind: 'robot' } }),
      // @ts-expect-error: POST /principals has no body field display_title
      api.call('post', '/principals', { body: { kind: 'user', name: 'ada', display_title: 'Ada' } }),
      // @ts-expect-error: POST /principals needs a name
      api.call('post', '/principals', { body: { kind: 'user' } }),
      // @ts-expect-error: DELETE /policies/{id} answers PolicyDeleted, which has no rules
      api.call('delete', '/policies/{id}', { path: { id: 'p1' } }).then((deleted) => deleted.rules),
      // @ts-expect-error: GET /principals is declared in JSON only, not as text/csv
      api.call('get', '/principals', { accept: 'text/csv' }),
      // @ts-expect-error: a report asked for as text/csv is a string, which has no status
      api.call('get', '/audit/reports/{id}', { path: { id: 'r1' }, accept: 'text/csv' }).then((report) => report.status),
    ];
    expect(wrongCalls).to.be.a('function');
  });
});
