import { expect } from 'chai';
import fc from 'fast-check';
import { compilePolicySet, evaluate, evaluateByScan, type EnginePolicy, type EngineRequest } from '../../../core/src/index.js';
import type { PolicyCondition, PolicyRule } from '../../../core/src/index.js';

/*
 * Small alphabets so that rules and requests often meet: two resource types, three actions, identifiers
 * of up to three characters from {a, b, *} (so prefixes, `*` alone, `**` and literal stars all occur),
 * rule patterns biased towards wildcards. About half the runs have a rule for the request's resource
 * and action, and one in five has a rule that applies.
 */
const resourceType = fc.constantFrom('database', 'bucket');
const action = fc.constantFrom('read', 'write', 'admin');
const principalType = fc.constantFrom('USER', 'USER', 'SERVICE');
const identifier = fc.string({ unit: fc.constantFrom('a', 'b', '*'), maxLength: 3 });
const identifierPattern = fc.oneof(
  fc.constantFrom('*', 'a*', 'ab*'),
  identifier.filter((text) => text.length > 0),
);
const attributeName = fc.constantFrom('department', 'level', 'mfa_verified');
const hhmm = fc.constantFrom('00:00', '06:00', '09:00', '12:30', '17:00', '22:00', '23:59');

const condition: fc.Arbitrary<PolicyCondition> = fc.oneof(
  fc.record({
    type: fc.constant('time' as const),
    operator: fc.constant('between' as const),
    value: fc.record({ start: hhmm, end: hhmm, timezone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Not/A_Zone') }),
  }),
  fc.record({ type: fc.constant('risk_score' as const), operator: fc.constant('less_than' as const), value: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ type: fc.constant('mfa_verified' as const), operator: fc.constant('equals' as const), value: fc.boolean() }),
  // Not in the schema: the engine must fail it closed, the same way in both evaluations.
  fc.constant({ type: 'geo', operator: 'within', value: 'EU' } as unknown as PolicyCondition),
);

const rule: fc.Arbitrary<PolicyRule> = fc.record(
  {
    effect: fc.constantFrom('allow' as const, 'deny' as const),
    principals: fc.record(
      {
        type: principalType,
        attributes: fc.dictionary(attributeName, fc.uniqueArray(fc.constantFrom('x', 'y', '1', 'true', 'false'), { minLength: 1, maxLength: 3 }), {
          maxKeys: 1,
        }),
      },
      { requiredKeys: ['type'] },
    ),
    resources: fc.record({ type: resourceType, identifiers: fc.array(identifierPattern, { minLength: 1, maxLength: 3 }) }),
    actions: fc.array(action, { minLength: 1, maxLength: 3 }),
    conditions: fc.array(condition, { maxLength: 1 }),
  },
  { requiredKeys: ['effect', 'principals', 'resources', 'actions'] },
);

const policies: fc.Arbitrary<EnginePolicy[]> = fc
  .array(
    fc.record({
      name: fc.constantFrom('alpha', 'beta', 'gamma'),
      version: fc.integer({ min: 1, max: 5 }),
      rules: fc.array(rule, { minLength: 1, maxLength: 4 }),
    }),
    { maxLength: 6 },
  )
  .map((drafts) => drafts.map((draft, position) => ({ id: `pol_${position}`, ...draft })));

const request: fc.Arbitrary<EngineRequest> = fc.record(
  {
    principal: fc.record({
      type: principalType,
      attributes: fc.dictionary(attributeName, fc.constantFrom<string | number | boolean | null>('x', 'y', 1, true, false, null, 'true', 'false'), {
        maxKeys: 3,
      }),
    }),
    resource: fc.record({ type: resourceType, identifier }),
    action,
    context: fc.record(
      {
        risk_score: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant('30' as unknown as number)),
        mfa_verified: fc.oneof(fc.boolean(), fc.constant('yes' as unknown as boolean)),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['principal', 'resource', 'action'] },
);

const instant = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true });

describe('engine: the compiled index against the reference scan (property)', () => {
  it('gives the same decision, matched rules, reasons and explanation for any policies, request and instant', () => {
    fc.assert(
      fc.property(policies, request, instant, (set, asked, at) => {
        expect(evaluate(compilePolicySet(set), asked, at)).to.deep.equal(evaluateByScan(set, asked, at));
      }),
      { numRuns: 300 },
    );
  });

  it('allows exactly when an allow rule applies and no deny rule does', () => {
    fc.assert(
      fc.property(policies, request, instant, (set, asked, at) => {
        const { decision, matched_rules } = evaluate(compilePolicySet(set), asked, at);
        const effects = new Set(matched_rules.map((matched) => matched.effect));
        expect(decision).to.equal(effects.has('allow') && !effects.has('deny') ? 'allow' : 'deny');
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, whatever the request carries', () => {
    const set = fc.sample(policies, { numRuns: 1, seed: 42 })[0] ?? [];
    const compiled = compilePolicySet(set);
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withDate: true }), instant, (asked, at) => {
        evaluate(compiled, asked as EngineRequest, at);
        evaluateByScan(set, asked as EngineRequest, at);
        evaluate(
          compiled,
          { principal: { type: 'USER', attributes: asked }, resource: { type: 'database', identifier: 'a' }, action: 'read', context: asked } as EngineRequest,
          at,
        );
      }),
      { numRuns: 300 },
    );
  });
});
