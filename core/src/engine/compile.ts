import { decide, policyRef, type Candidate } from './decision.js';
import { requestTarget, prepareRule } from './rule.js';
import type { EngineDecision, EnginePolicy, EngineRequest } from './types.js';

/** A candidate with its place in the set: policy order, then rule index. */
interface IndexedCandidate extends Candidate {
  ordinal: number;
}

/**
 * The rules for one resource type and action, by identifier pattern: exact patterns in a map, prefix
 * patterns in a trie walked along the request identifier. The walk stops where no pattern continues,
 * so thousands of unrelated patterns in the same bucket cost a few steps, not a scan.
 */
interface IdentifierIndex {
  exact: Map<string, IndexedCandidate[]>;
  /** The root is the empty prefix: the pattern `*`. */
  prefixes: PrefixNode;
}

/** Keyed by UTF-16 code unit, the unit String.prototype.startsWith compares by. */
interface PrefixNode {
  rules: IndexedCandidate[];
  next: Map<number, PrefixNode> | undefined;
}

/**
 * A rule as the query planner reads it (plan/plan-resources.ts): prepared, and as written, since a
 * condition that reads the resource is planned from its source.
 */
export interface PlannableRule extends Candidate {
  source: unknown;
}

/** Policies compiled once for many decisions; build a new one when the set of policies changes. */
export interface CompiledPolicySet {
  readonly policyCount: number;
  readonly ruleCount: number;
  /** Resource type, then action; read by `evaluate` only. */
  readonly rulesByResource: ReadonlyMap<string, ReadonlyMap<string, IdentifierIndex>>;
  /**
   * Resource type, then action: the rules with at least one identifier pattern (those the index above
   * can find), in policy order then rule index. A plan reads only its type's and action's list, so
   * its cost follows those rules, not the size of the set (issue #35).
   */
  readonly plannableRules: ReadonlyMap<string, ReadonlyMap<string, readonly PlannableRule[]>>;
}

/**
 * Indexes rules by resource type and action, then identifier pattern, so a decision's cost depends on
 * the rules that address its resource, not on the number of policies. The engine does not read status:
 * the caller passes the policies to enforce (the active ones).
 */
export function compilePolicySet(policies: readonly EnginePolicy[]): CompiledPolicySet {
  const rulesByResource = new Map<string, Map<string, IdentifierIndex>>();
  const plannableRules = new Map<string, Map<string, PlannableRule[]>>();
  let ordinal = 0;
  let policyCount = 0;
  for (const policy of Array.isArray(policies) ? policies : []) {
    policyCount += 1;
    const rules: unknown = policy?.rules;
    if (!Array.isArray(rules)) continue;
    const ref = policyRef(policy);
    rules.forEach((rule, ruleIndex) => {
      const prepared = prepareRule(rule);
      const candidate: IndexedCandidate = { policy: ref, ruleIndex, rule: prepared, ordinal: ordinal++ };
      if (prepared.resourceType === undefined) return;
      const byAction = getOrAdd(rulesByResource, prepared.resourceType, () => new Map<string, IdentifierIndex>());
      const plannableByAction = getOrAdd(plannableRules, prepared.resourceType, () => new Map<string, PlannableRule[]>());
      for (const action of new Set(prepared.actions)) {
        if (prepared.identifierPatterns.length > 0)
          getOrAdd(plannableByAction, action, () => []).push({ policy: ref, ruleIndex, rule: prepared, source: rule });
        const index = getOrAdd(byAction, action, (): IdentifierIndex => ({ exact: new Map(), prefixes: prefixNode() }));
        for (const pattern of prepared.identifierPatterns) {
          if (pattern.kind === 'exact')
            addOnce(
              getOrAdd(index.exact, pattern.identifier, () => []),
              candidate,
            );
          else addOnce(prefixNodeFor(index.prefixes, pattern.prefix).rules, candidate);
        }
      }
    });
  }
  return { policyCount, ruleCount: ordinal, rulesByResource, plannableRules };
}

/** The decision for one request at the instant `at` (the caller's clock; the engine never reads one). */
export function evaluate(set: CompiledPolicySet, request: EngineRequest, at: Date): EngineDecision {
  return decide(candidatesFor(set, request), request, at);
}

/**
 * Every action some rule of the set names for `resourceType`, in code unit order. Rules match an
 * action by equality (no wildcard: `*` is an action named `*`), so an action not listed here has
 * no rule and is denied: the list is complete for an action search (AuthZEN search/action).
 */
export function actionsNamedFor(set: CompiledPolicySet, resourceType: string): string[] {
  return [...(set.rulesByResource.get(resourceType)?.keys() ?? [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The rules addressing the request's resource and action, each once, in policy order then rule index. */
function candidatesFor(set: CompiledPolicySet, request: EngineRequest): IndexedCandidate[] {
  const target = requestTarget(request);
  if (target === undefined) return [];
  const index = set.rulesByResource.get(target.type)?.get(target.action);
  if (index === undefined) return [];
  const { identifier } = target;
  const found: IndexedCandidate[] = [...(index.exact.get(identifier) ?? [])];
  // At depth n the node is the prefix identifier.slice(0, n).
  let node: PrefixNode | undefined = index.prefixes;
  for (let depth = 0; node !== undefined; depth += 1) {
    for (const candidate of node.rules) found.push(candidate); // not push(...rules): no argument-count limit
    node = depth < identifier.length ? node.next?.get(identifier.charCodeAt(depth)) : undefined;
  }
  if (found.length < 2) return found;
  // A rule may be found through more than one of its patterns (`prod-*` and `prod-db`).
  found.sort((a, b) => a.ordinal - b.ordinal);
  return found.filter((candidate, position) => position === 0 || found[position - 1] !== candidate);
}

function getOrAdd<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

/** Adds the candidate unless it is already the last one (a rule listing a pattern twice). */
function addOnce(list: IndexedCandidate[], candidate: IndexedCandidate): void {
  if (list[list.length - 1] !== candidate) list.push(candidate);
}

function prefixNode(): PrefixNode {
  return { rules: [], next: undefined };
}

function prefixNodeFor(root: PrefixNode, prefix: string): PrefixNode {
  let node = root;
  for (let position = 0; position < prefix.length; position += 1) {
    node.next ??= new Map();
    node = getOrAdd(node.next, prefix.charCodeAt(position), prefixNode);
  }
  return node;
}
