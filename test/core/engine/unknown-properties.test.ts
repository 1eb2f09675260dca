import { expect } from 'chai';
import fc from 'fast-check';
import { compilePolicySet, evaluate, prepareCondition, type EngineRequest, type PolicyCondition, type PolicyRule } from '../../../core/src/index.js';

/**
 * Unknown is never permissive (policy-condition schema): a request that lacks values, or carries
 * them with the wrong kind, is never allowed where the same request with the values could be denied.
 * Random condition trees of every type (exists and not_exists aside: they test absence on purpose)
 * over random requests, then the same requests with values taken away.
 */
const at = new Date('2026-12-02T10:00:00Z');
const scalar = fc.constantFrom<string | number | boolean>('a', 'b', 'ab', 1, 2, 3, true, false);
const paths = [
  'principal.id',
  'principal.attributes.a',
  'principal.attributes.b',
  'resource.attributes.a',
  'resource.attributes.tags',
  'context.x',
  'context.y',
];
const path = fc.constantFrom(...paths);
const operand = fc.oneof(
  scalar,
  path.map((attribute) => ({ attribute })),
);

const leaf: fc.Arbitrary<PolicyCondition> = fc.oneof(
  fc.record({
    type: fc.constant('attribute'),
    operator: fc.constantFrom('equals', 'not_equals', 'contains'),
    value: fc.record({ attribute: path, to: operand }),
  }),
  fc.record({
    type: fc.constant('attribute'),
    operator: fc.constantFrom('in', 'not_in'),
    value: fc.record({
      attribute: path,
      to: fc.oneof(
        fc.array(scalar, { minLength: 1, maxLength: 3 }),
        path.map((attribute) => ({ attribute })),
      ),
    }),
  }),
  fc.record({
    type: fc.constant('attribute'),
    operator: fc.constantFrom('starts_with', 'ends_with'),
    value: fc.record({
      attribute: path,
      to: fc.oneof(
        fc.constantFrom('a', 'b'),
        path.map((attribute) => ({ attribute })),
      ),
    }),
  }),
  fc.record({
    type: fc.constant('attribute'),
    operator: fc.constantFrom('greater_than', 'greater_than_or_equal', 'less_than', 'less_than_or_equal'),
    value: fc.record({
      attribute: path,
      to: fc.oneof(
        fc.integer({ min: 0, max: 4 }),
        path.map((attribute) => ({ attribute })),
      ),
    }),
  }),
  fc.record({
    type: fc.constant('risk_score'),
    operator: fc.constantFrom('less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'),
    value: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({ type: fc.constantFrom('mfa_verified', 'device_trusted'), operator: fc.constant('equals'), value: fc.boolean() }),
  fc.record({ type: fc.constant('ip_address'), operator: fc.constantFrom('in_cidr', 'not_in_cidr'), value: fc.constant(['10.0.0.0/8', '2001:db8::/32']) }),
  fc.record({
    type: fc.constant('time'),
    operator: fc.constantFrom('before', 'after'),
    value: fc.constantFrom('2026-12-01T00:00:00Z', '2026-12-03T00:00:00Z'),
  }),
) as fc.Arbitrary<PolicyCondition>;

const { condition } = fc.letrec<{ condition: PolicyCondition }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ type: fc.constant('not'), value: tie('condition') }) as fc.Arbitrary<PolicyCondition>,
    fc.record({ type: fc.constant('any_of'), value: fc.array(tie('condition'), { minLength: 1, maxLength: 3 }) }) as fc.Arbitrary<PolicyCondition>,
  ),
}));

const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
const request: fc.Arbitrary<EngineRequest> = fc.record({
  principal: fc.record({ id: fc.constantFrom('a', 'b'), type: fc.constant('U'), attributes: fc.record({ a: scalar, b: scalar }) }),
  resource: fc.record({ type: fc.constant('R'), identifier: fc.constant('x'), attributes: fc.record({ a: value, tags: value }) }),
  action: fc.constant('go'),
  context: fc.record({
    x: scalar,
    y: scalar,
    risk_score: fc.integer({ min: 0, max: 100 }),
    mfa_verified: fc.boolean(),
    device_trusted: fc.boolean(),
    ip_address: fc.constantFrom('10.1.2.3', '192.168.0.1', '2001:db8::5', '::ffff:10.9.9.9'),
  }),
}) as fc.Arbitrary<EngineRequest>;

