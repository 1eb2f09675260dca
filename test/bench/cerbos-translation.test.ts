import { expect } from 'chai';
import fc from 'fast-check';
import { generatedPolicies, paymentsPolicies, seededRandom } from '../../bench/fixtures/policies.js';
import { cerbosResourcePolicies } from '../../bench/peers/cerbos/translate.js';
import { evaluate, type EnginePolicy, type EngineRequest } from '../../core/src/index.js';
import { cerbosPeerUnderTest } from './cerbos-peer.js';

/*
 * The Cerbos peer is only a fair comparison if Cerbos decides as acctl's engine does. These tests run
 * the real Cerbos PDP on the translated policies of the benchmark (the 10 payments policies and 300
 * generated ones: time windows in five zones, risk scores, MFA, department lists, deny rules) and
 * compare its decisions with the engine's on requests drawn from the same vocabulary.
 */
const policies: EnginePolicy[] = [...paymentsPolicies(), ...generatedPolicies(300, seededRandom(7))];
const teams = ['payments', 'finance', 'search', 'billing', 'identity', 'growth', 'data', 'infra'];

const identifier = fc.oneof(
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('prod', 'staging', 'dev'),
        fc.constantFrom(...teams),
        fc.constantFrom('db', 'cache', 'store', 'svc'),
        fc.integer({ min: 0, max: 50 }),
      )
      .map((parts) => parts.join('-')),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'payments-exports-2026',
      'payments-events',
      'payments/api-key',
      'prod-payments-db-1',
      'prod-payments-db-2',
      'staging-payments-db-3',
    ),
  },
);
const principal = fc.record(
  {
    id: fc.constantFrom('usr_ada', 'svc_ledger'),
    type: fc.constantFrom('USER', 'USER', 'SERVICE', 'GROUP'),
    attributes: fc.record(
      {
        department: fc.oneof(fc.constantFrom('payments', 'finance'), fc.constantFrom(...teams)),
        oncall: fc.constantFrom('true', 'false'),
        mfa_verified: fc.constantFrom('true', 'false'),
      },
      { requiredKeys: ['department'] },
    ),
  },
  { requiredKeys: ['id', 'type'] },
);
const target = fc.record(
  {
    resource: fc.record({ type: fc.constantFrom('database', 'bucket', 'queue', 'secret', 'topic'), identifier }),
    action: fc.constantFrom('read', 'read', 'write', 'admin', 'delete', 'list', 'deploy'),
    context: fc.record({ risk_score: fc.integer({ min: 0, max: 120 }), mfa_verified: fc.boolean() }, { requiredKeys: [] }),
  },
  { requiredKeys: ['resource', 'action'] },
);
/** One Cerbos check request: one principal, several resources. */
const checkRequest = fc
  .tuple(principal, fc.array(target, { minLength: 1, maxLength: 20 }))
  .map(([who, targets]) => targets.map((what) => ({ principal: who, ...what }) as EngineRequest));

describe('The Cerbos peer of the decision benchmark', () => {
  const { compiled, decide: cerbosDecide, decideAsTheEngine } = cerbosPeerUnderTest(policies);

  it('decides every request as the acctl engine does on the same policies', async () => {
    let allows = 0;
    await fc.assert(
      fc.asyncProperty(checkRequest, async (requests) => {
        const theirs = await decideAsTheEngine(requests);
        allows += theirs.filter((decision) => decision === 'allow').length;
      }),
      { numRuns: 150 },
    );
    // The property is only worth something if the requests reach rules that allow; most rules
    // that allow have time windows, so how many drawn requests they allow depends on the hour
    // (three of them at 08:00 UTC): the next test compares allows that hold at any hour.
    expect(allows).to.be.greaterThan(0);
  });

  it('allows as the acctl engine does where no time window applies, at any hour', async () => {
    const user = (department: string): EngineRequest['principal'] => ({ id: 'usr_ada', type: 'USER', attributes: { department } });
    const service: EngineRequest['principal'] = { id: 'svc_ledger', type: 'SERVICE', attributes: { department: 'payments' } };
    const requests: EngineRequest[] = [
      { principal: user('payments'), resource: { type: 'database', identifier: 'staging-payments-db-3' }, action: 'read' },
      { principal: user('finance'), resource: { type: 'database', identifier: 'staging-payments-db-3' }, action: 'write' },
      { principal: user('finance'), resource: { type: 'queue', identifier: 'payments-events' }, action: 'write' },
      { principal: service, resource: { type: 'secret', identifier: 'payments/api-key' }, action: 'read' },
    ];
    const now = new Date();
    expect(requests.map((request) => evaluate(compiled, request, now).decision)).to.deep.equal(['allow', 'allow', 'allow', 'allow']);
    // One principal per Cerbos check request.
    const theirs = await Promise.all(requests.map(async (request) => (await cerbosDecide([request]))[0]));
    expect(theirs).to.deep.equal(['allow', 'allow', 'allow', 'allow']);
  });

  it('answers a batch of 100 checks in request order', async () => {
    const requests = fc.sample(checkRequest, 10).flat().slice(0, 100);
    const principalOfFirst = requests[0]?.principal;
    const batch = requests.map((request) => ({ ...request, principal: principalOfFirst ?? request.principal }));
    const theirs = await cerbosDecide(batch);
    const now = new Date();
    expect(theirs).to.have.length(batch.length);
    expect(theirs).to.deep.equal(batch.map((request) => evaluate(compiled, request, now).decision));
  });

  it('refuses to translate a condition it cannot express, rather than compare different logic', () => {
    const unknown = [
      {
        id: 'pol_geo',
        version: 1,
        name: 'geo',
        rules: [
          {
            effect: 'allow',
            principals: { type: 'USER' },
            resources: { type: 'database', identifiers: ['*'] },
            actions: ['read'],
            conditions: [{ type: 'geo', operator: 'within', value: 'EU' }],
          },
        ],
      },
    ] as unknown as EnginePolicy[];
    expect(() => cerbosResourcePolicies(unknown)).to.throw('cannot express the condition geo within');
  });
});
