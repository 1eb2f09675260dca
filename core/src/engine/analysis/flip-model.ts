import { canonicalJson } from '../../canonical-json.js';
import { formatAttributePath, parseAttributePath, parseOperand } from '../conditions/attribute.js';
import { contextSlot, DELEGATION_KEY } from '../delegation.js';
import { principalAttribute, resourceAttribute } from '../conditions/condition.js';
import { CONDITION_DEPTH_LIMIT, prepareCondition, type Truth } from '../conditions/index.js';
import { identifierMatches } from '../identifier-pattern.js';
import { attributeTruth, type PreparedRule } from '../rule.js';
import type { EngineRequest } from '../types.js';
import { addTimeCondition, candidateInstants, candidateInstantsEver, emptyTimeConditions, EVER_YEARS_LIMIT } from './instants.js';
import { requestKindOf } from './request-kinds.js';
import { ABSENT, addScalar, candidateValues, emptyFeatures, mergeFeatures, type PathFeatures, type PathValue } from './path-values.js';

/**
 * The rules that can decide one kind of request together (one principal type, resource type and
 * action, identifier patterns that overlap), read into what the search needs: each rule's targets
 * and conditions as a tree whose leaves are the engine's own prepared conditions, each leaf with
 * the request paths it reads, and for each path the candidate values that stand for all its values
 * (path-values.ts; the instant: instants.ts).
 */

export const INSTANT = '~instant';
/** Always in the request, and the same for the whole group: never a variable. */
const FIXED: ReadonlySet<string> = new Set(['principal.type', 'resource.type']);
/** Always in a request, and a string (the request schema requires them): never absent. */
const ALWAYS_STRINGS = new Set(['principal.type', 'resource.type', 'resource.identifier']);

/** The instants a model stands for: the 366 days from `now` (HORIZON_MS), or (`ever`) every instant, past and future (instants.ts). */
export interface Horizon {
  now: number;
  ever?: boolean;
}

export interface Leaf {
  reads: string[];
  evaluate: (request: EngineRequest, at: Date) => Truth;
}

export type ConditionNode = { kind: 'leaf'; leaf: number } | { kind: 'any'; branches: ConditionNode[] } | { kind: 'not'; inner: ConditionNode };

export interface GroupRuleInput {
  side: 'from' | 'to';
  prepared: PreparedRule;
  conditions: readonly unknown[];
  /** Set by the caller: the rule the search starts from, which must apply. */
  seed: boolean;
}

export interface GroupRule {
  side: 'from' | 'to';
  effect: 'allow' | 'deny';
  seed: boolean;
  atoms: ConditionNode[];
}

export interface Variable {
  path: string;
  values: PathValue[];
}

export interface GroupModel {
  principalType: string;
  resourceType: string;
  action: string;
  leaves: Leaf[];
  rules: GroupRule[];
  variables: Variable[];
  /** Why a "no" found over this model would not be a proof; undefined when the model is exact. */
  inexact: string | undefined;
}

export function buildGroupModel(
  target: { principalType: string; resourceType: string; action: string },
  inputs: readonly GroupRuleInput[],
  seedPatterns: PreparedRule['identifierPatterns'],
  horizon: Horizon,
): GroupModel {
  const builder = new ModelBuilder(target, FIXED);
  const rules: GroupRule[] = inputs.map((input) => ({
    side: input.side,
    effect: input.prepared.effect!,
    seed: input.seed,
    atoms: builder.ruleAtoms(input.prepared, input.conditions),
  }));
  const variables = builder.variables(seedPatterns, horizon);
  return { ...target, leaves: builder.leaves, rules, variables, inexact: builder.inexact };
}

/**
 * One condition on its own, for any request: no rule, and the principal and resource types are
 * variables too. `node` is the condition, whose truths the search asks for.
 */
export function buildConditionModel(condition: unknown, horizon: Horizon): { model: GroupModel; node: ConditionNode } {
  const target = { principalType: '', resourceType: '', action: '' };
  const builder = new ModelBuilder(target, new Set());
  const node = builder.conditionNode(condition, 1);
  const variables = builder.variables([{ kind: 'prefix', prefix: '' }], horizon);
  return { model: { ...target, leaves: builder.leaves, rules: [], variables, inexact: builder.inexact }, node };
}

class ModelBuilder {
  readonly leaves: Leaf[] = [];
  private readonly leafByKey = new Map<string, number>();
  private readonly features = new Map<string, PathFeatures>();
  /** Paths compared with each other (union-find parents). */
  private readonly parent = new Map<string, string>();
  private readonly time = emptyTimeConditions();
  /** The keys of the leaves that read the instant (time conditions), which alone decide its values. */
  private readonly timeKeys: string[] = [];
  inexact: string | undefined;