/** Where a request holds values that can be taken away. */
const removable = [...paths, 'context.risk_score', 'context.mfa_verified', 'context.device_trusted', 'context.ip_address'];

function without(full: EngineRequest, taken: readonly string[]): EngineRequest {
  const copy = structuredClone(full) as unknown as Record<string, Record<string, unknown>>;
  for (const place of taken) {
    const parts = place.split('.');
    let holder: Record<string, unknown> | undefined = copy[parts[0]!];
    for (const part of parts.slice(1, -1)) holder = holder?.[part] as Record<string, unknown> | undefined;
    if (holder) delete holder[parts[parts.length - 1]!];
  }
  return copy as unknown as EngineRequest;
}

const rule = (effect: 'allow' | 'deny', conditions: PolicyCondition[], attributes?: Record<string, string[]>): PolicyRule => ({
  effect,
  principals: { type: 'U', ...(attributes ? { attributes } : {}) },
  resources: { type: 'R', identifiers: ['*'] },
  actions: ['go'],
  conditions,
});

const decide = (rules: PolicyRule[], target: EngineRequest) => evaluate(compilePolicySet([{ id: 'p', version: 1, name: 'p', rules }]), target, at).decision;

describe('engine: unknown is never permissive (property-based)', () => {
  it('a request with values taken away is never allowed where the whole request is denied', () => {
    const rules = fc.array(
      fc.record({
        effect: fc.constantFrom<'allow' | 'deny'>('allow', 'deny'),
        conditions: fc.array(condition, { minLength: 1, maxLength: 2 }),
        scoped: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    );
    fc.assert(
      fc.property(rules, request, fc.subarray(removable, { minLength: 1 }), (drawn, full, taken) => {
        const policy = drawn.map(({ effect, conditions, scoped }) => rule(effect, conditions, scoped ? { a: ['a', '1', 'true'] } : undefined));
        if (decide(policy, without(full, taken)) === 'allow') expect(decide(policy, full), JSON.stringify({ policy, full, taken })).to.equal('allow');
      }),
      { numRuns: 1000 },
    );
  });

  it('not and any_of keep an unknown unknown: an allow with it never applies, a deny with it always does', () => {
    const alwaysFalse: PolicyCondition = { type: 'time', operator: 'before', value: '2000-01-01T00:00:00Z' };
    fc.assert(
      fc.property(condition, request, fc.subarray(removable), (tree, full, taken) => {
        const target = without(full, taken);
        if (prepareCondition(tree)(target, at).truth !== 'unknown') return;
        expect(decide([rule('allow', [tree])], target)).to.equal('deny');
        expect(decide([rule('allow', [{ type: 'not', value: tree }])], target)).to.equal('deny');
        expect(decide([rule('allow', [{ type: 'any_of', value: [tree, alwaysFalse] }])], target)).to.equal('deny');
        expect(decide([rule('allow', [{ type: 'not', value: { type: 'any_of', value: [alwaysFalse, tree] } }])], target)).to.equal('deny');
        expect(decide([rule('allow', []), rule('deny', [tree])], target)).to.equal('deny');
        expect(decide([rule('allow', []), rule('deny', [{ type: 'not', value: tree }])], target)).to.equal('deny');
      }),
      { numRuns: 1000 },
    );
  });

  it('a condition that holds, or fails, on a request with values taken away holds, or fails, the same with them (Kleene logic is monotone)', () => {
    fc.assert(
      fc.property(condition, request, fc.subarray(removable, { minLength: 1 }), (tree, full, taken) => {
        const partial = prepareCondition(tree)(without(full, taken), at).truth;
        if (partial !== 'unknown') expect(prepareCondition(tree)(full, at).truth, JSON.stringify({ tree, full, taken })).to.equal(partial);
      }),
      { numRuns: 1500 },
    );
  });
});
