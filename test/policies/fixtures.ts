import type { PolicyCreateRequest } from '../../core/src/index.js';

/** The spec's sample policy: read access to production databases in office hours, low risk, MFA. */
export function samplePolicy(overrides: Partial<PolicyCreateRequest> = {}): PolicyCreateRequest {
  return {
    name: 'database-read-access',
    description: 'Engineers read production databases in office hours',
    status: 'active',
    rules: [
      {
        effect: 'allow',
        principals: { type: 'USER', attributes: { department: ['engineering'] } },
        resources: { type: 'database', identifiers: ['prod-db-*'] },
        actions: ['read'],
        conditions: [
          { type: 'time', operator: 'between', value: { start: '09:00', end: '17:00', timezone: 'America/New_York' } },
          { type: 'risk_score', operator: 'less_than', value: 50 },
          { type: 'mfa_verified', operator: 'equals', value: true },
        ],
      },
    ],
    metadata: { owner: 'platform-team', compliance: ['SOC2', 'HIPAA'] },
    ...overrides,
  };
}
