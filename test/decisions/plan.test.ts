import { expect } from 'chai';
import pg from 'pg';
import { planToSql, type PlanColumns, type ResourcePlan } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';

/**
 * POST /v1/decisions/plan (issue #35) against POST /v1/decisions/batch on one real table: for each
 * policy set, the rows the plan's WHERE selects are exactly those evaluate allows.
 */
const attribute = (path: string, to: unknown, operator = 'equals') => ({ type: 'attribute', operator, value: { attribute: path, to } });

const policies = [
  {
    name: 'docs-by-pattern-and-label',
    status: 'active',
    rules: [
      { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'doc', identifiers: ['team-a-*'] }, actions: ['read'] },
      {
        effect: 'allow',
        principals: { type: 'USER' },
        resources: { type: 'doc', identifiers: ['*'], attributes: { classification: ['public'] } },
        actions: ['read'],
      },
      // Deny overrides: archived documents are never read.
      {
        effect: 'deny',
        principals: { type: 'USER' },
        resources: { type: 'doc', identifiers: ['*'] },
        actions: ['read'],
        conditions: [attribute('resource.attributes.archived', true)],
      },
    ],
  },
  {
    name: 'notes-by-owner-and-department',
    status: 'active',
    rules: [
      {
        effect: 'allow',
        principals: { type: 'USER' },
        resources: { type: 'note', identifiers: ['*'] },
        actions: ['read'],
        conditions: [attribute('resource.attributes.owner', { attribute: 'principal.id' })],
      },
      {
        effect: 'allow',
        principals: { type: 'USER' },
        resources: { type: 'note', identifiers: ['shared-*'] },
        actions: ['read'],
        conditions: [attribute('resource.attributes.dept', { attribute: 'principal.attributes.department' })],
      },
    ],
  },
  {
    name: 'weird-self-comparison',
    status: 'active',
    rules: [
      {
        effect: 'allow',
        principals: { type: 'USER' },
        resources: { type: 'weird', identifiers: ['*'] },
        actions: ['read'],
        conditions: [attribute('resource.attributes.owner', { attribute: 'resource.identifier' })],
      },
      {
        effect: 'allow',
        principals: { type: 'USER' },
        resources: { type: 'weird', identifiers: ['*'] },
        actions: ['read'],
        conditions: [attribute('principal.attributes.department', { attribute: 'resource.attributes.dept' }, 'starts_with')],
      },
    ],
  },
];

interface Row {
  id: number;
  identifier: string;
  attributes: Record<string, string | boolean>;
}

/** 200 resources spread over every pattern and attribute the policies test, some attributes missing. */
function resources(): Row[] {
  const prefixes = ['team-a-', 'team-b-', 'shared-', 'x'];
  const pick = <T>(values: readonly T[], index: number, step: number): T => values[Math.floor(index / step) % values.length]!;
  return Array.from({ length: 200 }, (_, index) => {
    const attributes: Record<string, string | boolean> = {};
    const classification = pick(['public', 'internal', undefined], index, 1);
    if (classification) attributes.classification = classification;
    if (index % 5 === 0) attributes.archived = true;
    if (index % 7 === 1) attributes.archived = false;
    const owner = pick(['alice', 'bob', undefined], index, 4);
    if (owner) attributes.owner = owner;
    const dept = pick(['sales', 'engineering', undefined], index, 3);
    if (dept) attributes.dept = dept;
    const identifier = `${pick(prefixes, index, 2)}${index}`;
    if (index % 11 === 0) attributes.owner = identifier;
    return { id: index + 1, identifier, attributes };
  });
}

const columns: PlanColumns = { identifier: 'identifier', attributes: { classification: 'classification', archived: 'archived', owner: 'owner', dept: 'dept' } };

