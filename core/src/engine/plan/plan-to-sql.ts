import { unstorableCharacter } from '../../storable-text.js';
import type { PlanValue, RelateOperator, ResourceCondition, ResourcePlan, ResourceSubject } from './condition.js';

/**
 * Where the resources are: the identifier a text column (NOT NULL), each attribute a jsonb column
 * holding the attribute's JSON value (SQL NULL or JSON null: the resource lacks it, as the engine
 * reads null). An attribute with no column is one no resource has.
 */
export interface PlanColumns {
  identifier: string;
  attributes: Record<string, string>;
}

/** A WHERE clause for PostgreSQL with $1-style placeholders; values only ever travel in `params`. */
export interface PlanSql {
  where: string;
  params: string[];
}

/**
 * Why a plan has no SQL: it is unsupported, a column name is not a plain identifier, or a value holds
 * NUL or a lone surrogate (text PostgreSQL cannot store or compare: storable-text.ts). Callers switch on `code`.
 */
export class PlanSqlError extends Error {
  constructor(
    readonly code: 'unsupported_plan' | 'invalid_column' | 'nul_character' | 'lone_surrogate',
    message: string,
  ) {
    super(message);
    this.name = 'PlanSqlError';
  }
}

/** Lower-case SQL identifiers only, at most PostgreSQL's 63 bytes; quoted besides, so a keyword is a name. */
const COLUMN = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The plan's condition as SQL. Every piece is a boolean that is never NULL (a CASE guards each
 * comparison, which also keeps a cast from meeting a value of another kind: PostgreSQL does not
 * promise the order AND evaluates in), so NOT means what the plan's `not` means, with no
 * three-valued surprises. always_allowed is TRUE, always_denied FALSE.
 */
export function planToSql(plan: ResourcePlan, columns: PlanColumns): PlanSql {
  if (plan.kind === 'unsupported') throw new PlanSqlError('unsupported_plan', `the plan is unsupported: ${plan.construct}`);
  const params: string[] = [];
  const param = (value: string): string => {
    refuseUnstorable(value);
    params.push(value);
    return `$${params.length}`;
  };
  // Checked before JSON.stringify, which escapes NUL and a lone surrogate as `\u0000`, `\ud800`: jsonb refuses both escapes.
  const jsonParam = (value: JsonParam): string => {
    for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string') refuseUnstorable(item);
    return param(JSON.stringify(value));
  };
  const identifier = column(columns.identifier);
  const subject = (of: ResourceSubject): string => {
    if (of.field === 'identifier') return `to_jsonb(${identifier})`;
    const name = Object.hasOwn(columns.attributes, of.name) ? columns.attributes[of.name] : undefined;
    return name === undefined ? 'NULL::jsonb' : column(name);
  };
  const sql = (condition: ResourceCondition): string => {
    switch (condition.type) {
      case 'true':
        return 'TRUE';
      case 'false':
        return 'FALSE';
      case 'and':
      case 'or':
        return `(${condition.conditions.map(sql).join(condition.type === 'and' ? ' AND ' : ' OR ')})`;
      case 'not':
        return `(NOT ${sql(condition.condition)})`;
      case 'identifier':
        // identifier-pattern.ts: exact, or a prefix (trailing `*`, which matches the empty rest too); case-sensitive.
        // The comparison stands bare beside IS NOT NULL (never NULL, as COALESCE would make it): a
        // btree index on the column (text_pattern_ops, or the C collation, for LIKE) can then serve it.
        return condition.pattern.kind === 'exact'
          ? `(${identifier} IS NOT NULL AND ${identifier} = ${param(condition.pattern.identifier)})`
          : `(${identifier} IS NOT NULL AND ${identifier} LIKE ${param(`${escapeLike(condition.pattern.prefix)}%`)} ESCAPE '\\')`;
      case 'accepted':
        return acceptedSql(subject({ field: 'attributes', name: condition.attribute }), condition.values, condition.holds, jsonParam);
      case 'compare':
        return compareSql(subject(condition.subject), condition, param, jsonParam);
      case 'relate':
        return relateSql(subject(condition.subject), condition.operator, subject(condition.other), condition.holds);
    }
  };
  return { where: sql(plan.condition), params };
}

