import { canonicalJson } from '../../../core/src/index.js';
import { compilePolicySet, evaluate, type EngineDecision, type EnginePolicy } from '../../../core/src/index.js';
import type { DecisionRecord, PolicyRule, PolicyStatus, SimulationRequest } from '../../../core/src/index.js';
import type { Plan } from '../gitops/plan.js';
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
  /** The plan's policy names, by what applying it does to the enforced set. */
  changes: { added: string[]; changed: string[]; deactivated: string[]; unchanged: string[]; inactive: string[]; deleted: string[] };
  /** The names whose enforced rules the plan changes: where the cause of a flip is looked for first. */
  touched: ReadonlySet<string>;
}

export interface ImpactRun {
  replayed: number;
  /** Deny→allow first (the dangerous direction), then allow→deny; newest first within each. */
  flips: Flip[];
  /** Decisions whose replay on the current policies differs from what was recorded (policies changed since). */
  drifted: number;
}

/**
 * The policy set after apply, built from the plan `acctl policy plan` computes (the same folder, the
 * same --prune), so impact and plan cannot disagree: a create adds the file's policy, an update
 * replaces the stored one with the file's content (its status included: a file without `status` is
 * a draft, as apply writes it), a delete removes it, and an unchanged, orphaned or unnamed stored
 * policy stays. A policy the plan re-creates after a delete (a restore) is a create. Only active
 * policies are enforced, so only they are replayed.
 */
export function plannedPolicies(server: readonly ServerPolicy[], plan: Pick<Plan, 'changes'>): PlannedPolicies {
  const asEngine = (policy: ServerPolicy): EnginePolicy => ({ id: policy.id, version: policy.version, name: policy.name, rules: policy.rules ?? [] });
  const current = server.filter((policy) => policy.status === 'active').map(asEngine);
  const storedById = new Map(server.map((policy) => [policy.id, policy]));
  // Stored policies the plan writes or deletes leave the set; what the plan writes comes back in below.
  const replaced = new Set(plan.changes.flatMap((change) => (change.action === 'update' || change.action === 'delete' ? [change.id] : [])));
  const planned = current.filter((policy) => !replaced.has(policy.id));
  const changes: PlannedPolicies['changes'] = { added: [], changed: [], deactivated: [], unchanged: [], inactive: [], deleted: [] };
  for (const change of plan.changes) {
    if (change.action === 'delete') {
      changes.deleted.push(change.name);
      continue;
    }
    if (change.action === 'unchanged') {
      (storedById.get(change.id)?.status === 'active' ? changes.unchanged : changes.inactive).push(change.name);
      continue;
    }
    if (change.action !== 'create' && change.action !== 'update') continue;
    const stored = change.action === 'update' ? storedById.get(change.id) : undefined;
    const wasActive = stored?.status === 'active';
    if (change.content.status !== 'active') {
      (wasActive ? changes.deactivated : changes.inactive).push(change.name);
      continue;
    }
    const same = wasActive && sameRules(stored.rules ?? [], change.content.rules);
    planned.push({
      id: stored?.id ?? `local:${change.name}`,
      version: same ? stored.version : (stored?.version ?? 0) + 1,
      name: change.name,
      rules: change.content.rules,
    });
    (same ? changes.unchanged : wasActive ? changes.changed : changes.added).push(change.name);
  }
  return { current, planned, changes, touched: new Set([...changes.added, ...changes.changed, ...changes.deactivated, ...changes.deleted]) };
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
      cause: causeOf(direction, before, after, policies.touched, localByName),
    });
  }
  const rank = (flip: Flip): number => (flip.direction === 'deny_to_allow' ? 0 : 1);
  flips.sort((a, b) => rank(a) - rank(b) || b.timestamp.localeCompare(a.timestamp) || b.decision_id.localeCompare(a.decision_id));
  return { replayed: records.length, flips, drifted };
}

/**
 * The rule that makes the difference, preferring the policies the plan changes (an unchanged allow
 * that a deleted deny no longer overrides is not the cause): the changed policy's rule of the new
 * effect that now applies (an allow for deny → allow, a deny for allow → deny), or else the changed
 * policy whose rule of the old effect no longer applies (located at its name: that rule may be gone,
 * and a deleted policy has no file), or else whichever rule of the new effect applies.
 */
function causeOf(
  direction: Direction,
  before: EngineDecision,
  after: EngineDecision,
  touched: ReadonlySet<string>,
  local: Map<string, PolicyFile>,
): RuleLocation {
  const effect = direction === 'deny_to_allow' ? 'allow' : 'deny';
  const previous = effect === 'allow' ? 'deny' : 'allow';
  const changedRule = (decision: EngineDecision, wanted: 'allow' | 'deny') =>
    decision.matched_rules.find((rule) => rule.effect === wanted && touched.has(rule.policy_name));
  const added = changedRule(after, effect);
  if (added) return locate(local, added.policy_name, added.rule_index);
  const removed = changedRule(before, previous);
  if (removed) return locate(local, removed.policy_name, null);
  const other = after.matched_rules.find((rule) => rule.effect === effect);
  return locate(local, other?.policy_name ?? '', other?.rule_index ?? null);
}

/** Where a policy file writes a rule (or, with no index, the policy's name): what annotations point at. */
export function locate(local: ReadonlyMap<string, PolicyFile>, policy: string, ruleIndex: number | null): RuleLocation {
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
