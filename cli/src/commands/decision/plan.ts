import { Flags } from '@oclif/core';
import {
  planToSql,
  PlanSqlError,
  type DecisionPlan,
  type DecisionPlanRequest,
  type PlanColumns,
  type PlanSql,
  type ResourcePlan,
} from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { CommandError, UsageError } from '../../../../kit/src/index.js';
import { askerFlags, askerFromFlags } from '../../flags/decision-request.js';
import { readJsonInput } from '../../flags/file-input.js';
import { planLines } from '../../ux/plan-display.js';

const requestFlags = Object.keys(askerFlags);

export default class DecisionPlanCommand extends ApiCommand {
  static override summary = 'Ask which resources of a type a principal may act on: a query plan, and its SQL';
  static override description = `POST /v1/decisions/plan: the request of decision evaluate without a resource identifier. The answer is always_allowed, always_denied, or conditional with a condition over the resource alone (its identifier and attributes): a resource is allowed exactly when the condition holds for it, as evaluate would answer it (Cerbos's PlanResources). The plan is recorded (a decision.planned audit event).

--sql prints the plan as a PostgreSQL WHERE clause with $1-style placeholders and its parameters, over the columns --column names: identifier=COLUMN (a text column; "identifier" unless given) and attributes.NAME=COLUMN (a jsonb column holding that attribute's JSON value; an attribute without a column is one no row has). Values travel only as parameters. --json prints the API answer, with sql: { where, params } under --sql.`;
  static override examples = [
    '<%= config.bin %> <%= command.id %> --principal-type USER --principal-id u-42 --resource-type document --action edit',
    '<%= config.bin %> <%= command.id %> --principal-type USER --attribute department=finance --resource-type database --action read --sql --column identifier=name',
    '<%= config.bin %> <%= command.id %> --request plan.json --sql --column identifier=name --column attributes.owner=owner --json',
  ];
  static override flags = {
    ...askerFlags,
    request: Flags.string({
      summary: 'The whole request as JSON (no resource identifier), from a file or - for stdin.',
      helpValue: 'FILE|-',
      exclusive: requestFlags,
    }),
    sql: Flags.boolean({ summary: 'Print the plan as a parameterised PostgreSQL WHERE clause.' }),
    column: Flags.string({
      summary: 'With --sql, the column of a resource field (repeatable): identifier=COLUMN or attributes.NAME=COLUMN.',
      multiple: true,
      helpValue: 'PATH=COLUMN',
      dependsOn: ['sql'],
    }),
  };

  public async run(): Promise<DecisionPlan & { sql?: PlanSql }> {
    const { flags } = await this.parse(DecisionPlanCommand);
    // Checked before the request: a typo in --column must not cost a recorded plan.
    const columns = flags.sql ? planColumns(flags.column ?? []) : undefined;
    const request = flags.request === undefined ? requestFromFlags(flags) : ((await readJsonInput('request', flags.request)) as DecisionPlanRequest);
    const plan = await (await this.api(flags.server)).call('post', '/decisions/plan', { body: request });
    const sql = columns === undefined ? undefined : sqlOf(plan, columns);
    this.log(planLines(plan).join('\n'));
    if (sql !== undefined)
      this.log(['', 'WHERE', `  ${sql.where}`, 'params', ...sql.params.map((param, index) => `  $${index + 1} = ${JSON.stringify(param)}`)].join('\n'));
    return sql === undefined ? plan : { ...plan, sql };
  }
}

function requestFromFlags(flags: Parameters<typeof askerFromFlags>[0] & { 'resource-type'?: string }): DecisionPlanRequest {
  const missing = (['principal-type', 'resource-type', 'action'] as const).filter((name) => flags[name] === undefined);
  if (missing.length > 0)
    throw new UsageError(`Missing ${missing.map((name) => `--${name}`).join(', ')}`, [
      'Give --principal-type, --resource-type and --action, or the whole request with --request FILE',
    ]);
  const { principal, action, context } = askerFromFlags(flags);
  return { principal, resource: { type: flags['resource-type']! }, action, ...(context === undefined ? {} : { context }) };
}

/** --column identifier=name --column attributes.owner=owner_id, as planToSql takes them. */
function planColumns(assignments: readonly string[]): PlanColumns {
  const columns: PlanColumns = { identifier: 'identifier', attributes: {} };
  for (const assignment of assignments) {
    const at = assignment.indexOf('=');
    const [path, column] = at === -1 ? [assignment, ''] : [assignment.slice(0, at), assignment.slice(at + 1)];
    if (column === '')
      throw new UsageError(`--column expects PATH=COLUMN, got: ${assignment}`, ['For example: --column identifier=name --column attributes.owner=owner_id']);
    if (path === 'identifier') columns.identifier = column;
    else if (path.startsWith('attributes.') && path.length > 'attributes.'.length) columns.attributes[path.slice('attributes.'.length)] = column;
    else
      throw new UsageError(`--column: ${path} is not a resource field; give identifier or attributes.NAME`, [
        'For example: --column attributes.owner=owner_id',
      ]);
  }
  return columns;
}

function sqlOf(plan: DecisionPlan, columns: PlanColumns): PlanSql {
  try {
    return planToSql(plan as ResourcePlan, columns);
  } catch (error) {
    if (error instanceof PlanSqlError) throw new CommandError(error.code === 'invalid_column' ? 'usage_error' : 'internal_error', `--sql: ${error.message}`);
    throw error;
  }
}