type JsonParam = PlanValue | ReadonlyArray<string | number | boolean>;

function refuseUnstorable(value: string): void {
  const unstorable = unstorableCharacter(value);
  if (unstorable === 'nul') throw new PlanSqlError('nul_character', 'a value of the plan contains NUL, which PostgreSQL cannot store or compare');
  if (unstorable === 'lone_surrogate')
    throw new PlanSqlError('lone_surrogate', 'a value of the plan contains a lone surrogate (U+D800 to U+DFFF), which PostgreSQL cannot store or compare');
}

function column(name: string): string {
  if (typeof name !== 'string' || !COLUMN.test(name))
    throw new PlanSqlError('invalid_column', `column ${JSON.stringify(name)} is not a lower-case SQL identifier`);
  return `"${name}"`;
}

/** LIKE's wildcards and its escape character taken literally (ESCAPE '\'). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const SCALAR_KINDS = `('string', 'number', 'boolean')`;
const negated = (holds: boolean, expression: string): string => (holds ? expression : `NOT (${expression})`);

/** attribute.ts's compare: true or false only when both sides are of the kinds the operator takes; else both are FALSE here (unknown). */
function compareSql(
  value: string,
  { operator, value: constant, holds }: { operator: string; value: PlanValue; holds: boolean },
  param: (text: string) => string,
  jsonParam: (value: JsonParam) => string,
): string {
  const guarded = (kind: string, comparison: string): string => `(CASE WHEN ${kind} THEN ${negated(holds, comparison)} ELSE FALSE END)`;
  switch (operator) {
    case 'exists':
      return negated(holds, `(${value} IS NOT NULL AND jsonb_typeof(${value}) <> 'null')`);
    case 'equals':
      // jsonb equality: same kind, and numbers by value (JSON numbers of distinct doubles differ).
      return guarded(`jsonb_typeof(${value}) = '${kindOf(constant)}'`, `${value} = ${jsonParam(constant)}::jsonb`);
    case 'in':
      return guarded(`jsonb_typeof(${value}) IN ${SCALAR_KINDS}`, `${jsonParam(constant)}::jsonb @> jsonb_build_array(${value})`);
    case 'contains':
      // The list's items are all scalars (else unknown), then one of them is the constant.
      return `(CASE WHEN jsonb_typeof(${value}) = 'array' THEN (${allScalars(value)} AND ${negated(holds, `${value} @> jsonb_build_array(${jsonParam(constant)}::jsonb)`)}) ELSE FALSE END)`;
    case 'starts_with':
    case 'ends_with': {
      const pattern = operator === 'starts_with' ? `${escapeLike(String(constant))}%` : `%${escapeLike(String(constant))}`;
      return guarded(`jsonb_typeof(${value}) = 'string'`, `(${value} #>> '{}') LIKE ${param(pattern)} ESCAPE '\\'`);
    }
    case 'prefix_of':
    case 'suffix_of':
      // `CONSTANT starts_with (ends_with) resource...`: the column is the pattern, so no LIKE (its wildcards would need escaping in SQL).
      return guarded(`jsonb_typeof(${value}) = 'string'`, textStartsWith(`${param(String(constant))}::text`, `(${value} #>> '{}')`, operator === 'suffix_of'));
    default:
      return guarded(`jsonb_typeof(${value}) = 'number'`, `(${value})::numeric ${ORDER[operator as keyof typeof ORDER]} ${param(String(constant))}::numeric`);
  }
}

const ORDER = { greater_than: '>', greater_than_or_equal: '>=', less_than: '<', less_than_or_equal: '<=' } as const;

