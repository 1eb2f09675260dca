import { expect } from 'chai';
import { compilePolicySet, evaluate, evaluateByScan, simulatePolicy, type EngineRequest } from '../../../core/src/index.js';
import type { PolicyRule } from '../../../core/src/index.js';
import { aPolicy, aRequest, aRule, mfaVerified, noon, riskBelow, timeBetween } from './support/builders.js';

const denyProdAdmins = aPolicy([aRule({ effect: 'deny', conditions: [mfaVerified(false)] })], { id: 'pol_guard', name: 'no-mfa-no-prod', version: 7 });
const readProd = aPolicy([aRule({ conditions: [riskBelow(50)] })]);

describe('engine: combining rules into a decision', () => {
  it('answers the spec example shape: allow, with rule_index, effect and conditions_met', () => {
    const policy = aPolicy([
      aRule({
        principals: { type: 'USER', attributes: { department: ['engineering'] } },
        conditions: [timeBetween('09:00', '17:00', 'Europe/Berlin'), riskBelow(50), mfaVerified(true)],
      }),
    ]);
    const request = aRequest({
      principal: { id: 'usr_1', type: 'USER', attributes: { department: 'engineering' } },
      context: { risk_score: 30, mfa_verified: true },
    });
    const result = simulatePolicy(policy, request, new Date('2026-06-15T12:05:00Z'));
    expect(result).to.deep.equal({
      decision: 'allow',
      matched_rules: [
        {
          policy_id: 'pol_db_read',
          policy_name: 'db-read-access',
          policy_version: 3,
          rule_index: 0,
          effect: 'allow',
          conditions_met: ['time 14:05 Europe/Berlin within 09:00-17:00', 'risk_score 30 < 50', 'mfa_verified true = true'],
        },
      ],
      reasons: [],
      explanation:
        'Allowed by rule 0 of policy db-read-access (conditions met: time 14:05 Europe/Berlin within 09:00-17:00; risk_score 30 < 50; mfa_verified true = true).',
      policy_versions: { pol_db_read: 3 },
    });
  });

  it('explains an allow by a rule without conditions', () => {
    expect(simulatePolicy(aPolicy([aRule()]), aRequest(), noon).explanation).to.equal('Allowed by rule 0 of policy db-read-access (no conditions).');
  });

  it('denies when any matching rule denies, across policies, and lists both matches', () => {
    const request = aRequest({ context: { risk_score: 10, mfa_verified: false } });
    const result = evaluate(compilePolicySet([readProd, denyProdAdmins]), request, noon);
    expect(result.decision).to.equal('deny');
    expect(result.matched_rules.map((rule) => [rule.policy_id, rule.rule_index, rule.effect])).to.deep.equal([
      ['pol_db_read', 0, 'allow'],
      ['pol_guard', 0, 'deny'],
    ]);
    expect(result.explanation).to.equal(
      'Denied by deny rule 0 of policy no-mfa-no-prod (conditions met: mfa_verified false = false), overriding 1 matching allow rule.',
    );
  });

  it('allows when the deny rule of another policy does not apply', () => {
    const request = aRequest({ context: { risk_score: 10, mfa_verified: true } });
    expect(evaluate(compilePolicySet([readProd, denyProdAdmins]), request, noon).decision).to.equal('allow');
  });

  it('denies by default when no rule addresses the request, and names the request', () => {
    const result = evaluate(compilePolicySet([readProd]), aRequest({ action: 'write' }), noon);
    expect(result).to.deep.include({ decision: 'deny', matched_rules: [], reasons: [], policy_versions: {} });
    expect(result.explanation).to.equal('Denied: no rule matched database/prod-db-1 write for USER.');
  });

  it("denies by default when the rules for the resource do not apply, and gives each rule's reason", () => {
    const result = evaluate(
      compilePolicySet([readProd, aPolicy([aRule({ principals: { type: 'SERVICE' } })], { id: 'pol_svc', name: 'services' })]),
      aRequest({ context: { risk_score: 80 } }),
      noon,
    );
    expect(result.decision).to.equal('deny');
    expect(result.reasons).to.deep.equal([
      'rule 0 of policy db-read-access did not apply: risk_score 80 is not < 50',
      'rule 0 of policy services did not apply: principal type "USER" is not "SERVICE"',
    ]);
    expect(result.explanation).to.equal(
      'Denied: no rule matched database/prod-db-1 read for USER (2 rules for this resource and action did not apply; see reasons).',
    );
  });

  it('lists every failed condition of a rule in its reason', () => {
    const policy = aPolicy([aRule({ conditions: [riskBelow(50), mfaVerified(true)] })]);
    expect(simulatePolicy(policy, aRequest({ context: { risk_score: 90 } }), noon).reasons).to.deep.equal([
      'rule 0 of policy db-read-access did not apply: risk_score 90 is not < 50; mfa_verified missing from context and principal attributes',
    ]);
  });

  it('lists at most ten reasons and counts the rest', () => {
    const rules = Array.from({ length: 13 }, () => aRule({ principals: { type: 'SERVICE' } }));
    const reasons = simulatePolicy(aPolicy(rules), aRequest(), noon).reasons;
    expect(reasons).to.have.length(11);
    expect(reasons[9]).to.match(/^rule 9 of policy/);
    expect(reasons[10]).to.equal('3 more rules did not apply');
  });

  it('orders matched rules by policy, then rule index, whatever the patterns that found them', () => {
    const second = aPolicy(
      [aRule({ resources: { type: 'database', identifiers: ['*'] } }), aRule({ resources: { type: 'database', identifiers: ['prod-db-1'] } })],
      { id: 'pol_b', name: 'b' },
    );
    const first = aPolicy([aRule({ resources: { type: 'database', identifiers: ['prod-db-1', 'prod-*'] } })], { id: 'pol_a', name: 'a' });
    const result = evaluate(compilePolicySet([first, second]), aRequest(), noon);
    expect(result.matched_rules.map((rule) => `${rule.policy_id}#${rule.rule_index}`)).to.deep.equal(['pol_a#0', 'pol_b#0', 'pol_b#1']);
    expect(result.explanation).to.equal('Allowed by rule 0 of policy a (no conditions) and 2 other allow rules.');
  });

  it('records the version of each policy with a rule for the resource and action, and of no other', () => {
    const unrelated = aPolicy([aRule({ resources: { type: 'bucket', identifiers: ['*'] } })], { id: 'pol_bucket', version: 9 });
    const result = evaluate(compilePolicySet([readProd, denyProdAdmins, unrelated]), aRequest({ context: { risk_score: 99 } }), noon);
    expect(result.policy_versions).to.deep.equal({ pol_db_read: 3, pol_guard: 7 });
  });

  it('simulates one policy whatever its status, with the same answer as evaluating it', () => {
    const request = aRequest({ context: { risk_score: 10 } });
    expect(simulatePolicy(readProd, request, noon)).to.deep.equal(evaluate(compilePolicySet([readProd]), request, noon));
  });

  it('gives the same decision for the same request and instant every time', () => {
    const set = compilePolicySet([readProd, denyProdAdmins]);
    const request = aRequest({ context: { risk_score: 10, mfa_verified: false } });
    expect(evaluate(set, request, noon)).to.deep.equal(evaluate(set, request, noon));
  });
});

