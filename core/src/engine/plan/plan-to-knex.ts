import { planToSql, PlanSqlError, type PlanColumns } from './plan-to-sql.js';
import type { ResourcePlan } from './condition.js';

/** What planToKnex uses of a Knex query builder (Knex.QueryBuilder has it); no Knex import, so core stays free of it. */
export interface WhereRawBuilder {
  whereRaw(sql: string, bindings: readonly string[]): unknown;
}

/**
 * The plan as a Knex `where` builder: `knex('docs').where(planToKnex(plan, columns))`. The SQL is
 * planToSql's, its `$n` placeholders renumbered as Knex's positional `?` (a placeholder may appear
 * twice: each occurrence gets its value), so there is one compiler of plans to SQL.
 */
export function planToKnex(plan: ResourcePlan, columns: PlanColumns): (builder: WhereRawBuilder) => void {
  const { where, params } = planToSql(plan, columns);
  // planToSql's text is fixed SQL, validated column names and placeholders: a `?` would be Knex syntax, so there is none to escape.
  if (where.includes('?')) throw new PlanSqlError('invalid_column', 'the SQL holds a `?`, which Knex would read as a placeholder');
  const bindings: string[] = [];
  const text = where.replace(/\$(\d+)/g, (_placeholder, index: string) => {
    bindings.push(params[Number(index) - 1]!);
    return '?';
  });
  return (builder) => {
    builder.whereRaw(text, bindings);
  };
}
