import { expect } from 'chai';
import pg from 'pg';
import { planResources, planToSql, type EnginePolicy, type EngineRequest } from '../../../../core/src/index.js';
import { emptyDatabase } from '../../../helpers/database.js';

/**
 * The SQL of a plan with prefix patterns can use an index on the identifier column (issue #35; the
 * index docs/api.md "Query plans" tells applications to create): a btree index with
 * text_pattern_ops serves `LIKE 'prefix%'` whatever the database's collation. PostgreSQL chooses
 * from statistics, so the table has enough rows that a scan of all of them costs more, and is ANALYZEd.
 */
const ROWS = 20_000;
const environments = ['prod', 'staging', 'dev', 'test'];
const teams = ['payments', 'search', 'billing', 'identity', 'growth', 'mobile', 'web', 'data', 'ml', 'infra', 'security', 'support', 'sales', 'hr', 'legal'];

const now = new Date('2026-06-15T10:00:00Z');
const rule = (effect: 'allow' | 'deny', identifiers: string[]) => ({
  effect,
  principals: { type: 'USER' },
  resources: { type: 'database', identifiers },
  actions: ['read'],
});
const policies: EnginePolicy[] = [
  { id: 'pol_payments', version: 1, name: 'payments', rules: [rule('allow', ['prod-payments-*', 'staging-payments-*'])] },
  // A deny over the same prefix: NOT (...) beside the allow's prefixes.
  { id: 'pol_frozen', version: 1, name: 'frozen', rules: [rule('deny', ['prod-payments-frozen_%-*'])] },
];
const request: Omit<EngineRequest, 'resource'> = { principal: { id: 'usr_ada', type: 'USER' }, action: 'read' };

describe('the SQL of a query plan and an index on the identifier', function () {
  let client: pg.Client;

  before(async function () {
    client = new pg.Client({ connectionString: await emptyDatabase() });
    await client.connect();
    await client.query('CREATE TABLE documents (id integer PRIMARY KEY, name text NOT NULL)');
    await client.query(
      `INSERT INTO documents
       SELECT n, ($1::text[])[1 + n % 4] || '-' || ($2::text[])[1 + (n / 4) % 15] || '-' || CASE WHEN n % 97 = 0 THEN 'frozen_%-' ELSE '' END || 'db-' || n
       FROM generate_series(1, ${ROWS}) n`,
      [environments, teams],
    );
    await client.query('CREATE INDEX documents_name_pattern ON documents (name text_pattern_ops)');
    await client.query('ANALYZE documents');
  });

  after(async function () {
    await client?.end();
  });

  it('selects prefixes through a text_pattern_ops index, not a scan of the table', async function () {
    const plan = planResources(policies, { principal: request.principal, action: 'read', resourceType: 'database', now });
    expect(plan.kind).to.equal('conditional');
    const { where, params } = planToSql(plan, { identifier: 'name', attributes: {} });
    expect(params).to.deep.equal(['prod-payments-%', 'staging-payments-%', 'prod-payments-frozen\\_\\%-%']);

    const explained = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM documents WHERE ${where}`, params);
    const text = explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text, text).to.match(/(Bitmap Index Scan|Index Scan|Index Only Scan) on documents_name_pattern/);
    expect(text, text).not.to.match(/Seq Scan/);

    // And the rows are the ones the prefixes name, the deny's literal `_` and `%` taken as text.
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM documents WHERE ${where}`, params);
    const expected = await client.query<{ name: string }>(
      "SELECT name FROM documents WHERE (starts_with(name, 'prod-payments-') OR starts_with(name, 'staging-payments-')) AND NOT starts_with(name, 'prod-payments-frozen_%-')",
    );
    expect(rows.length).to.be.greaterThan(0);
    expect(rows.map((row) => row.name).sort()).to.deep.equal(expected.rows.map((row) => row.name).sort());
  });
});