describe('engine: odd input', () => {
  it('fails an unknown condition type closed, with a reason, instead of throwing', () => {
    const rule = aRule({ conditions: [{ type: 'geo', operator: 'within', value: 'EU' } as unknown as NonNullable<PolicyRule['conditions']>[number]] });
    const result = simulatePolicy(aPolicy([rule]), aRequest(), noon);
    expect(result.decision).to.equal('deny');
    expect(result.reasons[0]).to.include('condition geo/within is not supported');
  });

  it('fails a known condition type with an unknown operator closed', () => {
    const rule = aRule({
      conditions: [{ type: 'risk_score', operator: 'between', value: 5 } as unknown as NonNullable<PolicyRule['conditions']>[number]],
    });
    expect(simulatePolicy(aPolicy([rule]), aRequest({ context: { risk_score: 10 } }), noon).reasons[0]).to.include(
      'condition risk_score/between is not supported',
    );
  });

  it('never lets a rule with an unknown effect apply', () => {
    const rule = { ...aRule(), effect: 'permit' } as unknown as PolicyRule;
    const result = simulatePolicy(aPolicy([rule]), aRequest(), noon);
    expect(result.decision).to.equal('deny');
    expect(result.reasons[0]).to.include('effect "permit" is neither allow nor deny');
  });

  it('does not throw on requests with missing or mistyped parts', () => {
    const set = compilePolicySet([readProd, denyProdAdmins]);
    const oddRequests = [
      {},
      { principal: null, resource: { type: 'database', identifier: 'prod-db-1' }, action: 'read' },
      { principal: { type: 'USER', attributes: 'x' }, resource: { type: 'database', identifier: 42 }, action: 'read', context: [] },
      {
        principal: { type: 'USER', attributes: { department: { nested: true } } },
        resource: { type: 'database', identifier: 'prod-db-1' },
        action: 'read',
        context: { risk_score: Symbol('x') },
      },
    ] as unknown as EngineRequest[];
    for (const request of oddRequests) {
      expect(evaluate(set, request, noon).decision).to.equal('deny');
      expect(evaluateByScan([readProd, denyProdAdmins], request, noon).decision).to.equal('deny');
    }
  });

  it('does not throw on a malformed stored rule, which simply never applies', () => {
    const malformed = [
      { effect: 'allow' },
      { effect: 'allow', principals: 'USER', resources: { type: 'database', identifiers: 'prod-*' }, actions: 'read' },
      null,
    ] as unknown as PolicyRule[];
    expect(evaluate(compilePolicySet([aPolicy(malformed)]), aRequest(), noon).decision).to.equal('deny');
    expect(simulatePolicy(aPolicy(malformed), aRequest(), noon).decision).to.equal('deny');
  });
});