  constructor(
    private readonly target: { principalType: string; resourceType: string; action: string },
    private readonly fixed: ReadonlySet<string>,
  ) {}

  ruleAtoms(rule: PreparedRule, conditions: readonly unknown[]): ConditionNode[] {
    const atoms: ConditionNode[] = [];
    const patterns = rule.identifierPatterns;
    const identifierFeatures = this.pathFeatures('resource.identifier');
    for (const pattern of patterns) {
      if (pattern.kind === 'exact') identifierFeatures.strings.add(pattern.identifier);
      else identifierFeatures.prefixes.add(pattern.prefix);
    }
    atoms.push(
      this.leaf(`identifier ${JSON.stringify(patterns)}`, ['resource.identifier'], (request) =>
        patterns.some((pattern) => identifierMatches(pattern, request.resource.identifier)) ? 'true' : 'false',
      ),
    );
    for (const [owner, required] of [
      ...rule.requiredAttributes.map((attribute) => ['principal', attribute] as const),
      ...rule.requiredResourceAttributes.map((attribute) => ['resource', attribute] as const),
    ]) {
      const path = `${owner}.attributes.${required.name}`;
      const features = this.pathFeatures(path);
      for (const value of required.accepted) {
        addScalar(features, value, true);
        if (value === 'true' || value === 'false') features.strings.add(value);
      }
      if (owner === 'resource') features.listy = true;
      const read = owner === 'principal' ? principalAttribute : resourceAttribute;
      atoms.push(
        this.leaf(`${path} ${[...required.accepted].join('\u0000')}`, [path], (request) => attributeTruth(owner, required, read(request, required.name))[0]),
      );
    }
    for (const condition of conditions) atoms.push(this.conditionNode(condition, 1));
    return atoms;
  }

  /** The condition as prepareCondition reads it (conditions/index.ts), any_of and not kept as nodes so a partial request can be judged. */
  conditionNode(condition: unknown, depth: number): ConditionNode {
    if (condition !== null && typeof condition === 'object' && !Array.isArray(condition)) {
      const { type, operator, value } = condition as { type?: unknown; operator?: unknown; value?: unknown };
      if ((type === 'any_of' || type === 'not') && (operator === undefined || operator === type)) {
        if (depth >= CONDITION_DEPTH_LIMIT) return this.leaf('unknown', [], () => 'unknown');
        if (type === 'not') return { kind: 'not', inner: this.conditionNode(value, depth + 1) };
        if (Array.isArray(value) && value.length > 0) return { kind: 'any', branches: value.map((branch) => this.conditionNode(branch, depth + 1)) };
      }
    }
    const prepared = prepareCondition(condition);
    return this.leaf(keyOf(condition), this.readsOf(condition), (request, at) => prepared(request, at).truth);
  }

  /** The paths a leaf condition reads, its literals added to their features. */
  private readsOf(condition: unknown): string[] {
    if (condition === null || typeof condition !== 'object') return [];
    const { type, operator, value } = condition as { type?: unknown; operator?: unknown; value?: unknown };
    switch (type) {
      case 'time':
        addTimeCondition(this.time, operator, value);
        return [INSTANT];
      case 'risk_score':
        addScalar(this.pathFeatures('context.risk_score'), value);
        return ['context.risk_score'];
      case 'device_trusted':
        return ['context.device_trusted'];
      case 'mfa_verified':
        // The context's value (a boolean, request-kinds.ts), else the principal's attribute, where "true" and
        // "false" count as booleans: true and false stand for them, a fresh string for any other text.
        return ['context.mfa_verified', 'principal.attributes.mfa_verified'];
      case 'ip_address':
        for (const block of Array.isArray(value) ? value : []) if (typeof block === 'string') this.pathFeatures('context.ip_address').ipBlocks.add(block);
        return ['context.ip_address'];
      case 'attribute':
        return this.attributeReads(operator, value);
      default:
        return [];
    }
  }

