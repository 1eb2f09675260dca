import { canonicalJson } from '../../../core/src/index.js';
import { compilePolicySet, evaluate, type EngineDecision, type EnginePolicy } from '../../../core/src/index.js';
import type { DecisionRecord, PolicyRule, PolicyStatus, SimulationRequest } from '../../../core/src/index.js';
import type { PolicyFile } from './policy-checks.js';
import { positionOf } from './source.js';
import { spanAt } from './yaml-file.js';

/**
 * `acctl policy impact`: which recorded decisions would come out differently once the local policy
 * files are applied. Pure: the command fetches the server's policies and recorded decisions, this
 * module builds both policy sets and replays the decisions with the server's engine.
 */

/** A stored policy as the command fetched it: rules only for the active ones (the others are not enforced). */
export interface ServerPolicy {
  id: string;
  name: string;
  status: Exclude<PolicyStatus, 'deleted'>;
  version: number;
  rules?: PolicyRule[];
}

export type Direction = 'deny_to_allow' | 'allow_to_deny';

/** Where a rule of a local policy file is: what annotations and reports point at. */
export interface RuleLocation {
  policy: string;
  rule_index: number | null;
  file: string | null;
  line: number | null;
  col: number | null;
}

/** A recorded decision whose outcome the local policies change. */
export interface Flip {
  direction: Direction;
  decision_id: string;
  timestamp: string;
  /** What the server answered when the decision was made. */
  recorded: 'allow' | 'deny';
  request: SimulationRequest;
  /** The replay against the server's current active policies, then against the planned ones. */
  before: EngineDecision;
  after: EngineDecision;
  /** The rule that makes the difference, in the local files when it is theirs. */
  cause: RuleLocation;
}

export interface PlannedPolicies {
  /** The server's active policies now: the baseline. */
  current: EnginePolicy[];
  /** The active policies once the local files are applied. */
  planned: EnginePolicy[];
  /** Local policy names, by what applying them does to the enforced set. */
  changes: { added: string[]; changed: string[]; deactivated: string[]; unchanged: string[]; inactive: string[] };
}

export interface ImpactRun {
  replayed: number;
  /** Deny→allow first (the dangerous direction), then allow→deny; newest first within each. */
  flips: Flip[];
  /** Decisions whose replay on the current policies differs from what was recorded (policies changed since). */
  drifted: number;
}

/**
 * The policy set after apply. A local policy replaces the stored policy of the same name (or is
 * created); stored policies with no local file stay as they are. Its status is the file's, or,
 * when the file has none, what apply leaves: the stored policy's status (an update keeps it) or
 * draft (a created policy's default). Only active policies are enforced, so only they are replayed.
 */
export function plannedPolicies(server: readonly ServerPolicy[], local: readonly PolicyFile[]): PlannedPolicies {
  const storedByName = new Map(server.map((policy) => [policy.name, policy]));
  const localNames = new Set(local.map((entry) => entry.policy.name));
  const asEngine = (policy: ServerPolicy): EnginePolicy => ({ id: policy.id, version: policy.version, name: policy.name, rules: policy.rules ?? [] });
  const current = server.filter((policy) => policy.status === 'active').map(asEngine);
  const planned = current.filter((policy) => !localNames.has(policy.name));
  const changes: PlannedPolicies['changes'] = { added: [], changed: [], deactivated: [], unchanged: [], inactive: [] };
  for (const { policy } of local) {
    const stored = storedByName.get(policy.name);
    const status = policy.status ?? stored?.status ?? 'draft';
    const wasActive = stored?.status === 'active';
    if (status !== 'active') {
      (wasActive ? changes.deactivated : changes.inactive).push(policy.name);
      continue;
    }
    const same = wasActive && sameRules(stored.rules ?? [], policy.rules);
    planned.push({
      id: stored?.id ?? `local:${policy.name}`,
      version: same ? stored.version : (stored?.version ?? 0) + 1,
      name: policy.name,
      rules: policy.rules,
    });
    (same ? changes.unchanged : wasActive ? changes.changed : changes.added).push(policy.name);
  }
  return { current, planned, changes };
}

