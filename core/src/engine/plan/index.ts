/** Query plans (issue #35): which resources a principal may act on, as a condition and as SQL. */
export { planResources, type PlanRequest } from './plan-resources.js';
export { planToSql, PlanSqlError, type PlanColumns, type PlanSql } from './plan-to-sql.js';
export { planToKnex, type WhereRawBuilder } from './plan-to-knex.js';
export type { PlanOperator, PlanValue, RelateOperator, ResourceCondition, ResourcePlan, ResourceSubject } from './condition.js';
