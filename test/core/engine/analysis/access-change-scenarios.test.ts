import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { parse } from 'yaml';
import { compareAccess, evaluate, compilePolicySet, type EnginePolicy, type PolicyRule } from '../../../../core/src/index.js';

/** The scenarios of issue #33, on the whole active set of policies-example. */
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'policies-example');
const now = new Date('2026-03-01T00:00:00Z');

function examplePolicies(): EnginePolicy[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.yaml') && !name.endsWith('.test.yaml') && name !== 'acctl.yaml')
    .sort()
    .map((name) => parse(readFileSync(path.join(folder, name), 'utf8')) as { name: string; status: string; rules: PolicyRule[] })
    .filter((policy) => policy.status === 'active')
    .map((policy) => ({ id: `local:${policy.name}`, version: 1, name: policy.name, rules: policy.rules }));
}

function withRule(policies: EnginePolicy[], name: string, change: (rule: PolicyRule) => PolicyRule): EnginePolicy[] {
  return policies.map((policy) =>
    policy.name === name ? { ...policy, rules: policy.rules.map((rule, index) => (index === 0 ? change(rule) : rule)) } : policy,
  );
}

/** The same value with every object's keys in reverse order. */
function keysReversed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(keysReversed) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, keysReversed(item)]),
  ) as T;
}

describe('analysis: the changes of issue #33 on policies-example', () => {
  const before = examplePolicies();

  it('deleting the deny of contractors widens, with a contractor request as the example', () => {
    const { widens, narrows } = compareAccess(
      before,
      before.filter((policy) => policy.name !== 'contractor-restrictions'),
      { now },
    );
    expect(narrows.status).to.equal('no');
    if (widens.status !== 'yes') throw new Error(`expected a widening, got ${JSON.stringify(widens)}`);
    const example = widens.examples.find((found) => found.request.principal.attributes?.employment === 'contractor');
    expect(example, JSON.stringify(widens.examples)).to.not.equal(undefined);
    expect(example).to.include({ policy: 'contractor-restrictions', rule_in: 'before', before: 'deny', after: 'allow' });
    // The example is the engine's: the deny decided it before, an allow after.
    const at = new Date(example!.at);
    expect(evaluate(compilePolicySet(before), example!.request, at).matched_rules.some((rule) => rule.policy_name === 'contractor-restrictions')).to.equal(
      true,
    );
  });

  it('adding list to an allow rule widens for list only, naming that rule', () => {
    const after = withRule(before, 'prod-database-read', (rule) => ({ ...rule, actions: [...rule.actions, 'list'] }));
    const { widens, narrows } = compareAccess(before, after, { now });
    expect(narrows.status).to.equal('no');
    if (widens.status !== 'yes') throw new Error(`expected a widening, got ${JSON.stringify(widens)}`);
    for (const example of widens.examples) expect(example).to.deep.include({ policy: 'prod-database-read', rule_index: 0, rule_in: 'after' });
    expect(widens.examples.map((example) => example.request.action)).to.satisfy((actions: string[]) => actions.every((action) => action === 'list'));
  });

  it('a risk threshold lowered from 40 to 35 narrows and does not widen', () => {
    const threshold = (value: number) => (rule: PolicyRule) => ({
      ...rule,
      conditions: rule.conditions?.map((condition) => (condition.type === 'risk_score' ? { ...condition, value } : condition)),
    });
    const at40 = withRule(before, 'prod-database-read', threshold(40));
    const { widens, narrows } = compareAccess(at40, withRule(before, 'prod-database-read', threshold(35)), { now });
    expect(widens.status).to.equal('no');
    if (narrows.status !== 'yes') throw new Error(`expected a narrowing, got ${JSON.stringify(narrows)}`);
    expect(narrows.examples[0]).to.include({ policy: 'prod-database-read', rule_index: 0, rule_in: 'before' });
    const score = narrows.examples[0]!.request.context?.risk_score;
    expect(score).to.be.within(35, 39.999);
  });

  it('reordering keys changes nothing', () => {
    expect(compareAccess(before, keysReversed(before), { now })).to.deep.equal({ widens: { status: 'no' }, narrows: { status: 'no' } });
  });
});