  private attributeReads(operator: unknown, value: unknown): string[] {
    const definition = (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}) as { attribute?: unknown; to?: unknown };
    const parsed = parseAttributePath(definition.attribute);
    if (parsed === undefined) return [];
    const left = formatAttributePath(parsed);
    const features = this.pathFeatures(left);
    if (operator === 'exists' || operator === 'not_exists') return [left];
    const operand = parseOperand(definition.to);
    if (operand === undefined) return [left];
    if (operand.kind === 'path') {
      const right = formatAttributePath(operand.path);
      this.pathFeatures(right);
      if (operator === 'starts_with' || operator === 'ends_with')
        this.inexact ??= `${left} ${operator} ${right}: a path compared with another by ${operator} is not modelled exactly`;
      if (operator === 'contains') features.listy = true;
      if (operator === 'in' || operator === 'not_in') this.pathFeatures(right).listy = true;
      this.link(left, right);
      return [left, right];
    }
    const literals = Array.isArray(operand.value) ? operand.value : [operand.value];
    if (operator === 'starts_with' && typeof operand.value === 'string') features.prefixes.add(operand.value);
    else if (operator === 'ends_with' && typeof operand.value === 'string') features.suffixes.add(operand.value);
    else for (const literal of literals) addScalar(features, literal);
    if (operator === 'contains') features.listy = true;
    return [left];
  }

  private leaf(key: string, reads: string[], evaluate: Leaf['evaluate']): ConditionNode {
    let index = this.leafByKey.get(key);
    if (index === undefined) {
      const variables = [...new Set(reads)].filter((path) => !this.fixed.has(path));
      // Every path read is a variable, literals or not (device_trusted has none).
      for (const path of variables) if (path !== INSTANT) this.pathFeatures(path);
      index = this.leaves.push({ reads: variables, evaluate }) - 1;
      if (key !== 'unknown') this.leafByKey.set(key, index);
      if (variables.includes(INSTANT)) this.timeKeys.push(key);
    }
    return { kind: 'leaf', leaf: index };
  }

  private pathFeatures(path: string): PathFeatures {
    let features = this.features.get(path);
    if (features === undefined) this.features.set(path, (features = emptyFeatures()));
    return features;
  }

  private root(path: string): string {
    let at = path;
    while (this.parent.has(at) && this.parent.get(at) !== at) at = this.parent.get(at)!;
    return at;
  }

  private link(a: string, b: string): void {
    const [rootA, rootB] = [this.root(a), this.root(b)];
    if (rootA !== rootB) this.parent.set(rootA, rootB);
  }

  /** Every path the leaves read, with its candidates; paths compared with each other share theirs. */
  variables(seedPatterns: PreparedRule['identifierPatterns'], horizon: Horizon): Variable[] {
    const classes = new Map<string, string[]>();
    for (const path of this.features.keys()) {
      const root = this.root(path);
      classes.set(root, [...(classes.get(root) ?? []), path]);
    }
    const variables: Variable[] = [];
    for (const members of classes.values()) {
      const shared = emptyFeatures();
      for (const path of members) mergeFeatures(shared, this.features.get(path)!);
      // A fixed path compared with a variable one: its value is a literal of the variable's.
      if (this.fixed.has('principal.type') && members.includes('principal.type')) shared.strings.add(this.target.principalType);
      if (this.fixed.has('resource.type') && members.includes('resource.type')) shared.strings.add(this.target.resourceType);
      const variableMembers = members.filter((path) => !this.fixed.has(path));
      for (const path of variableMembers) {
        const identifier = path === 'resource.identifier';
        const reader = this.singlePathLeaves(path);
        const { values, exact } = candidateValues(shared, variableMembers.length, {
          absent: !ALWAYS_STRINGS.has(path),
          kind: requestKindOf(path),
          distinct: reader && ((candidates) => this.distinct(path, candidates, reader)),
        });
        if (exact !== undefined) this.inexact ??= `${path}: ${exact}`;
        let kept = reader ? this.distinct(path, values, reader) : values;
        // The seed rule must apply: only identifiers it matches.
        if (identifier) kept = kept.filter((value) => seedPatterns.some((pattern) => identifierMatches(pattern, value as string)));
        variables.push({ path, values: kept });
      }
    }
    if (this.timeKeys.length > 0) variables.push({ path: INSTANT, values: this.instantValues(horizon) });
    return variables;
  }

  /** The instants that stand for all, one per combination of the time conditions' truths; remembered by conditions and horizon. */
  private instantValues(horizon: Horizon): PathValue[] {
    const key = this.timeKeys.includes('unknown') ? undefined : JSON.stringify([[...new Set(this.timeKeys)].sort(), horizon.now, horizon.ever === true]);
    let known = key === undefined ? undefined : instantsByConditions.get(key);
    if (known === undefined) {
      const { instants, exact } = horizon.ever
        ? candidateInstantsEver(this.time, horizon.now)
        : { instants: candidateInstants(this.time, horizon.now), exact: true };
      known = {
        values: this.distinct(INSTANT, instants, this.singlePathLeaves(INSTANT)!),
        inexact: exact ? undefined : `more than ${EVER_YEARS_LIMIT - 1} time before/after instants beside a time window are not modelled exactly`,
      };
      if (key !== undefined) {
        if (instantsByConditions.size >= 1000) instantsByConditions.clear();
        instantsByConditions.set(key, known);
      }
    }
    if (known.inexact !== undefined) this.inexact ??= known.inexact;
    return known.values;
  }

  /** The leaves that read the path, when each reads it alone (so values they judge alike are alike); else undefined. */
  private singlePathLeaves(path: string): Leaf[] | undefined {
    const readers = this.leaves.filter((leaf) => leaf.reads.includes(path));
    return readers.every((leaf) => leaf.reads.length === 1) ? readers : undefined;
  }

  /** One value of each kind the leaves tell apart, the first (most readable) kept. */
  private distinct(path: string, values: readonly PathValue[], readers: readonly Leaf[]): PathValue[] {
    const seen = new Set<string>();
    const kept: PathValue[] = [];
    const request = blankRequest(this.target);
    for (const value of values) {
      const at = path === INSTANT ? new Date(value as number) : new Date(0);
      if (path !== INSTANT) placeValue(request, path, value);
      const signature = readers.map((leaf) => leaf.evaluate(request, at)[0]).join('');
      if (seen.has(signature)) continue;
      seen.add(signature);
      kept.push(value);
    }
    if (path !== INSTANT) placeValue(request, path, ABSENT);
    return kept;
  }
}

