import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { ApiToken, ApiTokenList, ApiTokenSummary } from '../../core/src/index.js';
import { apiTokenUseRecorder } from '../../server/src/domains/api-tokens/index.js';
import type { Caller } from '../../server/src/plugins/auth/caller.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, createApiToken } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';

const sha256 = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** GET /v1/auth/tokens: the inventory of API tokens, and the last use it shows. */
describe('API token inventory (GET /v1/auth/tokens)', () => {
  let t: TestApp;
  let adminA: string;
  let adminB: string;
  let clientA: string;
  let clientB: string;
  /** Owner A's tokens, oldest first; one of them is revoked. */
  const ownedByA: ApiToken[] = [];
  let ofB: ApiToken;
  let revokedOfA: ApiToken;

  before(async () => {
    t = await startTestApp();
    const a = await registerClient(t.app, ['admin:all']);
    const b = await registerClient(t.app, ['admin:all']);
    clientA = a.clientId;
    clientB = b.clientId;
    adminA = await accessToken(t.app, a);
    adminB = await accessToken(t.app, b);
    for (const name of ['first', 'second', 'third']) ownedByA.push(await createApiToken(t.app, adminA, { name, scopes: ['read:audit'], expires_in: 3600 }));
    revokedOfA = await createApiToken(t.app, adminA, { name: 'revoked', scopes: ['read:policies'] });
    const revoked = await t.app.inject({ method: 'DELETE', url: '/v1/auth/revoke', headers: bearer(revokedOfA.token) });
    expect(revoked.statusCode, revoked.body).to.equal(200);
    ofB = await createApiToken(t.app, adminB, { name: 'of-b', scopes: ['read:policies'] });
  });
  after(async () => t.close());

  const list = async (token: string, query = ''): Promise<ApiTokenList> => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/auth/tokens${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.headers['cache-control']).to.equal('no-store');
    const body = response.json() as ApiTokenList;
    expectSchema('api-token-list', body);
    return body;
  };
  const ids = (items: readonly ApiTokenSummary[]): string[] => items.map((item) => item.id);

  it("shows a caller without admin:all its owner's live tokens only, newest first, with metadata and never the token or its hash", async () => {
    const narrow = ownedByA[0]!;
    const answer = await list(narrow.token);
    expect(ids(answer.data)).to.deep.equal(ids([...ownedByA].reverse() as unknown as ApiTokenSummary[]));
    expect(answer.pagination).to.deep.equal({ total: 3, page: 1, per_page: 50, pages: 1 });
    const item = answer.data.find((entry) => entry.id === narrow.id)!;
    expect(item).to.deep.include({
      name: 'first',
      owner: clientA,
      created_by: clientA,
      scopes: ['read:audit'],
      expires_at: narrow.expires_at,
      revoked_at: null,
      status: 'active',
      token_hint: narrow.token.slice(-4),
    });
    const text = JSON.stringify(answer);
    for (const token of ownedByA) {
      expect(text).to.not.include(token.token);
      expect(text).to.not.include(sha256(token.token));
    }
  });

  it("shows admin:all every owner's tokens", async () => {
    const answer = await list(adminB);
    expect(ids(answer.data)).to.include.members([...ids(ownedByA as unknown as ApiTokenSummary[]), ofB.id]);
    expect(answer.data.find((item) => item.id === ofB.id)).to.include({ owner: clientB });
  });

  it('shows an OAuth access token of a client that owns no token an empty list', async () => {
    const other = await registerClient(t.app, ['read:audit']);
    const answer = await list(await accessToken(t.app, other));
    expect(answer).to.deep.equal({ data: [], pagination: { total: 0, page: 1, per_page: 50, pages: 0 } });
  });

  it('leaves revoked tokens out unless status=revoked asks for them', async () => {
    expect(ids((await list(adminA)).data)).to.not.include(revokedOfA.id);
    const revoked = await list(adminA, '?status=revoked');
    expect(ids(revoked.data)).to.deep.equal([revokedOfA.id]);
    expect(revoked.data[0]).to.include({ status: 'revoked' }).and.to.have.property('revoked_at').that.is.a('string');
    expect((await list(adminA, '?status=expired')).data).to.deep.equal([]);
  });

  it('pages as the other lists do, and answers 400 to a limit above 100 or an unknown parameter', async () => {
    const narrow = ownedByA[0]!.token;
    const first = await list(narrow, '?limit=2');
    const second = await list(narrow, '?limit=2&page=2');
    expect(first.pagination).to.deep.equal({ total: 3, page: 1, per_page: 2, pages: 2 });
    expect([...ids(first.data), ...ids(second.data)]).to.deep.equal(ids([...ownedByA].reverse() as unknown as ApiTokenSummary[]));
    for (const query of ['?limit=101', '?status=gone', '?owner=someone'])
      expectProblem(await t.app.inject({ method: 'GET', url: `/v1/auth/tokens${query}`, headers: bearer(adminA) }), 400, 'validation_failed');
  });

  it('answers 401 without a token', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/auth/tokens' }), 401, 'unauthorized');
  });

  it('records the last use of a token used by parallel requests, without moving the credentials generation', async () => {
    const token = await createApiToken(t.app, adminA, { name: 'busy', scopes: ['read:audit'] });
    const generation = async (): Promise<number> => Number((await t.app.db('change_generations').where({ name: 'credentials' }).first()).generation);
    const before = await generation();
    const usedFrom = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url: '/v1/audit/events?limit=1', headers: bearer(token.token) })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).to.equal(200);
    const item = (await list(adminA)).data.find((entry) => entry.id === token.id)!;
    expect(item.last_used_at).to.be.a('string');
    expect(Date.parse(item.last_used_at!)).to.be.at.least(usedFrom - 1000);
    // Recording a use is no change of credentials: caches and in-flight decisions keep their generation.
    expect(await generation()).to.equal(before);
  });

  it('writes a use at most once a minute per token, across replicas too (clock injected)', async () => {
    const token = await createApiToken(t.app, adminA, { name: 'clocked', scopes: ['read:audit'] });
    const caller: Caller = { kind: 'api_token', subject: clientA, clientId: null, scopes: ['read:audit'], tokenId: token.id, expiresAt: null };
    const replicaA = apiTokenUseRecorder(t.app.db);
    const replicaB = apiTokenUseRecorder(t.app.db);
    const lastUsed = async (): Promise<string | null> =>
      ((await t.app.db('api_tokens').where({ id: token.id }).first('last_used_at')).last_used_at as Date | null)?.toISOString() ?? null;
    const start = Date.parse('2030-01-01T00:00:00Z');
    const at = (seconds: number): Date => new Date(start + seconds * 1000);

    await Promise.all([replicaA(caller, at(0)), replicaB(caller, at(0)), replicaA(caller, at(1))]);
    expect(await lastUsed()).to.equal(at(0).toISOString());
    await Promise.all([replicaA(caller, at(30)), replicaB(caller, at(59))]);
    expect(await lastUsed()).to.equal(at(0).toISOString());
    await replicaB(caller, at(61));
    expect(await lastUsed()).to.equal(at(61).toISOString());
    // Replica A last wrote at 0 s: at 90 s it may try, and the row (written at 61 s) refuses.
    await replicaA(caller, at(90));
    expect(await lastUsed()).to.equal(at(61).toISOString());
  });
});
