/**
 * `@acctl/cli/plan`, the query-plan SQL helpers applications import (issue #35): bundled alone by
 * scripts/build-packages.ts, with declarations emitted from these files. It may import only files of
 * core that import no package, so the bundle needs no dependency (planToKnex takes the
 * application's own Knex builder) and the declarations name no package the application lacks.
 */
export { planToSql, PlanSqlError, type PlanColumns, type PlanSql } from './plan-to-sql.js';
export { planToKnex, type WhereRawBuilder } from './plan-to-knex.js';
export type { PlanOperator, PlanValue, RelateOperator, ResourceCondition, ResourcePlan, ResourceSubject } from './condition.js';
