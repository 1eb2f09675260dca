import type { PolicyCondition, PolicyRule } from '../../../../core/src/index.js';
import type { EnginePolicy, EngineRequest } from '../../../../core/src/index.js';

/** An allow rule for USER reading database/prod-*, with whatever the test changes. */
export function aRule(overrides: Partial<PolicyRule> = {}): PolicyRule {
  return {
    effect: 'allow',
    principals: { type: 'USER' },
    resources: { type: 'database', identifiers: ['prod-*'] },
    actions: ['read'],
    ...overrides,
  };
}

export function aPolicy(rules: PolicyRule[], overrides: Partial<EnginePolicy> = {}): EnginePolicy {
  return { id: 'pol_db_read', version: 3, name: 'db-read-access', rules, ...overrides };
}

/** USER reading database/prod-db-1, with whatever the test changes. */
export function aRequest(overrides: Partial<EngineRequest> = {}): EngineRequest {
  return {
    principal: { id: 'usr_1', type: 'USER', attributes: {} },
    resource: { type: 'database', identifier: 'prod-db-1' },
    action: 'read',
    context: {},
    ...overrides,
  };
}

export const timeBetween = (start: string, end: string, timezone: string): PolicyCondition => ({
  type: 'time',
  operator: 'between',
  value: { start, end, timezone },
});
export const riskBelow = (value: number): PolicyCondition => ({ type: 'risk_score', operator: 'less_than', value });
export const mfaVerified = (value: boolean): PolicyCondition => ({ type: 'mfa_verified', operator: 'equals', value });

/** Any instant for tests whose rules have no time condition. */
export const noon = new Date('2026-06-15T12:00:00Z');