/**
 * JavaScript's `whole.startsWith(start)` (or endsWith, `fromEnd`) on two SQL text expressions.
 * PostgreSQL's starts_with (11+) compares characters, so a well-formed string's prefix is the same
 * in UTF-16 and in the database's UTF-8; a suffix is a prefix of both reversed (reverse() goes by
 * characters too).
 */
function textStartsWith(whole: string, start: string, fromEnd: boolean): string {
  return fromEnd ? `starts_with(reverse(${whole}), reverse(${start}))` : `starts_with(${whole}, ${start})`;
}

/**
 * attribute.ts's compare between two values of the resource, `left OP right`: the kinds of both are
 * checked in SQL (the CASE guards every cast and jsonb_array_elements); true or false only when they
 * fit the operator, else FALSE both ways (unknown). A missing value (SQL NULL, JSON null) has no kind.
 */
function relateSql(left: string, operator: RelateOperator, right: string, holds: boolean): string {
  const kind = (value: string): string => `jsonb_typeof(${value})`;
  const when = (kinds: string, comparison: string): string => `(CASE WHEN ${kinds} THEN ${comparison} ELSE FALSE END)`;
  switch (operator) {
    case 'equals':
      return when(`${kind(left)} IN ${SCALAR_KINDS} AND ${kind(left)} = ${kind(right)}`, negated(holds, `${left} = ${right}`));
    case 'in':
    case 'contains': {
      const [item, list] = operator === 'in' ? [left, right] : [right, left];
      return when(
        `${kind(item)} IN ${SCALAR_KINDS} AND ${kind(list)} = 'array'`,
        `(${allScalars(list)} AND ${negated(holds, `${list} @> jsonb_build_array(${item})`)})`,
      );
    }
    case 'starts_with':
    case 'ends_with':
      return when(
        `${kind(left)} = 'string' AND ${kind(right)} = 'string'`,
        negated(holds, textStartsWith(`(${left} #>> '{}')`, `(${right} #>> '{}')`, operator === 'ends_with')),
      );
    default:
      return when(`${kind(left)} = 'number' AND ${kind(right)} = 'number'`, negated(holds, `(${left})::numeric ${ORDER[operator]} (${right})::numeric`));
  }
}

/** A list every item of which is a string, number or boolean (attribute.ts's isScalarList). */
function allScalars(value: string): string {
  return `NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${value}) AS item(value) WHERE jsonb_typeof(item.value) NOT IN ${SCALAR_KINDS})`;
}

function kindOf(value: PlanValue): string {
  return typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean';
}

/**
 * rule.ts's attributeTruth for a resource: the value (or, for a list of scalars, one of its items) is
 * accepted when String() of it is one of the values. As JSON values: the string itself, the boolean
 * `true`/`false`, and the number whose String() it is.
 */
function acceptedSql(value: string, accepted: readonly string[], holds: boolean, jsonParam: (value: JsonParam) => string): string {
  const typed: Array<string | number | boolean> = [];
  for (const text of accepted) {
    typed.push(text);
    if (text === 'true' || text === 'false') typed.push(text === 'true');
    const number = Number(text);
    if (text.trim() !== '' && Number.isFinite(number) && String(number) === text) typed.push(number);
  }
  const set = jsonParam(typed);
  const member = `${set}::jsonb @> jsonb_build_array(${value})`;
  const anyItem = `EXISTS (SELECT 1 FROM jsonb_array_elements(${value}) AS item(value) WHERE ${set}::jsonb @> jsonb_build_array(item.value))`;
  return (
    `(CASE WHEN jsonb_typeof(${value}) IN ${SCALAR_KINDS} THEN ${negated(holds, member)}` +
    ` WHEN jsonb_typeof(${value}) = 'array' THEN (${allScalars(value)} AND ${negated(holds, anyItem)}) ELSE FALSE END)`
  );
}
