import {
  attributeOperators,
  parseAttributePath,
  parseOperand,
  readAttributePath,
  type AttributeOperator,
  type AttributePath,
} from '../conditions/attribute.js';
import { principalAttribute } from '../conditions/condition.js';
import { CONDITION_DEPTH_LIMIT, prepareCondition, type Truth } from '../conditions/index.js';
import { compilePolicySet, type CompiledPolicySet } from '../compile.js';
import { attributeTruth, type PreparedRule, type RequiredAttribute } from '../rule.js';
import type { EngineContext, EnginePolicy, EngineRequest } from '../types.js';
import {
  and,
  FALSE,
  knownTruth,
  TRUE,
  not,
  or,
  type PlanOperator,
  type RelateOperator,
  type ResourceCondition,
  type ResourcePlan,
  type ResourceSubject,
  type TruthOnResource,
} from './condition.js';

/** Who asks to do what to resources of a type (issue #35): an evaluate request without its resource. */
export interface PlanRequest {
  principal: EngineRequest['principal'];
  action: string;
  resourceType: string;
  context?: EngineContext;
  /** The caller's clock, as for evaluate. */
  now: Date;
}

/** What a planner step throws for a construct it cannot make exact; every construct of today's policy language plans (issue #35), a new one may not. */
class UnsupportedConstruct extends Error {}

const UNKNOWN: TruthOnResource = knownTruth('unknown');

/**
 * `set`: the compiled set evaluate uses (compiled once per version of the active policies), so a plan
 * reads only the rules for its type and action; policies as written are compiled first.
 */
export function planResources(set: CompiledPolicySet | readonly EnginePolicy[], request: PlanRequest): ResourcePlan {
  const { principal, action, resourceType, context, now } = request;
  if (typeof action !== 'string' || typeof resourceType !== 'string') return { kind: 'always_denied', condition: FALSE, policies: {} };
  // The principal and context of a real request; the resource's type is known, its identifier and attributes are what the plan is about.
  const probe: EngineRequest = {
    principal,
    action,
    resource: { type: resourceType, identifier: '', attributes: {} },
    ...(context === undefined ? {} : { context }),
  };
  const compiled = Array.isArray(set) ? compilePolicySet(set) : (set as CompiledPolicySet);
  const allows: ResourceCondition[] = [];
  const denies: ResourceCondition[] = [];
  const versions = new Map<string, number>();
  // The rules the engine's index keys by this type and action with some identifier pattern (compile.ts), in policy order.
  for (const { policy, ruleIndex, rule, source } of compiled.plannableRules.get(resourceType)?.get(action) ?? []) {
    versions.set(policy.id, policy.version);
    try {
      const applies = planRule(rule, source, probe, now);
      (rule.effect === 'deny' ? denies : allows).push(applies);
    } catch (error) {
      if (!(error instanceof UnsupportedConstruct)) throw error;
      return { kind: 'unsupported', construct: error.message, policy_id: policy.id, rule_index: ruleIndex, policies: Object.fromEntries(versions) };
    }
  }
  // Deny overrides allow; nothing applying is deny (decision.ts).
  const condition = and([or(allows), not(or(denies))]);
  const kind = condition.type === 'true' ? 'always_allowed' : condition.type === 'false' ? 'always_denied' : 'conditional';
  return { kind, condition, policies: Object.fromEntries(versions) };
}

/** When the rule applies, as rule.ts's applyRule decides: an allow when every part is true, a deny unless one is false. */
function planRule(rule: PreparedRule, raw: unknown, probe: EngineRequest, now: Date): ResourceCondition {
  const type: unknown = probe.principal?.type;
  if (rule.effect === undefined || type === undefined || type === null || type !== rule.principalType) return FALSE;
  const parts: TruthOnResource[] = [];
  for (const required of rule.requiredAttributes) parts.push(knownTruth(attributeTruth('principal', required, principalAttribute(probe, required.name))[0]));
  for (const required of rule.requiredResourceAttributes) parts.push(acceptedTruth(required));
  const conditions: unknown = (raw as { conditions?: unknown } | null | undefined)?.conditions;
  // A condition that does not read the resource is the engine's own, prepared once with the rule (rule.conditions[i] is prepareCondition of conditions[i]).
  (Array.isArray(conditions) ? conditions : []).forEach((condition: unknown, index) => {
    const prepared = rule.conditions[index];
    parts.push(prepared !== undefined && !readsResource(condition) ? knownTruth(prepared(probe, now).truth) : planCondition(condition, 1, probe, now));
  });
  // `*` (the empty prefix) matches every identifier (identifier-pattern.ts).
  const addressed = or(
    rule.identifierPatterns.map((pattern): ResourceCondition =>
      pattern.kind === 'prefix' && pattern.prefix === '' ? TRUE : { type: 'identifier', pattern: { ...pattern } },
    ),
  );
  const body = rule.effect === 'allow' ? and(parts.map((part) => part.isTrue)) : and(parts.map((part) => not(part.isFalse)));
  return and([addressed, body]);
}

