import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { planResources, planToKnex, planToSql, PlanSqlError, type EnginePolicy, type PlanColumns } from '../../../../core/src/index.js';
import { emptyDatabase } from '../../../helpers/database.js';
import { now } from '../support/random-policies.js';

/** planToKnex on a real Knex and PostgreSQL: the rows `knex('docs').where(planToKnex(...))` selects are planToSql's. */
const columns: PlanColumns = { identifier: 'name', attributes: { owner: 'owner', prefix: 'prefix' } };

const rule = (conditions: unknown[], effect: 'allow' | 'deny' = 'allow') => ({
  effect,
  principals: { type: 'U' },
  resources: { type: 'doc', identifiers: ['*'] },
  actions: ['read'],
  conditions,
});
const attribute = (path: string, operator: string, to: unknown) => ({ type: 'attribute', operator, value: { attribute: path, to } });

const policies: EnginePolicy[] = [
  {
    id: 'p',
    version: 1,
    name: 'p',
    rules: [
      rule([attribute('resource.attributes.owner', 'equals', { attribute: 'principal.id' })]),
      rule([attribute('resource.identifier', 'starts_with', { attribute: 'resource.attributes.prefix' })]),
      rule([attribute('principal.id', 'ends_with', { attribute: 'resource.identifier' })]),
      rule([attribute('resource.attributes.owner', 'in', ['x%', 'y?'])], 'deny'),
      // resources.attributes: an `accepted` leaf, whose SQL names its placeholder twice.
      { ...rule([]), resources: { type: 'doc', identifiers: ['a_*'], attributes: { prefix: ['%', '3'] } } },
    ] as EnginePolicy['rules'],
  },
];

describe('planToKnex', function () {
  let knex: Knex;
  let client: pg.Client;

  before(async function () {
    const connection = await emptyDatabase();
    knex = knexFactory({ client: 'pg', connection });
    client = new pg.Client({ connectionString: connection });
    await client.connect();
    await knex.schema.createTable('docs', (table) => {
      table.integer('id').primary();
      table.text('name').notNullable();
      table.jsonb('owner');
      table.jsonb('prefix');
    });
    const names = ['a', 'ab', 'a%', 'a_', 'a?', 'b\\', '', 'x'];
    const values = ['a', 'x%', 'y?', '?', '$1', '%', null, 3, ['a']];
    const rows = names.flatMap((name, n) =>
      values.flatMap((owner, o) => values.map((prefix, p) => ({ id: (n * values.length + o) * values.length + p, name, owner, prefix }))),
    );
    await knex('docs').insert(rows.map((row) => ({ ...row, owner: JSON.stringify(row.owner), prefix: JSON.stringify(row.prefix) })));
  });

  after(async function () {
    await client?.end();
    await knex?.destroy();
  });

  it('selects the rows planToSql selects, with placeholders repeated, `?` and `$1` in values, through knex(table).where(fn)', async function () {
    for (const id of ['a', 'za', 'b\\', '?', '$1']) {
      const plan = planResources(policies, { principal: { type: 'U', id }, action: 'read', resourceType: 'doc', now });
      expect(plan.kind, id).to.equal('conditional');
      const { where, params } = planToSql(plan, columns);
      const bySql = (await client.query<{ id: number }>(`SELECT id FROM docs WHERE ${where} ORDER BY id`, params)).rows.map((row) => row.id);
      const byKnex = (await knex('docs').where(planToKnex(plan, columns)).orderBy('id').select('id')).map((row: { id: number }) => row.id);
      expect(byKnex, id).to.deep.equal(bySql);
      expect(byKnex.length, id).to.be.greaterThan(0);
    }
  });

  it('refuses a lone surrogate as planToSql does, before the builder is called', function () {
    const plan = planResources(policies, { principal: { type: 'U', id: 'a\ud800' }, action: 'read', resourceType: 'doc', now });
    expect(() => planToKnex(plan, columns))
      .to.throw(PlanSqlError)
      .with.property('code', 'lone_surrogate');
  });

  it('is TRUE for always_allowed and FALSE for always_denied', async function () {
    const total = Number((await knex('docs').count<Array<{ count: string }>>('* as count'))[0]!.count);
    const allowed = planResources([{ id: 'q', version: 1, name: 'q', rules: [rule([])] as EnginePolicy['rules'] }], {
      principal: { type: 'U' },
      action: 'read',
      resourceType: 'doc',
      now,
    });
    expect(Number((await knex('docs').where(planToKnex(allowed, columns)).count<Array<{ count: string }>>('* as count'))[0]!.count)).to.equal(total);
    const denied = planResources([], { principal: { type: 'U' }, action: 'read', resourceType: 'doc', now });
    expect(Number((await knex('docs').where(planToKnex(denied, columns)).count<Array<{ count: string }>>('* as count'))[0]!.count)).to.equal(0);
  });
});