/**
 * A repository repeats its time windows (lint asks about every rule, the analysis about every group),
 * and their instants cost a scan of the year: remembered, bounded.
 */
const instantsByConditions = new Map<string, { values: PathValue[]; inexact: string | undefined }>();

function keyOf(condition: unknown): string {
  try {
    return canonicalJson(condition);
  } catch {
    return 'unknown';
  }
}

/** The request every search starts from: the group's types, no attributes, no context. */
export function blankRequest(target: { principalType: string; resourceType: string; action?: string }): EngineRequest {
  return {
    principal: { type: target.principalType, attributes: {} },
    resource: { type: target.resourceType, identifier: '', attributes: {} },
    action: target.action ?? '',
    context: {},
  };
}

/** The value at a path of the request (ABSENT when it has none); the instant is not in the request. */
export function readValue(request: EngineRequest, path: string): PathValue {
  const parsed = parseAttributePath(path);
  if (parsed === undefined || path === INSTANT) return ABSENT;
  if (parsed.root === 'context') {
    const [holder, name] = contextHolder(request, parsed.name, false);
    return holder !== undefined && Object.prototype.hasOwnProperty.call(holder, name) ? holder[name] : ABSENT;
  }
  const holder = ('name' in parsed ? request[parsed.root].attributes : request[parsed.root]) as Record<string, unknown> | undefined;
  const name = 'name' in parsed ? parsed.name : parsed.field;
  return holder !== undefined && Object.prototype.hasOwnProperty.call(holder, name) ? holder[name] : ABSENT;
}

/** Sets (or, for ABSENT, removes) the value at a path of the request; the instant is not in the request. */
export function placeValue(request: EngineRequest, path: string, value: PathValue): void {
  if (path === INSTANT) return;
  const parsed = parseAttributePath(path);
  if (parsed === undefined) return;
  let holder: Record<string, unknown>;
  let name: string;
  if (parsed.root === 'context') {
    const [inContext, field] = contextHolder(request, parsed.name, value !== ABSENT);
    if (inContext === undefined) return;
    [holder, name] = [inContext, field];
  } else if ('name' in parsed) [holder, name] = [request[parsed.root].attributes as Record<string, unknown>, parsed.name];
  else [holder, name] = [request[parsed.root] as unknown as Record<string, unknown>, parsed.field];
  if (value === ABSENT) {
    delete holder[name];
    // An empty delegation is left out, as a person writes the request.
    const delegation = request.context?.[DELEGATION_KEY];
    if (holder === delegation && Object.keys(holder).length === 0) delete request.context![DELEGATION_KEY];
  }
  // An own property even for a name such as `__proto__`, as a parsed JSON request has it.
  else Object.defineProperty(holder, name, { value, enumerable: true, writable: true, configurable: true });
}

/** The object a context path's value lives in (context, or context.delegation: delegation.ts) and its key there; `create` makes the delegation object. */
function contextHolder(request: EngineRequest, name: string, create: boolean): [Record<string, unknown> | undefined, string] {
  const slot = contextSlot(name);
  if (slot === undefined) return [undefined, name];
  if (create) request.context ??= {};
  const context = request.context as Record<string, unknown> | undefined;
  if (context === undefined || 'key' in slot) return [context, 'key' in slot ? slot.key : name];
  if (create && !Object.prototype.hasOwnProperty.call(context, DELEGATION_KEY)) context[DELEGATION_KEY] = {};
  const delegation = Object.prototype.hasOwnProperty.call(context, DELEGATION_KEY) ? context[DELEGATION_KEY] : undefined;
  return [delegation !== null && typeof delegation === 'object' ? (delegation as Record<string, unknown>) : undefined, slot.delegation];
}