function acceptedTruth({ name, accepted }: RequiredAttribute): TruthOnResource {
  const values = [...accepted];
  return { isTrue: { type: 'accepted', attribute: name, values, holds: true }, isFalse: { type: 'accepted', attribute: name, values, holds: false } };
}

/**
 * A condition at `depth` (1: a rule's own). What does not read the resource is evaluated by the engine
 * itself; any_of and not that hold a resource reading mirror conditions/index.ts (its checks, then
 * Kleene's any_of and not); an attribute comparison on the resource becomes a `compare` leaf.
 */
function planCondition(raw: unknown, depth: number, probe: EngineRequest, now: Date): TruthOnResource {
  if (!readsResource(raw)) return knownTruth(engineTruth(raw, depth, probe, now));
  const { type, operator, value } = raw as { type?: unknown; operator?: unknown; value?: unknown };
  if (type === 'any_of' || type === 'not') {
    if ((operator !== undefined && operator !== type) || depth >= CONDITION_DEPTH_LIMIT) return UNKNOWN;
    if (type === 'not') {
      const inner = planCondition(value, depth + 1, probe, now);
      return { isTrue: inner.isFalse, isFalse: inner.isTrue };
    }
    const branches = (value as unknown[]).map((branch) => planCondition(branch, depth + 1, probe, now));
    return { isTrue: or(branches.map((branch) => branch.isTrue)), isFalse: and(branches.map((branch) => branch.isFalse)) };
  }
  return planAttribute(operator, value, probe);
}

/**
 * The engine's truth of a condition that does not read the resource. The engine prepares a condition
 * at depth 1; `any_of [c]` has c's truth and adds a level, so wrapping puts c at its own depth (the
 * depth limit then applies as in the rule).
 */
function engineTruth(raw: unknown, depth: number, probe: EngineRequest, now: Date): Truth {
  let wrapped = raw;
  for (let level = 1; level < depth; level += 1) wrapped = { type: 'any_of', value: [wrapped] };
  return prepareCondition(wrapped)(probe, now).truth;
}

const isResourcePath = (path: AttributePath | undefined): path is Extract<AttributePath, { root: 'resource' }> & { field: 'identifier' | 'attributes' } =>
  path !== undefined && path.root === 'resource' && path.field !== 'type';

/** Whether the engine's truth of the condition can depend on the resource's identifier or attributes (its type is known). */
function readsResource(raw: unknown): boolean {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return false;
  const { type, operator, value } = raw as { type?: unknown; operator?: unknown; value?: unknown };
  if (type === 'any_of') return Array.isArray(value) && value.some(readsResource);
  if (type === 'not') return readsResource(value);
  if (type !== 'attribute' || value === null || typeof value !== 'object') return false;
  const definition = value as { attribute?: unknown; to?: unknown };
  if (isResourcePath(parseAttributePath(definition.attribute))) return true;
  if (operator === 'exists' || operator === 'not_exists') return false;
  const operand = parseOperand(definition.to);
  return operand?.kind === 'path' && isResourcePath(operand.path);
}

/** The engine's operator as a plan operator applied to the resource's value, and whether its truth is the plan operator's (false: not_equals, not_in). */
const asPlanOperator: Record<Exclude<AttributeOperator, 'exists' | 'not_exists'>, [RelateOperator, boolean]> = {
  equals: ['equals', true],
  not_equals: ['equals', false],
  in: ['in', true],
  not_in: ['in', false],
  contains: ['contains', true],
  starts_with: ['starts_with', true],
  ends_with: ['ends_with', true],
  greater_than: ['greater_than', true],
  greater_than_or_equal: ['greater_than_or_equal', true],
  less_than: ['less_than', true],
  less_than_or_equal: ['less_than_or_equal', true],
};

