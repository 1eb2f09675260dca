import { expect } from 'chai';
import fc from 'fast-check';
import { compareAccess, evaluateByScan, type EnginePolicy, type PolicyRule } from '../../../../core/src/index.js';
import { now, policies, sendable } from '../support/random-policies.js';

const policy = (rules: PolicyRule[]): EnginePolicy[] => [{ id: 'p', version: 1, name: 'p', rules }];
const allow = (conditions: PolicyRule['conditions'], identifiers = ['prod-*']): PolicyRule => ({
  effect: 'allow',
  principals: { type: 'USER' },
  resources: { type: 'database', identifiers },
  actions: ['read'],
  conditions,
});

/**
 * The example requests of plan and diff are requests the API accepts as they are (the decision
 * request schema, schemas/simulation-request.json): booleans where it wants booleans, numbers for
 * risk_score, readable identifiers, never an object or a list where a scalar goes.
 */
describe('analysis: every example request is one the API accepts (schemas/simulation-request.json)', () => {
  it('an mfa_verified or device_trusted example carries a boolean, a risk_score a number, an ip_address an address', () => {
    const before = policy([]);
    const after = policy([
      allow([
        { type: 'mfa_verified', operator: 'equals', value: true },
        { type: 'device_trusted', operator: 'equals', value: false },
        { type: 'risk_score', operator: 'less_than', value: 40 },
        { type: 'ip_address', operator: 'in_cidr', value: ['10.0.0.0/8'] },
      ]),
    ]);
    const { widens } = compareAccess(before, after, { now });
    expect(widens.status).to.equal('yes');
    const [example] = (widens as { examples: Array<{ request: { context?: Record<string, unknown>; resource: { identifier: string } } }> }).examples;
    expect(example!.request.context).to.deep.include({ mfa_verified: true, device_trusted: false });
    expect(example!.request.context!.risk_score).to.be.a('number').below(40);
    expect(example!.request.context!.ip_address).to.match(/^10\.\d+\.\d+\.\d+$/);
    expect(example!.request.resource.identifier).to.equal('prod-other-1');
    expect(sendable(example!.request as never)).to.equal(true);
  });

  it('a widening that only a request the API refuses could show is no widening (a context mfa_verified that is text)', () => {
    const rule = allow([{ type: 'attribute', operator: 'equals', value: { attribute: 'context.mfa_verified', to: 'yes' } }]);
    expect(compareAccess(policy([]), policy([rule]), { now }).widens).to.deep.equal({ status: 'no' });
  });

  it('on random policy sets, every example passes the request schema and flips under the reference evaluation', () => {
    fc.assert(
      fc.property(policies, policies, (before, after) => {
        const verdicts = compareAccess(before, after, { now, examples: 3 });
        for (const [verdict, from, to] of [
          [verdicts.widens, before, after],
          [verdicts.narrows, after, before],
        ] as const) {
          if (verdict.status !== 'yes') continue;
          for (const example of verdict.examples) {
            expect(sendable(example.request), `refused by the schema: ${JSON.stringify(example.request)}`).to.equal(true);
            expect(JSON.stringify(example.request.resource.identifier)).to.not.include('~other');
            const at = new Date(example.at);
            expect([evaluateByScan(from, example.request, at).decision, evaluateByScan(to, example.request, at).decision]).to.deep.equal(['deny', 'allow']);
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
