import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import { planToSql, type EngineRequest, type PlanColumns, type ResourcePlan } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { literalsOf, policies, requests, sendable } from '../core/engine/support/random-policies.js';

/**
 * Correctness of query plans measured against the engine over HTTP (issue #35): a real table of
 * thousands of generated resources, generated policies applied through the API, generated
 * principals and contexts; for each combination the rows the SQL of POST /v1/decisions/plan
 * selects are exactly the rows POST /v1/decisions/batch allows. Each combination's policies are
 * written for a resource type of their own, so the sets applied before do not weigh on it.
 */
const ROWS = 2_000;
/** Combinations drawn; of their plans, every conditional one is checked (up to 4) and 2 constant ones (always_allowed or always_denied). */
const DRAWN = 24;
const CONDITIONAL_CHECKED = 4;
const CONSTANT_CHECKED = 2;
const columns: PlanColumns = { identifier: 'identifier', attributes: { a: 'a', tags: 'tags' } };

type Value = string | number | boolean | Array<string | number | boolean>;
interface Row {
  id: number;
  identifier: string;
  attributes: { a?: Value; tags?: Value };
}

// The random policies' identifier patterns are `*`, `a*`, `ab` and `b`; LIKE's wildcards and quotes beside them.
const identifier = fc.constantFrom('a', 'ab', 'abc', 'b', 'ba', 'x', 'A', 'a*', 'a%', 'a_', "a'", 'a\\', 'ab%');
const scalar = fc.constantFrom<string | number | boolean>('a', 'b', 'ab', 'ba', '1', 'true', 0, 1, 2, 3, 4, 5, 2.5, -1, true, false);
const value = fc.option(fc.oneof({ weight: 3, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) }), { nil: undefined });
const row = fc.record({ identifier, a: value, tags: value });

function generatedRows(): Row[] {
  return fc.sample(row, { numRuns: ROWS, seed: 35 }).map((drawn, index) => ({
    id: index + 1,
    identifier: drawn.identifier,
    attributes: Object.fromEntries(Object.entries({ a: drawn.a, tags: drawn.tags }).filter(([, entry]) => entry !== undefined)),
  }));
}

/** A policy set and who asks: the principal, action and context of a generated request the API accepts. */
const combinations = policies.chain((set) => requests([...literalsOf(set)]).map((request) => ({ set, request }))).filter(({ request }) => sendable(request));

describe('POST /v1/decisions/plan against POST /v1/decisions/batch, on generated resources, policies and principals', function () {
  let t: TestApp;
  let client: pg.Client;
  let admin: string;
  let evaluator: string;
  const rows = generatedRows();

  before(async function () {
    // 20 batch calls a combination checked: past the default limit of bulk requests a minute.
    t = await startTestApp({ config: { rateLimitBulk: 1_000_000 } });
    admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    evaluator = await accessToken(t.app, await registerClient(t.app, ['evaluate:decisions']));
    client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    await client.query('CREATE TABLE plan_resources (id integer PRIMARY KEY, identifier text NOT NULL, a jsonb, tags jsonb)');
    const json = (entry: unknown): string | null => (entry === undefined ? null : JSON.stringify(entry));
    await client.query('INSERT INTO plan_resources SELECT * FROM unnest($1::integer[], $2::text[], $3::jsonb[], $4::jsonb[])', [
      rows.map((entry) => entry.id),
      rows.map((entry) => entry.identifier),
      rows.map((entry) => json(entry.attributes.a)),
      rows.map((entry) => json(entry.attributes.tags)),
    ]);
  });
  after(async function () {
    await client?.end();
    await t?.close();
  });

  /** The policies written for `type` instead of the generator's `R`, applied through the API; false when the API refuses one. */
  async function apply(set: Array<{ rules: unknown[] }>, type: string): Promise<boolean> {
    for (const [index, policy] of set.entries()) {
      const rules = JSON.parse(JSON.stringify(policy.rules).replaceAll('"type":"R"', `"type":"${type}"`)) as unknown[];
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/policies',
        headers: { authorization: `Bearer ${admin}` },
        payload: { name: `${type.toLowerCase()}-${index}`, status: 'active', rules },
      });
      if (response.statusCode !== 201) return false;
    }
    return true;
  }

  async function selected(plan: ResourcePlan): Promise<number[]> {
    const { where, params } = planToSql(plan, columns);
    const result = await client.query<{ id: number }>(`SELECT id FROM plan_resources WHERE ${where} ORDER BY id`, params);
    return result.rows.map((entry) => entry.id);
  }

  /** The rows the batch endpoint allows, 100 a call, the calls in parallel. */
  async function allowed(request: EngineRequest, type: string): Promise<number[]> {
    const chunks = Array.from({ length: Math.ceil(rows.length / 100) }, (_, index) => rows.slice(index * 100, index * 100 + 100));
    const answers = await Promise.all(
      chunks.map(async (chunk) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/v1/decisions/batch',
          headers: { authorization: `Bearer ${evaluator}` },
          payload: {
            requests: chunk.map((entry) => ({
              principal: request.principal,
              action: request.action,
              resource: { type, identifier: entry.identifier, attributes: entry.attributes },
              context: request.context,
            })),
          },
        });
        expect(response.statusCode, response.body).to.equal(200);
        return chunk.filter((_, index) => response.json().results[index].decision === 'allow').map((entry) => entry.id);
      }),
    );
    return answers.flat();
  }

  it('selects exactly the rows evaluate allows, for every combination tried', async function () {
    // 12,000 decisions evaluated and recorded: minutes when the machine is shared, seconds when it is not.
    this.timeout(240_000);
    const checked = { conditional: 0, constant: 0 };
    let split = 0;
    for (const [index, { set, request }] of fc.sample(combinations, { numRuns: DRAWN, seed: 3535 }).entries()) {
      if (checked.conditional >= CONDITIONAL_CHECKED && checked.constant >= CONSTANT_CHECKED) break;
      const type = `R${index}`;
      if (!(await apply(set, type))) continue;
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/decisions/plan',
        headers: { authorization: `Bearer ${evaluator}` },
        payload: { principal: request.principal, action: request.action, resource: { type }, context: request.context },
      });
      // A comparison between two values of the resource is refused, never approximated.
      if (response.statusCode === 422) continue;
      expect(response.statusCode, response.body).to.equal(200);
      const plan = response.json() as ResourcePlan;
      const kind = plan.kind === 'conditional' ? 'conditional' : 'constant';
      if (checked[kind] >= (kind === 'conditional' ? CONDITIONAL_CHECKED : CONSTANT_CHECKED)) continue;
      checked[kind] += 1;
      const [bySql, byEvaluate] = await Promise.all([selected(plan), allowed(request, type)]);
      expect(bySql, `${type}: ${JSON.stringify({ set, request })}`).to.deep.equal(byEvaluate);
      if (byEvaluate.length > 0 && byEvaluate.length < rows.length) split += 1;
    }
    expect(checked, 'conditional and constant plans were both checked').to.deep.equal({ conditional: CONDITIONAL_CHECKED, constant: CONSTANT_CHECKED });
    expect(split, 'the conditional plans allow some rows and not others').to.be.at.least(CONDITIONAL_CHECKED / 2);
  });
});