/**
 * `constant OP resource` as `resource OP' constant`, where attribute.ts's compare has the same truth
 * both ways (the same kinds are comparable, the same pairs hold). starts_with and ends_with have no
 * such twin among the engine's operators: prefix_of and suffix_of say it of the resource's value.
 */
const mirrored: Record<Exclude<AttributeOperator, 'exists' | 'not_exists'>, [PlanOperator, boolean]> = {
  equals: ['equals', true],
  not_equals: ['equals', false],
  in: ['contains', true],
  not_in: ['contains', false],
  contains: ['in', true],
  starts_with: ['prefix_of', true],
  ends_with: ['suffix_of', true],
  greater_than: ['less_than', true],
  greater_than_or_equal: ['less_than_or_equal', true],
  less_than: ['greater_than', true],
  less_than_or_equal: ['greater_than_or_equal', true],
};

function planAttribute(operator: unknown, value: unknown, probe: EngineRequest): TruthOnResource {
  if (typeof operator !== 'string' || !(attributeOperators as string[]).includes(operator)) return UNKNOWN;
  const definition = (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}) as { attribute?: unknown; to?: unknown };
  const left = parseAttributePath(definition.attribute);
  if (left === undefined) return UNKNOWN;
  if (operator === 'exists' || operator === 'not_exists') {
    // readsResource: the left side is the resource's. Never unknown (attribute.ts).
    const exists = compareTruth(subjectOf(left as Extract<AttributePath, { root: 'resource' }>), 'exists', true, null);
    return operator === 'exists' ? exists : { isTrue: exists.isFalse, isFalse: exists.isTrue };
  }
  const comparison = operator as Exclude<AttributeOperator, 'exists' | 'not_exists'>;
  const operand = parseOperand(definition.to);
  if (operand === undefined) return UNKNOWN;
  const right = operand.kind === 'path' ? operand.path : undefined;
  if (isResourcePath(left)) {
    const [planOperator, positive] = asPlanOperator[comparison];
    if (isResourcePath(right)) return relateTruth(subjectOf(left), planOperator, positive, subjectOf(right));
    const other = operand.kind === 'literal' ? operand.value : readAttributePath(probe, operand.path);
    if (other === undefined) return UNKNOWN;
    return compareTruth(subjectOf(left), planOperator, positive, other);
  }
  const [twin, positive] = mirrored[comparison];
  const other = readAttributePath(probe, left);
  if (other === undefined || !isResourcePath(right)) return UNKNOWN;
  return compareTruth(subjectOf(right), twin, positive, other);
}

/** Both sides are the resource's: the kinds are checked where the values are, in the SQL (plan-to-sql.ts). */
function relateTruth(subject: ResourceSubject, operator: RelateOperator, positive: boolean, other: ResourceSubject): TruthOnResource {
  const leaf = (holds: boolean): ResourceCondition => ({ type: 'relate', subject, operator, other, holds });
  return { isTrue: leaf(positive), isFalse: leaf(!positive) };
}

function subjectOf(path: Extract<AttributePath, { root: 'resource' }>): ResourceSubject {
  return 'name' in path ? { field: 'attributes', name: path.name } : { field: 'identifier' };
}

type Scalar = string | number | boolean;
const isScalar = (value: unknown): value is Scalar => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Whether the constant side is of a kind attribute.ts's compare takes for the operator; otherwise the comparison is unknown for every resource. */
function constantFits(operator: PlanOperator, value: unknown): boolean {
  switch (operator) {
    case 'exists':
      return true;
    case 'equals':
    case 'contains':
      return isScalar(value);
    case 'in':
      return Array.isArray(value) && value.every(isScalar);
    case 'starts_with':
    case 'ends_with':
    case 'prefix_of':
    case 'suffix_of':
      return typeof value === 'string';
    default:
      return typeof value === 'number' && !Number.isNaN(value);
  }
}

function compareTruth(subject: ResourceSubject, operator: PlanOperator, positive: boolean, value: unknown): TruthOnResource {
  if (!constantFits(operator, value)) return UNKNOWN;
  const leaf = (holds: boolean): ResourceCondition => ({
    type: 'compare',
    subject,
    operator,
    value: Array.isArray(value) ? [...(value as Scalar[])] : (value as Scalar | null),
    holds,
  });
  return { isTrue: leaf(positive), isFalse: leaf(!positive) };
}
