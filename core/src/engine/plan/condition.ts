/**
 * The condition a plan puts on the resource: two-valued, over `resource.identifier` and
 * `resource.attributes.NAME` only (everything about the principal and the context is already a
 * constant). The engine's three-valued truth (conditions/condition.ts) is kept exact by asking of each
 * comparison whether it is *true* or whether it is *false*: `holds: false` means "the comparison is
 * false", which is not "not true" when a value is missing or of the wrong kind (unknown).
 */
export type ResourceCondition =
  | { type: 'true' }
  | { type: 'false' }
  | { type: 'and'; conditions: ResourceCondition[] }
  | { type: 'or'; conditions: ResourceCondition[] }
  | { type: 'not'; condition: ResourceCondition }
  /** resources.identifiers: the identifier is `identifier`, or starts with `prefix` (a pattern `p*`). */
  | { type: 'identifier'; pattern: { kind: 'exact'; identifier: string } | { kind: 'prefix'; prefix: string } }
  /** resources.attributes NAME [values]: the value (an item of a list) is one compared as String() with these. */
  | { type: 'accepted'; attribute: string; values: string[]; holds: boolean }
  /** An `attribute` condition, the other side evaluated to `value`; not_equals, not_in, not_exists: their twin with `holds` flipped. */
  | { type: 'compare'; subject: ResourceSubject; operator: PlanOperator; value: PlanValue; holds: boolean }
  /**
   * An `attribute` condition between two values of the resource: `subject OP other`, attribute.ts's
   * compare with `subject` on the left (kinds checked on both sides); not_equals, not_in: their twin
   * with `holds` flipped.
   */
  | { type: 'relate'; subject: ResourceSubject; operator: RelateOperator; other: ResourceSubject; holds: boolean };

/**
 * Which resources of the type the principal may act on: a condition over the resource alone, such
 * that evaluate allows a resource exactly when it holds (deny rules included, unknown never
 * permissive). `policies`: id to version of every policy with a rule for this type and action.
 * A construct the planner cannot make exact is refused, naming it, never approximated.
 */
export type ResourcePlan =
  | { kind: 'always_allowed' | 'always_denied' | 'conditional'; condition: ResourceCondition; policies: Record<string, number> }
  | { kind: 'unsupported'; construct: string; policy_id: string; rule_index: number; policies: Record<string, number> };

export type ResourceSubject = { field: 'identifier' } | { field: 'attributes'; name: string };

/** The engine's comparisons as their positive operators: a resource value on the left, as attribute.ts's compare reads them. */
export type RelateOperator =
  'equals' | 'in' | 'contains' | 'starts_with' | 'ends_with' | 'greater_than' | 'greater_than_or_equal' | 'less_than' | 'less_than_or_equal';

/**
 * A `compare` leaf's operator. prefix_of and suffix_of: the resource's value is a prefix (suffix) of
 * the constant, i.e. `CONSTANT starts_with (ends_with) resource...` seen from the resource, the two
 * comparisons with no mirrored operator.
 */
export type PlanOperator = RelateOperator | 'exists' | 'prefix_of' | 'suffix_of';

/** A scalar, or a list of scalars (`in`); `exists` takes null. */
export type PlanValue = string | number | boolean | Array<string | number | boolean> | null;

export const TRUE: ResourceCondition = { type: 'true' };
export const FALSE: ResourceCondition = { type: 'false' };

export const constant = (value: boolean): ResourceCondition => (value ? TRUE : FALSE);

/** `and`, folding constants (an empty `and` is true). */
export function and(conditions: readonly ResourceCondition[]): ResourceCondition {
  const kept: ResourceCondition[] = [];
  for (const condition of conditions) {
    if (condition.type === 'false') return FALSE;
    if (condition.type === 'and') kept.push(...condition.conditions);
    else if (condition.type !== 'true') kept.push(condition);
  }
  return kept.length === 0 ? TRUE : kept.length === 1 ? kept[0]! : { type: 'and', conditions: kept };
}

/** `or`, folding constants (an empty `or` is false). */
export function or(conditions: readonly ResourceCondition[]): ResourceCondition {
  const kept: ResourceCondition[] = [];
  for (const condition of conditions) {
    if (condition.type === 'true') return TRUE;
    if (condition.type === 'or') kept.push(...condition.conditions);
    else if (condition.type !== 'false') kept.push(condition);
  }
  return kept.length === 0 ? FALSE : kept.length === 1 ? kept[0]! : { type: 'or', conditions: kept };
}

export function not(condition: ResourceCondition): ResourceCondition {
  if (condition.type === 'true') return FALSE;
  if (condition.type === 'false') return TRUE;
  return condition.type === 'not' ? condition.condition : { type: 'not', condition };
}

/**
 * A condition of the engine seen from the resource: when it is true, and when it is false (both false
 * where the engine says unknown). Kleene's logic (conditions/condition.ts) in these terms:
 * not swaps them; any_of is true when one branch is, false when all are.
 */
export interface TruthOnResource {
  isTrue: ResourceCondition;
  isFalse: ResourceCondition;
}

export const knownTruth = (truth: 'true' | 'false' | 'unknown'): TruthOnResource => ({
  isTrue: constant(truth === 'true'),
  isFalse: constant(truth === 'false'),
});
