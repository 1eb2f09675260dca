import { expect } from 'chai';
import { findRuleApplication, findRuleRequest, reachableTruths, type PolicyCondition, type PolicyRule } from '../../../../core/src/index.js';
import { addressesResource, applyRule, prepareRule } from '../../../../core/src/engine/rule.js';

/** Lint's questions (unreachable-rule, condition-never-holds), answered on the exact model of the access analysis. */
const now = new Date('2026-03-01T00:00:00Z');

function ruleWith(conditions: PolicyCondition[], rest: Partial<PolicyRule> = {}): PolicyRule {
  return { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'document', identifiers: ['doc-*'] }, actions: ['read'], conditions, ...rest };
}

const tagged = (to: string): PolicyCondition => ({ type: 'attribute', operator: 'contains', value: { attribute: 'resource.attributes.tags', to } });
const window = (start: string, end: string, timezone = 'Europe/Paris'): PolicyCondition => ({
  type: 'time',
  operator: 'between',
  value: { start, end, timezone },
});

/** The rule applies to what was found, as the engine decides it. */
function expectApplies(rule: PolicyRule): void {
  const found = findRuleApplication(rule, { now });
  expect(found, 'a request the rule applies to').to.not.equal(null).and.to.not.equal(undefined);
  const prepared = prepareRule(rule);
  expect(addressesResource(prepared, found!.request)).to.equal(true);
  expect(applyRule(prepared, found!.request, found!.at).applies).to.equal(true);
}

describe('analysis: findRuleRequest and reachableTruths (lint) on the exact model', () => {
  it('finds a request for a rule whose list must hold two values (contains a and contains b)', () => {
    const rule = ruleWith([tagged('a'), tagged('b')]);
    expectApplies(rule);
    expect(findRuleRequest(rule, { now })?.resource.attributes).to.deep.include({ tags: ['a', 'b'] });
  });

  it('finds no request for two windows of one zone that never overlap', () => {
    expect(findRuleRequest(ruleWith([window('09:00', '10:00'), window('14:00', '15:00')]), { now })).to.equal(null);
  });

  it('finds a request for windows of two zones that overlap only in summer time', () => {
    // 09:00-10:00 in Paris is 07:00-08:00 UTC in summer, 08:00-09:00 in winter.
    expectApplies(ruleWith([window('09:00', '10:00'), window('07:00', '07:30', 'UTC')]));
  });

  it('finds no request for a grant that ends before it starts, and one for a grant of a minute years ahead', () => {
    const after = (value: string): PolicyCondition => ({ type: 'time', operator: 'after', value });
    const before = (value: string): PolicyCondition => ({ type: 'time', operator: 'before', value });
    expect(findRuleRequest(ruleWith([after('2030-01-01T00:00:00Z'), before('2029-06-01T00:00:00Z')]), { now })).to.equal(null);
    expectApplies(ruleWith([after('2031-05-01T10:00:00Z'), before('2031-05-01T10:01:00Z'), window('12:00', '12:30')]));
  });

  it('finds a request for paths compared with each other that need distinct fresh values', () => {
    const differs = (attribute: string, to: string): PolicyCondition => ({
      type: 'attribute',
      operator: 'not_equals',
      value: { attribute, to: { attribute: to } },
    });
    expectApplies(ruleWith([differs('context.a', 'context.b'), differs('context.b', 'context.c'), differs('context.a', 'context.c')]));
  });

  it('finds no request for a rule whose identifiers or effect make it address none', () => {
    expect(findRuleRequest({ ...ruleWith([]), effect: 'maybe' } as unknown as PolicyRule, { now })).to.equal(null);
    expect(findRuleRequest(ruleWith([], { actions: [] }), { now })).to.equal(null);
  });

  it('answers "cannot tell" when the budget runs out', () => {
    const rule = ruleWith([
      tagged('a'),
      tagged('b'),
      { type: 'risk_score', operator: 'less_than', value: 10 },
      { type: 'risk_score', operator: 'greater_than', value: 50 },
    ]);
    expect(findRuleRequest(rule, { now, budget: 3 })).to.equal(undefined);
    expect(findRuleRequest(rule, { now })).to.equal(null);
  });

  it('answers "cannot tell" for windows beside more instants than it scans a year for (a hostile file cannot make lint scan thousands of years)', () => {
    const instants: PolicyCondition[] = Array.from({ length: 20 }, (_, year) => ({ type: 'time', operator: 'after', value: `${2030 + year}-01-01T00:00:00Z` }));
    expect(findRuleRequest(ruleWith([...instants, window('09:00', '10:00'), window('14:00', '15:00')]), { now })).to.equal(undefined);
    expect(findRuleRequest(ruleWith([...instants.slice(0, 10), window('09:00', '10:00'), window('14:00', '15:00')]), { now })).to.equal(null);
  });

  it('gives the truths a condition can take: a window, and a window contradicted inside any_of', () => {
    expect(reachableTruths(window('09:00', '10:00'), { now })).to.deep.equal(new Set(['true', 'false']));
    const never: PolicyCondition = { type: 'not', value: { type: 'any_of', value: [window('00:00', '12:00'), window('12:00', '00:00')] } };
    expect(reachableTruths(never, { now })).to.deep.equal(new Set(['false']));
    expect(reachableTruths(tagged('a'), { now })).to.deep.equal(new Set(['true', 'false', 'unknown']));
  });

  it('knows a resource attribute may be a list, which a scalar comparison finds unknown (satisfy-properties seed 920006920)', () => {
    const present: PolicyCondition = {
      type: 'any_of',
      value: [
        { type: 'attribute', operator: 'in', value: { attribute: 'resource.attributes.a', to: ['a'] } },
        { type: 'attribute', operator: 'not_exists', value: { attribute: 'resource.attributes.a' } },
      ],
    };
    // Absent: not_exists holds; a string: in is true or false; only a list leaves both unknown and false.
    expect(reachableTruths(present, { now })).to.deep.equal(new Set(['true', 'false', 'unknown']));
  });
});