/**
 * Replays each decision, at the time it was made and with the request as it was evaluated (stored
 * principal attributes of that moment included), against the current and the planned policies. A
 * flip is a difference between those two replays, so a policy changed on the server since the
 * decision is not blamed on the local files (such decisions are counted as drifted).
 */
export function replayDecisions(records: readonly DecisionRecord[], policies: PlannedPolicies, local: readonly PolicyFile[]): ImpactRun {
  const current = compilePolicySet(policies.current);
  const planned = compilePolicySet(policies.planned);
  const localByName = new Map(local.map((entry) => [entry.policy.name, entry]));
  const flips: Flip[] = [];
  let drifted = 0;
  for (const record of records) {
    const at = new Date(record.timestamp);
    const before = evaluate(current, record.request, at);
    const after = evaluate(planned, record.request, at);
    if (before.decision !== record.decision) drifted += 1;
    if (before.decision === after.decision) continue;
    const direction: Direction = after.decision === 'allow' ? 'deny_to_allow' : 'allow_to_deny';
    flips.push({
      direction,
      decision_id: record.id,
      timestamp: record.timestamp,
      recorded: record.decision,
      request: record.request,
      before,
      after,
      cause: causeOf(direction, before, after, localByName),
    });
  }
  const rank = (flip: Flip): number => (flip.direction === 'deny_to_allow' ? 0 : 1);
  flips.sort((a, b) => rank(a) - rank(b) || b.timestamp.localeCompare(a.timestamp) || b.decision_id.localeCompare(a.decision_id));
  return { replayed: records.length, flips, drifted };
}

/**
 * The rule that makes the difference, preferring the local files: the local rule of the new effect
 * that now applies (an allow for deny → allow, a deny for allow → deny), or else the local policy
 * whose rule of the old effect no longer applies (located at its name: that rule may be gone), or
 * else whichever rule of the new effect applies.
 */
function causeOf(direction: Direction, before: EngineDecision, after: EngineDecision, local: Map<string, PolicyFile>): RuleLocation {
  const effect = direction === 'deny_to_allow' ? 'allow' : 'deny';
  const previous = effect === 'allow' ? 'deny' : 'allow';
  const localRule = (decision: EngineDecision, wanted: 'allow' | 'deny') =>
    decision.matched_rules.find((rule) => rule.effect === wanted && local.has(rule.policy_name));
  const added = localRule(after, effect);
  if (added) return locate(local, added.policy_name, added.rule_index);
  const removed = localRule(before, previous);
  if (removed) return locate(local, removed.policy_name, null);
  const other = after.matched_rules.find((rule) => rule.effect === effect);
  return locate(local, other?.policy_name ?? '', other?.rule_index ?? null);
}

function locate(local: Map<string, PolicyFile>, policy: string, ruleIndex: number | null): RuleLocation {
  const entry = local.get(policy);
  if (!entry) return { policy, rule_index: ruleIndex, file: null, line: null, col: null };
  const span = spanAt(entry.file.doc, ruleIndex === null ? ['name'] : ['rules', ruleIndex]);
  const { line, col } = positionOf(entry.file.lineCounter, span[0]);
  return { policy, rule_index: ruleIndex, file: entry.file.path, line, col };
}

/** Rules compared as data (key order aside): a policy whose rules did not change cannot flip anything. */
function sameRules(a: readonly PolicyRule[], b: readonly PolicyRule[]): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** Flips that share a direction and a cause: one annotation, one JUnit case, one table row each. */
export interface FlipGroup {
  direction: Direction;
  cause: RuleLocation;
  flips: Flip[];
}

export function groupFlips(flips: readonly Flip[]): FlipGroup[] {
  const groups = new Map<string, FlipGroup>();
  for (const flip of flips) {
    const key = JSON.stringify([flip.direction, flip.cause.policy, flip.cause.rule_index]);
    let group = groups.get(key);
    if (!group) {
      group = { direction: flip.direction, cause: flip.cause, flips: [] };
      groups.set(key, group);
    }
    group.flips.push(flip);
  }
  return [...groups.values()];
}
