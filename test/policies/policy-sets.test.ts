import { expect } from 'chai';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PolicySet, PolicySetChange } from '../../core/src/index.js';
import { eventsOfRequest } from '../audit/helpers.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from './fixtures.js';
import { generatedPolicies, seededRandom } from '../../bench/fixtures/policies.js';
import { policySetLimits } from '../../core/src/index.js';

/** Issue #23: POST /v1/policy-sets applies a whole change set in one transaction, or nothing of it. */
describe('Policy change sets (POST /v1/policy-sets)', function () {
  this.timeout(60_000);
  let t: TestApp;
  let app: FastifyInstance;
  let admin: string;
  let adminSubject: string;
  let writer: string;
  let writerSubject: string;
  let reader: string;

  before(async () => {
    t = await startTestApp({ listen: true });
    app = t.app;
    const adminClient = await registerClient(app, ['read:policies', 'write:policies', 'delete:policies', 'read:audit']);
    adminSubject = adminClient.clientId;
    admin = await accessToken(app, adminClient);
    const writerClient = await registerClient(app, ['read:policies', 'write:policies']);
    writerSubject = writerClient.clientId;
    writer = await accessToken(app, writerClient);
    reader = await accessToken(app, await registerClient(app, ['read:policies']));
  });
  after(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const apply = (body: unknown, token = admin, headers: Record<string, string> = {}) => call('POST', '/v1/policy-sets', token, body, headers);

  let counter = 0;
  const uniqueName = (prefix = 'set') => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

  async function create(overrides = {}): Promise<{ id: string; version: number; name: string; status: string }> {
    const response = await call('POST', '/v1/policies', admin, samplePolicy({ name: uniqueName('single'), ...overrides }));
    expect(response.statusCode, response.body).to.equal(201);
    return response.json();
  }
  async function update(id: string, name: string, description: string): Promise<void> {
    const response = await call('PUT', `/v1/policies/${id}`, admin, { name, rules: samplePolicy().rules, description });
    expect(response.statusCode, response.body).to.equal(200);
  }
  async function remove(id: string): Promise<void> {
    expect((await call('DELETE', `/v1/policies/${id}`, admin)).statusCode).to.equal(200);
  }

  /** What a refused set must leave untouched: rows, versions, events, sets and the change counter. */
  async function snapshot(): Promise<unknown> {
    const [policies, versions, events, sets, generation] = await Promise.all([
      app.db('policies').select('id', 'name', 'status', 'version', 'updated_at').orderBy('id'),
      app.db('policy_versions').count<{ count: string }[]>({ count: '*' }),
      app.db('audit_events').max<{ max: string }[]>({ max: 'seq' }),
      app.db('policy_sets').count<{ count: string }[]>({ count: '*' }),
      policiesGeneration(),
    ]);
    return { policies, versions, events, sets, generation };
  }
  async function policiesGeneration(): Promise<number> {
    const row = await app.db('change_generations').where({ name: 'policies' }).first<{ generation: string }>();
    return Number(row!.generation);
  }

  function refusalsOf(response: LightMyRequestResponse): Array<{ pointer: string; code: string; detail: string; policy: Record<string, unknown> }> {
    expect(response.statusCode, response.body).to.equal(409);
    expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
    const body = response.json();
    expectSchema('problem', body);
    expect(body.code).to.equal('policy_set_refused');
    expect(body.detail).to.match(/Nothing of this set was applied/);
    return body.errors;
  }

  describe('a set of every action', () => {
    let existing: Awaited<ReturnType<typeof create>>[];
    let response: LightMyRequestResponse;
    let generationBefore: number;
    let newName: string;

    before(async () => {
      // toUpdate, toDelete, toRestore (deleted), toRollBack (at version 2)
      existing = [await create(), await create({ status: 'archived' }), await create({ status: 'archived' }), await create()];
      await remove(existing[2]!.id);
      await update(existing[3]!.id, existing[3]!.name, 'second version');
      newName = uniqueName('created');
      generationBefore = await policiesGeneration();
      response = await apply({
        provenance: { tool: 'acctl policy apply', repository: 'acme/policies', commit: 'abc123', run_url: 'https://ci.example/run/1', actor: 'octocat' },
        changes: [
          {
            action: 'create',
            policy: samplePolicy({
              name: newName,
              metadata: { owner: 'team-a', provenance: { commit: 'abc123', policy_set: '00000000-0000-4000-8000-000000000000' } },
            }),
          },
          {
            action: 'update',
            id: existing[0]!.id,
            if_match: 1,
            policy: { name: existing[0]!.name, rules: samplePolicy().rules, description: 'updated by a set' },
          },
          { action: 'delete', id: existing[1]!.id, if_match: 1 },
          { action: 'restore', id: existing[2]!.id, if_match: 1 },
          { action: 'rollback', id: existing[3]!.id, if_match: 2, version: 1 },
        ],
      });
    });

    it('answers 201 with Location and the set, every change as written', async () => {
      expect(response.statusCode, response.body).to.equal(201);
      const set: PolicySet = response.json();
      expectSchema('policy-set', set);
      expect(response.headers.location).to.equal(`/v1/policy-sets/${set.id}`);
      expect(response.headers.etag).to.equal(undefined);
      expect(set).to.include({ dry_run: false, applied_by: adminSubject });
      expect(set.counts).to.deep.equal({ create: 1, update: 1, delete: 1, restore: 1, rollback: 1 });
      expect(set.provenance).to.deep.equal({
        tool: 'acctl policy apply',
        repository: 'acme/policies',
        commit: 'abc123',
        run_url: 'https://ci.example/run/1',
        actor: 'octocat',
      });
      expect(set.changes.map(({ id: _id, ...rest }) => rest)).to.deep.equal([
        { action: 'create', name: newName, version: 1, status: 'active' },
        { action: 'update', name: existing[0]!.name, version: 2, status: 'active' },
        { action: 'delete', name: existing[1]!.name, version: 1, status: 'deleted' },
        { action: 'restore', name: existing[2]!.name, version: 2, status: 'archived' },
        { action: 'rollback', name: existing[3]!.name, version: 3, status: 'active' },
      ]);
      expect(set.changes.slice(1).map((change) => change.id)).to.deep.equal(existing.map((policy) => policy.id));
    });

    it('writes each policy and each new version, naming the set in metadata.provenance.policy_set (over a value sent)', async () => {
      const set: PolicySet = response.json();
      const created = (await call('GET', `/v1/policies/${set.changes[0]!.id}`, reader)).json();
      expect(created).to.include({ name: newName, version: 1, status: 'active' });
      expect(created.metadata).to.deep.equal({ owner: 'team-a', provenance: { commit: 'abc123', policy_set: set.id } });
      const updated = (await call('GET', `/v1/policies/${existing[0]!.id}/versions/2`, reader)).json();
      expect(updated).to.include({ description: 'updated by a set' });
      expect(updated.metadata.provenance).to.deep.equal({ policy_set: set.id });
      const deleted = (await call('GET', `/v1/policies/${existing[1]!.id}`, reader)).json();
      expect(deleted).to.include({ status: 'deleted', version: 1 });
      const restored = await call('GET', `/v1/policies/${existing[2]!.id}`, reader);
      expect(restored.json()).to.include({ status: 'archived', version: 2 });
      expect(restored.headers.etag).to.equal('"2"');
      const rolledBack = (await call('GET', `/v1/policies/${existing[3]!.id}/versions/3`, reader)).json();
      expect(rolledBack.description).to.equal(samplePolicy().description);
      expect(rolledBack.metadata.provenance).to.deep.include({ tool: 'rollback', rolled_back_from: 2, rolled_back_to: 1, policy_set: set.id });
      expect(rolledBack.created_by).to.equal(set.applied_by);
    });

    it('moves the policies change counter by exactly one for the whole set', async () => {
      expect(await policiesGeneration()).to.equal(generationBefore + 1);
    });

    it('records one policy.* event per policy in set order, then policy_set.applied, at consecutive sequences', async () => {
      const set: PolicySet = response.json();
      const events = await eventsOfRequest(app, response.headers['x-request-id'] as string);
      expect(events.map((event) => event.type)).to.deep.equal([
        'policy.created',
        'policy.updated',
        'policy.deleted',
        'policy.restored',
        'policy.rolled_back',
        'policy_set.applied',
      ]);
      for (const event of events) expectSchema('audit-event', event);
      const sequences = events.map((event) => event.sequence);
      expect(sequences).to.deep.equal(sequences.map((_, i) => sequences[0]! + i));
      expect(events.slice(0, 5).map((event) => event.target.id)).to.deep.equal(set.changes.map((change) => change.id));
      for (const event of events.slice(0, 5)) expect(event.data).to.include({ policy_set: set.id });
      expect(events[4]!.data).to.include({ rolled_back_to: 1, version: 3 });
      const applied = events[5]!;
      expect(applied.target).to.deep.equal({ type: 'policy_set', id: set.id });
      expect(applied.data).to.deep.include({ provenance: set.provenance, counts: set.counts, change_count: 5, changes_truncated: false });
      expect(applied.data!.changes).to.deep.equal(set.changes);
    });

    it('answers the stored set on GET /v1/policy-sets/{id} (read:policies), 404 for an unknown id', async () => {
      const set: PolicySet = response.json();
      const got = await call('GET', `/v1/policy-sets/${set.id}`, reader);
      expect(got.statusCode).to.equal(200);
      expectSchema('policy-set', got.json());
      expect(got.json()).to.deep.equal(set);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "x' OR '1'='1"]) {
        const missing = await call('GET', `/v1/policy-sets/${encodeURIComponent(id)}`, reader);
        expect(missing.statusCode, id).to.equal(404);
        expect(missing.json().code).to.equal('not_found');
      }
    });
  });

  describe('refusals: every precondition is checked, every failing change named, nothing written', () => {
    it('names each failing change with its code and policy, and writes nothing', async () => {
      const live = await create();
      const deleted = await create();
      await remove(deleted.id);
      const other = await create();
      const taken = await create();
      const state = await snapshot();
      const changes: PolicySetChange[] = [
        { action: 'create', policy: samplePolicy({ name: uniqueName('fine') }) },
        { action: 'update', id: live.id, if_match: 7, policy: { name: live.name, rules: samplePolicy().rules } },
        { action: 'delete', id: 'no-such-policy', if_match: 1 },
        { action: 'update', id: deleted.id, if_match: 1, policy: { name: deleted.name, rules: samplePolicy().rules } },
        { action: 'restore', id: other.id, if_match: 1 },
        { action: 'rollback', id: other.id, if_match: 1, version: 1 },
        { action: 'create', policy: samplePolicy({ name: taken.name }) },
        { action: 'rollback', id: taken.id, if_match: 1, version: 9 },
      ];
      const errors = refusalsOf(await apply({ changes }));
      expect(errors.map((error) => [error.pointer, error.code])).to.deep.equal([
        ['/changes/1', 'version_mismatch'],
        ['/changes/2', 'not_found'],
        ['/changes/3', 'already_deleted'],
        ['/changes/4', 'not_deleted'],
        ['/changes/5', 'duplicate_policy'],
        ['/changes/6', 'name_taken'],
        ['/changes/7', 'no_such_version'],
      ]);
      expect(errors[0]!.policy).to.deep.equal({ id: live.id, name: live.name, version: 1 });
      expect(errors[0]!.detail).to.contain(live.name).and.contain('version 1');
      expect(errors[1]!.policy).to.deep.equal({ id: 'no-such-policy' });
      expect(errors[5]!.detail).to.contain(taken.id);
      expect(await snapshot()).to.deep.equal(state);
    });

    it('refuses final names that collide inside the set, and a swap of names, but lets a delete free a name for a create and a restore', async () => {
      const a = await create();
      const b = await create();
      const twin = uniqueName('twin');
      const state = await snapshot();
      const collide = refusalsOf(
        await apply({
          changes: [
            { action: 'create', policy: samplePolicy({ name: twin }) },
            { action: 'create', policy: samplePolicy({ name: twin }) },
          ],
        }),
      );
      expect(collide.map((error) => [error.pointer, error.code])).to.deep.equal([['/changes/1', 'name_taken']]);
      const swap = refusalsOf(
        await apply({
          changes: [
            { action: 'update', id: a.id, if_match: 1, policy: { name: b.name, rules: samplePolicy().rules } },
            { action: 'update', id: b.id, if_match: 1, policy: { name: a.name, rules: samplePolicy().rules } },
          ],
        }),
      );
      expect(swap.map((error) => error.code)).to.deep.equal(['name_taken', 'name_taken']);
      expect(swap[0]!.detail).to.match(/two sets/);
      expect(await snapshot()).to.deep.equal(state);

      const gone = await create();
      await remove(gone.id);
      const restoredHolder = await create({ name: gone.name });
      const freed = await apply({
        changes: [
          { action: 'delete', id: a.id, if_match: 1 },
          { action: 'create', policy: samplePolicy({ name: a.name }) },
          { action: 'delete', id: restoredHolder.id, if_match: 1 },
          { action: 'restore', id: gone.id, if_match: 1 },
        ],
      });
      expect(freed.statusCode, freed.body).to.equal(201);
    });

    it('sets and single creates racing for one name: one wins, the others 409 (the unique index stays the backstop), never a 500', async () => {
      for (let round = 0; round < 5; round++) {
        const name = uniqueName('raced');
        const answers = await Promise.all([
          ...[0, 1, 2, 3].map(() =>
            apply({
              changes: [
                { action: 'create', policy: samplePolicy({ name: uniqueName() }) },
                { action: 'create', policy: samplePolicy({ name }) },
              ],
            }),
          ),
          ...[0, 1, 2, 3].map(() => call('POST', '/v1/policies', admin, samplePolicy({ name }))),
        ]);
        expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).to.deep.equal([201, 409, 409, 409, 409, 409, 409, 409]);
        for (const refused of answers.slice(0, 4).filter((r) => r.statusCode === 409)) expect(refused.json().code).to.equal('policy_set_refused');
        expect(await app.db('policies').where({ name }).count<{ count: string }[]>({ count: '*' })).to.deep.equal([{ count: 1 }]);
      }
    });
  });

  describe('dry run', () => {
    it('checks everything, answers 200 what the set would do, writes nothing; the real set then answers the same', async () => {
      const live = await create();
      const name = uniqueName('dry');
      const body = {
        changes: [
          { action: 'create', policy: samplePolicy({ name }) },
          { action: 'update', id: live.id, if_match: 1, policy: { name: live.name, rules: samplePolicy().rules, status: 'archived' } },
        ],
        provenance: { commit: 'def456' },
      };
      const state = await snapshot();
      const dry = await apply({ ...body, dry_run: true });
      expect(dry.statusCode, dry.body).to.equal(200);
      expectSchema('policy-set', dry.json());
      expect(dry.headers.location).to.equal(undefined);
      expect(dry.json()).to.not.have.property('id');
      expect(dry.json()).to.not.have.property('applied_at');
      expect(dry.json().changes[0]).to.not.have.property('id');
      expect(await snapshot()).to.deep.equal(state);

      const refusedDry = await apply({ ...body, changes: [{ ...body.changes[1], if_match: 5 }], dry_run: true });
      expect(refusalsOf(refusedDry).map((error) => error.code)).to.deep.equal(['version_mismatch']);

      const real = await apply(body);
      expect(real.statusCode).to.equal(201);
      const { id: _id, applied_at: _at, ...rest } = real.json();
      const withoutCreateIds = {
        ...rest,
        dry_run: true,
        changes: rest.changes.map((c: { action: string; id?: string }) => (c.action === 'create' ? { ...c, id: undefined } : c)),
      };
      expect(JSON.parse(JSON.stringify(withoutCreateIds))).to.deep.equal(dry.json());
    });
  });

  describe('scopes', () => {
    it('needs delete:policies for a set with a delete: 403 naming each delete, nothing written', async () => {
      const a = await create();
      const b = await create();
      const state = await snapshot();
      const response = await apply(
        {
          changes: [
            { action: 'delete', id: a.id, if_match: 1 },
            { action: 'create', policy: samplePolicy({ name: uniqueName() }) },
            { action: 'delete', id: b.id, if_match: 1 },
          ],
        },
        writer,
      );
      expect(response.statusCode).to.equal(403);
      expect(response.json().code).to.equal('insufficient_scope');
      expect(response.headers['www-authenticate']).to.contain('scope="delete:policies"');
      expect(response.json().errors.map((error: { pointer: string }) => error.pointer)).to.deep.equal(['/changes/0', '/changes/2']);
      expect(await snapshot()).to.deep.equal(state);
    });

    it('applies a set without deletes with write:policies only, as the caller; refuses read:policies', async () => {
      const ok = await apply({ changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName() }) }] }, writer);
      expect(ok.statusCode).to.equal(201);
      expect(ok.json().applied_by).to.equal(writerSubject);
      const refused = await apply({ changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName() }) }] }, reader);
      expect(refused.statusCode).to.equal(403);
    });
  });

  describe('input', () => {
    it('refuses malformed sets with 400 naming the field, hostile ids included', async () => {
      for (const body of [
        {},
        { changes: [] },
        { changes: [{ action: 'explode', id: 'x', if_match: 1 }] },
        { changes: [{ action: 'delete', id: 'x' }] },
        { changes: [{ action: 'delete', id: 'x', if_match: 0 }] },
        { changes: [{ action: 'create', policy: { name: 'x' } }] },
        { changes: [{ action: 'delete', id: 'x\u0000y', if_match: 1 }] },
        { changes: [{ action: 'delete', id: 'x'.repeat(101), if_match: 1 }] },
        { changes: [{ action: 'create', policy: samplePolicy() }], provenance: { commit: 1 } },
        { changes: [{ action: 'create', policy: samplePolicy() }], extra: true },
      ]) {
        const response = await apply(body);
        expect(response.statusCode, JSON.stringify(body)).to.equal(400);
        expect(response.json().code).to.equal('validation_failed');
      }
    });

    it("names the one field that is wrong in a change, not every kind of change it is not (the change's action chooses its schema)", async () => {
      const cases: Array<[unknown, Array<{ pointer: string; detail: string }>]> = [
        [{ action: 'explode', id: 'x', if_match: 1 }, [{ pointer: '/changes/0/action', detail: 'is not a known action' }]],
        [{ id: 'x', if_match: 1 }, [{ pointer: '/changes/0/action', detail: 'is required' }]],
        [{ action: 'update', id: 'x', if_match: 1, policy: { name: 'n' } }, [{ pointer: '/changes/0/policy/rules', detail: 'is required' }]],
        [{ action: 'delete', id: 'x', if_match: '1' }, [{ pointer: '/changes/0/if_match', detail: 'must be integer' }]],
      ];
      for (const [change, expected] of cases) {
        const response = await apply({ changes: [change] });
        expect(response.statusCode, JSON.stringify(change)).to.equal(400);
        expect(
          response.json().errors.map(({ pointer, detail }: { pointer: string; detail: string }) => ({ pointer, detail })),
          JSON.stringify(change),
        ).to.deep.equal(expected);
      }
    });

    it('takes 10,000 changes (the documented limit) and refuses 10,001 with 400', async () => {
      const changes = Array.from({ length: 10_000 }, (_, i) => ({ action: 'create', policy: samplePolicy({ name: `limit-${i}` }) }));
      const atLimit = await apply({ changes, dry_run: true });
      expect(atLimit.statusCode, atLimit.body.slice(0, 300)).to.equal(200);
      expect(atLimit.json().counts.create).to.equal(10_000);
      const response = await apply({ changes: [...changes, changes[0]] });
      expect(response.statusCode).to.equal(400);
      expect(response.json().code).to.equal('validation_failed');
      expect(response.json().errors[0].pointer).to.equal('/changes');
    });

    it('answers a body over 32 MiB with 413 problem+json saying the limits and how to split, over real HTTP', async () => {
      const filler = 'x'.repeat(1000);
      const changes = Array.from({ length: 34_000 }, (_, i) => ({ action: 'create', policy: { ...samplePolicy({ name: `big-${i}` }), description: filler } }));
      const body = JSON.stringify({ changes });
      expect(Buffer.byteLength(body)).to.be.greaterThan(32 * 1024 * 1024);
      const response = await fetch(`${t.baseUrl}/policy-sets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body,
      });
      expect(response.status).to.equal(413);
      expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
      const problem = (await response.json()) as { code: string; detail: string };
      expect(problem.code).to.equal('payload_too_large');
      expect(problem.detail)
        .to.contain('10,000 changes')
        .and.contain('32 MiB')
        .and.match(/several sets/);

      // Without Content-Length (chunked), the parser finds it too large: the same answer.
      const bytes = Buffer.from(body);
      const stream = new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 1 << 20) controller.enqueue(bytes.subarray(offset, offset + (1 << 20)));
          controller.close();
        },
      });
      const chunked = await fetch(`${t.baseUrl}/policy-sets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).to.equal(413);
      expect(((await chunked.json()) as { detail: string }).detail).to.contain('10,000 changes');

      // A chunked set under the limit passes whole.
      const small = new TextEncoder().encode(JSON.stringify({ dry_run: true, changes: changes.slice(0, 3000) }));
      const underLimit = await fetch(`${t.baseUrl}/policy-sets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: new ReadableStream({
          start(controller) {
            for (let offset = 0; offset < small.length; offset += 1 << 16) controller.enqueue(small.subarray(offset, offset + (1 << 16)));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(underLimit.status).to.equal(200);
      expect(((await underLimit.json()) as PolicySet).counts.create).to.equal(3000);
    });

    it('applies a 5,000-policy repository in one set: the size the limits are chosen for', async () => {
      // The benchmark's generated policies (1 to 5 rules, conditions), with the provenance apply adds to each.
      const provenance = { tool: 'acctl policy apply', commit: 'f'.repeat(40), content_hash: 'a'.repeat(64), applied_at: new Date().toISOString() };
      const suffix = uniqueName('repo');
      const changes = generatedPolicies(5000, seededRandom(20261125)).map((policy, n) => ({
        action: 'create',
        policy: {
          name: `${suffix}-${policy.name}`,
          status: 'active',
          rules: policy.rules,
          metadata: { managed_by: suffix, provenance: { ...provenance, source: `policies/${n}.yaml` } },
        },
      }));
      const body = { changes, provenance: { tool: 'acctl policy apply' } };
      expect(Buffer.byteLength(JSON.stringify(body))).to.be.below(policySetLimits.bytes / 4);
      const response = await apply(body);
      expect(response.statusCode, response.body.slice(0, 300)).to.equal(201);
      expect(response.json().counts.create).to.equal(5000);
      const counted = await app.db('policies').whereRaw("metadata->>'managed_by' = ?", [suffix]).count<Array<{ count: string }>>({ count: '*' });
      expect(Number(counted[0]!.count)).to.equal(5000);
    });

    it('takes a set of 1 MiB to 32 MiB (the route has its own body limit)', async () => {
      const filler = 'y'.repeat(1000);
      const changes = Array.from({ length: 1500 }, () => ({ action: 'create', policy: { ...samplePolicy({ name: uniqueName('mid') }), description: filler } }));
      const response = await apply({ changes, dry_run: true });
      expect(response.statusCode, response.body.slice(0, 300)).to.equal(200);
    });
  });

  describe('idempotency', () => {
    it('replays the answer of a key instead of applying the set twice', async () => {
      const body = { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName('idem') }) }] };
      const key = `set-${Math.random()}`;
      const first = await apply(body, admin, { 'idempotency-key': key });
      const second = await apply(body, admin, { 'idempotency-key': key });
      expect(first.statusCode).to.equal(201);
      expect(second.statusCode).to.equal(201);
      expect(second.headers['idempotent-replayed']).to.equal('true');
      expect(second.json()).to.deep.equal(first.json());
      expect(await app.db('policy_sets').where({ id: first.json().id }).count<{ count: string }[]>({ count: '*' })).to.deep.equal([{ count: 1 }]);
    });
  });

  describe('concurrency', () => {
    it('10 sets at once on the same policies with the same if_match: exactly one 201, the others 409, no 5xx', async () => {
      const policies = await Promise.all([0, 1, 2, 3, 4].map(() => create()));
      const sets = Array.from({ length: 10 }, (_, n) => ({
        changes: [...policies]
          .sort(() => (n % 2 === 0 ? 1 : -1))
          .map((policy) => ({
            action: 'update',
            id: policy.id,
            if_match: 1,
            policy: { name: policy.name, rules: samplePolicy().rules, description: `set ${n}` },
          })),
      }));
      const generation = await policiesGeneration();
      const answers = await Promise.all(sets.map((set) => apply(set)));
      expect(answers.map((r) => r.statusCode).sort()).to.deep.equal([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((r) => r.statusCode === 409)) expect(refusalsOf(refused)).to.have.length(5);
      const winner = answers.find((r) => r.statusCode === 201)!.json();
      const rows = await app
        .db('policies')
        .whereIn(
          'id',
          policies.map((p) => p.id),
        )
        .select('version', 'description');
      expect(new Set(rows.map((row) => `${row.version} ${row.description}`)).size).to.equal(1);
      expect(rows[0]!.version).to.equal(2);
      expect(winner.changes.every((change: { version: number }) => change.version === 2)).to.equal(true);
      expect(await policiesGeneration()).to.equal(generation + 1);
    });

    it('a set racing single-policy PUTs: every set 201 or 409, every PUT 200, versions contiguous, no deadlock', async () => {
      const policies = await Promise.all(Array.from({ length: 8 }, () => create()));
      const setAnswers: Promise<LightMyRequestResponse>[] = [];
      const putAnswers: Promise<LightMyRequestResponse>[] = [];
      for (let round = 0; round < 4; round++) {
        setAnswers.push(
          apply({
            changes: policies.map((policy) => ({
              action: 'update',
              id: policy.id,
              if_match: 1 + round,
              policy: { name: policy.name, rules: samplePolicy().rules },
            })),
          }),
        );
        for (const policy of [...policies].reverse())
          putAnswers.push(call('PUT', `/v1/policies/${policy.id}`, admin, { name: policy.name, rules: samplePolicy().rules, description: `put ${round}` }));
      }
      const sets = await Promise.all(setAnswers);
      const puts = await Promise.all(putAnswers);
      for (const answer of sets) expect([201, 409], answer.body).to.include(answer.statusCode);
      for (const answer of puts) expect(answer.statusCode, answer.body).to.equal(200);
      const applied = sets.filter((answer) => answer.statusCode === 201).length;
      for (const policy of policies) {
        const versions = (await call('GET', `/v1/policies/${policy.id}/versions`, reader)).json().data.map((v: { version: number }) => v.version);
        expect(versions).to.deep.equal(Array.from({ length: 1 + 4 + applied }, (_, i) => 4 + applied + 1 - i));
      }
    });
  });

  describe('restore', () => {
    it('writes a new version on restore in a set as on the single route, so a stale ETag is not answered 304', async () => {
      const policy = await create();
      await remove(policy.id);
      const response = await apply({ changes: [{ action: 'restore', id: policy.id, if_match: 1 }] });
      expect(response.statusCode, response.body).to.equal(201);
      const got = await call('GET', `/v1/policies/${policy.id}`, reader, undefined, { 'if-none-match': '"1"' });
      expect(got.statusCode).to.equal(200);
      expect(got.headers.etag).to.equal('"2"');
    });
  });

  describe('bulk writes', () => {
    it('applies 1,000 creates in one set with a few statements, not one round trip per policy', async () => {
      const changes = Array.from({ length: 1000 }, () => ({ action: 'create', policy: samplePolicy({ name: uniqueName('bulk') }) }));
      const generation = await policiesGeneration();
      // Every statement the app sends while the set is applied (the benchmark measures the time: npm run bench -- --only gitops).
      let statements = 0;
      const count = (): void => void statements++;
      app.db.on('query', count);
      const response = await apply({ changes, provenance: { tool: 'test' } }).finally(() => app.db.removeListener('query', count));
      expect(response.statusCode).to.equal(201);
      expect(response.json().counts.create).to.equal(1000);
      expect(await policiesGeneration()).to.equal(generation + 1);
      const events = await eventsOfRequest(app, response.headers['x-request-id'] as string);
      expect(events).to.have.length(1001);
      expect(events[1000]!.data).to.include({ change_count: 1000, changes_truncated: true });
      expect((events[1000]!.data as { changes: unknown[] }).changes).to.have.length(100);
      expect(statements, `${statements} statements`).to.be.within(1, 25);
    });
  });
});
