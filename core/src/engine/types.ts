import type { PolicyRule } from '../generated/schema-types.js';

/**
 * A principal attribute as a request carries it. Rules list accepted values as strings, so a value is
 * compared as String(value); null and undefined count as missing.
 */
export type AttributeValue = string | number | boolean | null;

/** A resource attribute (owner, classification, tags): a string, number or boolean, or an array of them. */
export type ResourceAttributeValue = string | number | boolean | Array<string | number | boolean>;

/** The request context (spec, "Simulation request"); `mfa_verified` is read by the mfa_verified condition. */
export interface EngineContext {
  ip_address?: string;
  timestamp?: string;
  risk_score?: number;
  device_trusted?: boolean;
  mfa_verified?: boolean;
  [key: string]: unknown;
}

/** Who asks to do what to which resource: the body of a simulation or decision request. */
export interface EngineRequest {
  principal: { id?: string; type: string; attributes?: { [name: string]: AttributeValue | undefined } };
  resource: { type: string; identifier: string; attributes?: { [name: string]: ResourceAttributeValue | undefined } };
  action: string;
  context?: EngineContext;
}

/** What the engine needs of a policy. Status is the caller's business: it passes the policies to enforce. */
export interface EnginePolicy {
  id: string;
  version: number;
  name: string;
  rules: PolicyRule[];
}

export type Effect = PolicyRule['effect'];

/** A rule that applied to the request (spec, "Simulation response", matched_rules). */
export interface MatchedRule {
  policy_id: string;
  policy_name: string;
  policy_version: number;
  /** Zero-based index into the policy's rules. */
  rule_index: number;
  effect: Effect;
  /**
   * One readable line per condition of the rule that held, e.g. `risk_score 30 < 50`; a deny that
   * applied because a value was missing adds a line naming each unknown.
   */
  conditions_met: string[];
}

export interface EngineDecision {
  /** Any applying deny rule wins; otherwise any applying allow rule allows; otherwise deny. */
  decision: Effect;
  /** Every applying rule, allow and deny, in policy order then rule index. */
  matched_rules: MatchedRule[];
  /**
   * Why rules written for this resource and action did not apply (at most 10, then a count), so a
   * user can see what a request lacked.
   */
  reasons: string[];
  /** One sentence for people. */
  explanation: string;
  /** Id to version of every policy with a rule for this resource and action: what an auditor needs to replay the decision. */
  policy_versions: Record<string, number>;
}
