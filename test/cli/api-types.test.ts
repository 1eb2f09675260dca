import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { generateApiTypes } from '../../scripts/api-types.js';
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
});