describe('POST /v1/decisions/plan', () => {
  let t: TestApp;
  let client: pg.Client;
  let evaluator: string;
  let readerOnly: string;
  const rows = resources();

  before(async () => {
    t = await startTestApp();
    const admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    evaluator = await accessToken(t.app, await registerClient(t.app, ['evaluate:decisions']));
    readerOnly = await accessToken(t.app, await registerClient(t.app, ['read:policies']));
    for (const policy of policies) {
      const response = await t.app.inject({ method: 'POST', url: '/v1/policies', headers: { authorization: `Bearer ${admin}` }, payload: policy });
      expect(response.statusCode, response.body).to.equal(201);
    }
    client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    await client.query(
      'CREATE TABLE plan_fixture (id integer PRIMARY KEY, identifier text NOT NULL, classification jsonb, archived jsonb, owner jsonb, dept jsonb)',
    );
    const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));
    await client.query('INSERT INTO plan_fixture SELECT * FROM unnest($1::integer[], $2::text[], $3::jsonb[], $4::jsonb[], $5::jsonb[], $6::jsonb[])', [
      rows.map((row) => row.id),
      rows.map((row) => row.identifier),
      ...['classification', 'archived', 'owner', 'dept'].map((name) => rows.map((row) => json(row.attributes[name]))),
    ]);
  });
  after(async () => {
    await client?.end();
    await t?.close();
  });

  const plan = (payload: unknown, token = evaluator) =>
    t.app.inject({ method: 'POST', url: '/v1/decisions/plan', headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  async function selected(answer: ResourcePlan): Promise<number[]> {
    const { where, params } = planToSql(answer, columns);
    const result = await client.query<{ id: number }>(`SELECT id FROM plan_fixture WHERE ${where} ORDER BY id`, params);
    return result.rows.map((row) => row.id);
  }

  /** The rows POST /v1/decisions/batch allows, 100 requests a call. */
  async function allowed(principal: object, type: string): Promise<number[]> {
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += 100) {
      const chunk = rows.slice(start, start + 100);
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/decisions/batch',
        headers: { authorization: `Bearer ${evaluator}` },
        payload: { requests: chunk.map((row) => ({ principal, action: 'read', resource: { type, identifier: row.identifier, attributes: row.attributes } })) },
      });
      expect(response.statusCode, response.body).to.equal(200);
      response.json().results.forEach((result: { decision: string }, index: number) => {
        if (result.decision === 'allow') ids.push(chunk[index]!.id);
      });
    }
    return ids;
  }

  async function expectPlanMatchesEvaluate(principal: object, type: string): Promise<ResourcePlan> {
    const response = await plan({ principal, action: 'read', resource: { type } });
    expect(response.statusCode, response.body).to.equal(200);
    const answer = response.json();
    expectSchema('decision-plan', answer);
    const [bySql, byEvaluate] = await Promise.all([selected(answer), allowed(principal, type)]);
    expect(bySql).to.deep.equal(byEvaluate);
    return answer;
  }

  it('selects exactly the rows evaluate allows, for identifier patterns, resource attributes and a deny', async () => {
    const answer = await expectPlanMatchesEvaluate({ type: 'USER' }, 'doc');
    expect(answer.kind).to.equal('conditional');
    expect(Object.values(answer.policies)).to.deep.equal([1]);
    expect((await selected(answer)).length, 'the condition selects some rows and leaves some out').to.be.within(1, rows.length - 1);
  });

  it("selects exactly the rows evaluate allows when the condition compares the resource with the principal's id and a stored attribute", async () => {
    const admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/principals',
      headers: { authorization: `Bearer ${admin}` },
      payload: { kind: 'user', name: 'planned-sales', attributes: { department: 'sales' } },
    });
    expect(created.statusCode, created.body).to.equal(201);
    await expectPlanMatchesEvaluate({ id: created.json().id, type: 'USER' }, 'note');
    const inline = await expectPlanMatchesEvaluate({ id: 'alice', type: 'USER', attributes: { department: 'engineering' } }, 'note');
    expect(JSON.stringify(inline)).to.include('engineering').and.include('alice');
  });

  it("answers always_denied (SQL FALSE) to a principal no rule names, and refuses a stored principal's wrong type with 400 at /principal/type", async () => {
    const denied = (await plan({ principal: { type: 'SERVICE' }, action: 'read', resource: { type: 'doc' } })).json();
    expect(denied).to.include({ kind: 'always_denied' });
    expect(planToSql(denied, columns)).to.deep.equal({ where: 'FALSE', params: [] });
    const admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/principals',
      headers: { authorization: `Bearer ${admin}` },
      payload: { kind: 'service', name: 'planned-svc' },
    });
    const wrongType = await plan({ principal: { id: created.json().id, type: 'USER' }, action: 'read', resource: { type: 'doc' } });
    expect(wrongType.statusCode).to.equal(400);
    expect(wrongType.json().errors[0].pointer).to.equal('/principal/type');
  });

  it('needs evaluate:decisions: 401 without a token, 403 with another scope', async () => {
    const body = { principal: { type: 'USER' }, action: 'read', resource: { type: 'doc' } };
    const [none, other] = await Promise.all([t.app.inject({ method: 'POST', url: '/v1/decisions/plan', payload: body }), plan(body, readerOnly)]);
    expect(none.statusCode).to.equal(401);
    expect(other.statusCode).to.equal(403);
    expect(other.json().code).to.equal('insufficient_scope');
  });

  it('refuses bad input with 400 problem+json: a resource identifier, a missing action, an over-long type', async () => {
    const bad = [
      { principal: { type: 'USER' }, action: 'read', resource: { type: 'doc', identifier: 'team-a-1' } },
      { principal: { type: 'USER' }, resource: { type: 'doc' } },
      { principal: { type: 'USER' }, action: 'read', resource: { type: 'x'.repeat(101) } },
      { principal: { type: 'USER', attributes: { a: { nested: true } } }, action: 'read', resource: { type: 'doc' } },
    ];
    for (const response of await Promise.all(bad.map((body) => plan(body)))) {
      expect(response.statusCode, response.body).to.equal(400);
      expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(response.json().code).to.equal('validation_failed');
    }
  });

  it("refuses a lone surrogate or NUL in a value that would reach the plan's SQL with 400 problem+json, never a 500", async () => {
    const bad = [
      { principal: { type: 'USER', id: 'u\ud800' }, action: 'read', resource: { type: 'note' } },
      { principal: { type: 'USER', attributes: { department: '\udc00sales' } }, action: 'read', resource: { type: 'note' } },
      { principal: { type: 'USER', attributes: { department: 'sales\u0000' } }, action: 'read', resource: { type: 'note' } },
    ];
    for (const response of await Promise.all(bad.map((body) => plan(body)))) {
      expect(response.statusCode, response.body).to.equal(400);
      expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(response.json(), response.body).to.deep.include({ code: 'validation_failed' });
      expect(response.json().errors[0].pointer).to.match(/^\/principal\/(id|attributes\/department)$/);
    }
  });

  it("selects exactly the rows evaluate allows when a rule compares two values of the resource, or a principal's value starts with the resource's", async () => {
    const answer = await expectPlanMatchesEvaluate({ type: 'USER', attributes: { department: 'sales-emea' } }, 'weird');
    expect(JSON.stringify(answer)).to.include('"relate"').and.include('"prefix_of"');
    const rowsSelected = await selected(answer);
    expect(rowsSelected.length).to.be.within(1, rows.length - 1);
  });

  it('records each of many parallel plans as its own decision.planned audit event on the decision chain, answered by id', async () => {
    const body = { principal: { id: 'alice', type: 'USER', attributes: { department: 'sales' } }, action: 'read', resource: { type: 'note' } };
    const answers = await Promise.all(Array.from({ length: 20 }, () => plan(body)));
    for (const response of answers) expect(response.statusCode, response.body).to.equal(200);
    const ids = answers.map((response) => response.json().id as string);
    expect(new Set(ids).size).to.equal(ids.length);
    const recorded = await client.query<{ id: string; chain: string; data: { kind: string; principal: { id: string } } }>(
      "SELECT id, chain, data FROM audit_events WHERE type = 'decision.planned' AND id = ANY($1::uuid[])",
      [ids],
    );
    expect(recorded.rows.map((row) => row.id).sort()).to.deep.equal([...ids].sort());
    expect(recorded.rows.map((row) => row.chain)).to.deep.equal(Array(ids.length).fill('decision'));
    for (const row of recorded.rows)
      expect(row.data).to.deep.include({ kind: 'conditional', principal: { id: 'alice', type: 'USER', attributes: { department: 'sales' } } });
  });
});
