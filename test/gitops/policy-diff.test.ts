import { expect } from 'chai';
import fc from 'fast-check';
import type { PolicyCondition, PolicyRule } from '../../core/src/index.js';
import type { PolicyContent } from '../../cli/src/gitops/desired.js';
import { diffPolicies } from '../../cli/src/gitops/policy-diff.js';

const read: PolicyRule = {
  effect: 'allow',
  principals: { type: 'USER', attributes: { department: ['engineering'] } },
  resources: { type: 'database', identifiers: ['prod-*'] },
  actions: ['read'],
};
const admin: PolicyRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'console', identifiers: ['*'] }, actions: ['admin'] };
const policy = (rules: PolicyRule[], extra: Partial<PolicyContent> = {}): PolicyContent => ({
  name: 'ledger',
  description: 'Ledger',
  status: 'active',
  rules,
  metadata: {},
  ...extra,
});
const mfa: PolicyCondition = { type: 'mfa_verified', operator: 'equals', value: true };
const risk = (value: number): PolicyCondition => ({ type: 'risk_score', operator: 'less_than', value });
const texts = (before: PolicyContent, after: PolicyContent): string[] => diffPolicies(before, after).map((entry) => entry.text);

describe('diffPolicies (field-level policy diff)', () => {
  it('finds nothing between equal policies, and ignores provenance', () => {
    expect(texts(policy([read], { metadata: { provenance: { commit: 'a' } } }), policy([read], { metadata: { provenance: { commit: 'b' } } }))).to.deep.equal(
      [],
    );
  });

  it('says which rule gains and loses which action, counting rules from 0 as rule_index, tests, decisions and lint do', () => {
    const after = { ...read, actions: ['write'] };
    expect(texts(policy([admin, read]), policy([admin, after]))).to.deep.equal(['rule 1 gains action `write`', 'rule 1 loses action `read`']);
    expect(diffPolicies(policy([admin, read]), policy([admin, after]))[0]).to.include({ path: 'rules[1].actions', kind: 'added', rule_index: 1 });
  });

  it('shows an inserted rule as one added rule, not as every later rule changed', () => {
    expect(texts(policy([read, admin]), policy([admin, read, admin]))).to.deep.equal(['rule 0 added: allow USER admin on console [*]']);
  });

  it('shows a removed rule with a summary of what it allowed', () => {
    expect(texts(policy([read, admin]), policy([admin]))).to.deep.equal(['rule 0 removed: allow USER department∈{engineering} read on database [prod-*]']);
  });

  it('diffs the effect, principal attributes, resources and conditions of a changed rule', () => {
    const after: PolicyRule = {
      effect: 'deny',
      principals: { type: 'USER', attributes: { department: ['engineering', 'data'], level: ['3'] } },
      resources: { type: 'database', identifiers: ['prod-ledger'] },
      actions: ['read'],
      conditions: [{ type: 'mfa_verified', operator: 'equals', value: true }],
    };
    expect(texts(policy([read]), policy([after]))).to.deep.equal([
      'rule 0 effect allow → deny',
      'rule 0 principal attribute `department` accepts `["engineering"]` → `["engineering","data"]`',
      'rule 0 requires principal attribute `level` in `["3"]`',
      'rule 0 gains resource `prod-ledger`',
      'rule 0 loses resource `prod-*`',
      'rule 0 gains condition `mfa_verified = true`',
    ]);
  });

  it('names a changed attribute comparison in words, before → after, as one change', () => {
    const owner = (to: string): PolicyRule => ({
      ...read,
      conditions: [{ type: 'attribute', operator: 'equals', value: { attribute: 'resource.attributes.owner', to: { attribute: to } } }],
    });
    expect(diffPolicies(policy([owner('principal.id')]), policy([owner('principal.attributes.team')]))).to.deep.equal([
      {
        path: 'rules[0].conditions[0].value',
        kind: 'changed',
        rule_index: 0,
        text: 'rule 0 condition `resource.attributes.owner equals principal.id` → `resource.attributes.owner equals principal.attributes.team`',
        before: { attribute: 'resource.attributes.owner', to: { attribute: 'principal.id' } },
        after: { attribute: 'resource.attributes.owner', to: { attribute: 'principal.attributes.team' } },
      },
    ]);
  });

  it('names an any_of by its branches, and a not by what it negates', () => {
    const mfa = { type: 'mfa_verified', operator: 'equals', value: true } as const;
    const device = { type: 'device_trusted', operator: 'equals', value: true } as const;
    const contractor = { type: 'attribute', operator: 'equals', value: { attribute: 'principal.attributes.employment', to: 'contractor' } } as const;
    const before: PolicyRule = { ...read, conditions: [{ type: 'any_of', value: [mfa] }] };
    const after: PolicyRule = {
      ...read,
      conditions: [
        { type: 'any_of', value: [mfa, device] },
        { type: 'not', value: contractor },
      ],
    };
    expect(texts(policy([before]), policy([after]))).to.deep.equal([
      'rule 0 condition `any of (mfa_verified = true)` → `any of (mfa_verified = true; or device_trusted = true)`',
      'rule 0 gains condition `not (principal.attributes.employment equals "contractor")`',
    ]);
    const employee = { ...contractor, value: { ...contractor.value, to: 'employee' } };
    expect(texts(policy([after]), policy([{ ...after, conditions: [after.conditions![0]!, { type: 'not', value: employee }] }]))).to.deep.equal([
      'rule 0 condition `not (principal.attributes.employment equals "contractor")` → `not (principal.attributes.employment equals "employee")`',
    ]);
  });

  it('diffs the resource attributes a rule requires, as it does the principal attributes', () => {
    const documents: PolicyRule = { ...read, resources: { type: 'document', identifiers: ['*'], attributes: { classification: ['public', 'internal'] } } };
    const after: PolicyRule = {
      ...read,
      resources: { type: 'document', identifiers: ['*'], attributes: { classification: ['public', 'secret'], region: ['eu'] } },
    };
    expect(diffPolicies(policy([documents]), policy([after])).map(({ path, text }) => [path, text])).to.deep.equal([
      ['rules[0].resources.attributes.classification', 'rule 0 resource attribute `classification` accepts `["public","internal"]` → `["public","secret"]`'],
      ['rules[0].resources.attributes.region', 'rule 0 requires resource attribute `region` in `["eu"]`'],
    ]);
    expect(texts(policy([after]), policy([{ ...after, resources: { type: 'document', identifiers: ['*'] } }]))).to.deep.equal([
      'rule 0 no longer requires resource attribute `classification` (was `["public","secret"]`)',
      'rule 0 no longer requires resource attribute `region` (was `["eu"]`)',
    ]);
    expect(texts(policy([]), policy([after]))).to.deep.equal([
      'rule 0 added: allow USER department∈{engineering} read on document [*] classification∈{public,secret} region∈{eu}',
    ]);
  });

  it('gives the values of two conditions whose words read the same', () => {
    const blocks = (last: string): PolicyCondition => ({
      type: 'ip_address',
      operator: 'in_cidr',
      value: ['10.0.0.0/8', '10.1.0.0/16', '10.2.0.0/16', '10.3.0.0/16', '10.4.0.0/16', last],
    });
    const words = '`ip_address in [10.0.0.0/8, 10.1.0.0/16, 10.2.0.0/16, 10.3.0.0/16, 10.4.0.0/16, … (6 in all)]`';
    expect(texts(policy([{ ...read, conditions: [blocks('10.5.0.0/16')] }]), policy([{ ...read, conditions: [blocks('10.6.0.0/16')] }]))).to.deep.equal([
      `rule 0 condition ${words} (value \`["10.0.0.0/8","10.1.0.0/16","10.2.0.0/16","10.3.0.0/16","10.4.0.0/16","10.5.0.0/16"]\` → \`["10.0.0.0/8","10.1.0.0/16","10.2.0.0/16","10.3.0.0/16","10.4.0.0/16","10.6.0.0/16"]\`)`,
    ]);
    // One list lost, two gained elsewhere: no pair is certain, so each is a loss or a gain, with its value.
    expect(
      texts(
        policy([{ ...read, conditions: [blocks('10.5.0.0/16'), mfa] }]),
        policy([{ ...read, conditions: [mfa, blocks('10.6.0.0/16'), blocks('10.7.0.0/16')] }]),
      ),
    ).to.deep.equal([
      `rule 0 gains condition ${words} (value \`["10.0.0.0/8","10.1.0.0/16","10.2.0.0/16","10.3.0.0/16","10.4.0.0/16","10.6.0.0/16"]\`)`,
      `rule 0 gains condition ${words} (value \`["10.0.0.0/8","10.1.0.0/16","10.2.0.0/16","10.3.0.0/16","10.4.0.0/16","10.7.0.0/16"]\`)`,
      `rule 0 loses condition ${words} (value \`["10.0.0.0/8","10.1.0.0/16","10.2.0.0/16","10.3.0.0/16","10.4.0.0/16","10.5.0.0/16"]\`)`,
    ]);
  });

  it('diffs name, status, description and metadata keys', () => {
    const after = policy([read], { name: 'ledger-2', status: 'draft', description: 'New', metadata: { compliance: ['SOC2'] } });
    expect(texts(policy([read], { metadata: { owner: 'x' } }), after)).to.deep.equal([
      'name "ledger" → "ledger-2"',
      'status "active" → "draft"',
      'description "Ledger" → "New"',
      'metadata.compliance set to `["SOC2"]`',
      'metadata.owner removed (was `"x"`)',
    ]);
  });

  it('notices lists reordered without a change of meaning', () => {
    expect(texts(policy([{ ...read, actions: ['read', 'write'] }]), policy([{ ...read, actions: ['write', 'read'] }]))).to.deep.equal([
      'rule 0 reordered its lists (same meaning)',
    ]);
  });

  it('reads a changed value as one change, old → new: risk_score 40 → 35, with both values in the entry', () => {
    const rule = (value: number): PolicyRule => ({ ...read, conditions: [mfa, risk(value)] });
    expect(diffPolicies(policy([admin, rule(40)]), policy([admin, rule(35)]))).to.deep.equal([
      { path: 'rules[1].conditions[1].value', kind: 'changed', rule_index: 1, text: 'rule 1 condition `risk_score <` 40 → 35', before: 40, after: 35 },
    ]);
    const mfaOff: PolicyCondition = { ...mfa, value: false };
    expect(texts(policy([{ ...read, conditions: [mfa] }]), policy([{ ...read, conditions: [mfaOff] }]))).to.deep.equal([
      'rule 0 condition `mfa_verified =` true → false',
    ]);
  });

  it('reads a changed time window in core words, before → after', () => {
    const office = (start: string): PolicyCondition => ({
      type: 'time',
      operator: 'between',
      value: { start, end: '19:00', timezone: 'Europe/Berlin', days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
    });
    expect(diffPolicies(policy([{ ...read, conditions: [office('08:00')] }]), policy([{ ...read, conditions: [office('09:00')] }]))).to.deep.equal([
      {
        path: 'rules[0].conditions[0].value',
        kind: 'changed',
        rule_index: 0,
        text: 'rule 0 condition `time 08:00-19:00 mon-fri Europe/Berlin` → `time 09:00-19:00 mon-fri Europe/Berlin`',
        before: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], end: '19:00', start: '08:00', timezone: 'Europe/Berlin' },
        after: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], end: '19:00', start: '09:00', timezone: 'Europe/Berlin' },
      },
    ]);
  });

  it('pairs a moved condition whose value changed when it is the only one of its type and operator that changed', () => {
    const device: PolicyCondition = { type: 'device_trusted', operator: 'equals', value: true };
    expect(diffPolicies(policy([{ ...read, conditions: [risk(40), mfa] }]), policy([{ ...read, conditions: [mfa, device, risk(35)] }]))).to.deep.equal([
      { path: 'rules[0].conditions[2].value', kind: 'changed', rule_index: 0, text: 'rule 0 condition `risk_score <` 40 → 35', before: 40, after: 35 },
      { path: 'rules[0].conditions', kind: 'added', rule_index: 0, text: 'rule 0 gains condition `device_trusted = true`' },
    ]);
    // Another operator is another condition, not a changed value.
    const atMost: PolicyCondition = { type: 'risk_score', operator: 'less_than_or_equal', value: 40 };
    expect(texts(policy([{ ...read, conditions: [risk(40)] }]), policy([{ ...read, conditions: [atMost] }]))).to.deep.equal([
      'rule 0 gains condition `risk_score <= 40`',
      'rule 0 loses condition `risk_score < 40`',
    ]);
  });

  it('gives the values before and after of a changed effect, principal type and resource type', () => {
    const changed = { ...read, effect: 'deny', principals: { ...read.principals, type: 'SERVICE' }, resources: { ...read.resources, type: 'bucket' } } as const;
    expect(diffPolicies(policy([read]), policy([changed])).map(({ path, text, before, after }) => ({ path, text, before, after }))).to.deep.equal([
      { path: 'rules[0].effect', text: 'rule 0 effect allow → deny', before: 'allow', after: 'deny' },
      { path: 'rules[0].principals.type', text: 'rule 0 principal type USER → SERVICE', before: 'USER', after: 'SERVICE' },
      { path: 'rules[0].resources.type', text: 'rule 0 resource type database → bucket', before: 'database', after: 'bucket' },
    ]);
  });

  it('reads attribute and metadata names such as constructor and __proto__ as data, never as what every object inherits', () => {
    const withAttribute = (attributes: Record<string, string[]>): PolicyRule => ({ ...read, principals: { type: 'USER', attributes } });
    expect(texts(policy([withAttribute({})]), policy([withAttribute({ constructor: ['x'] })]))).to.deep.equal([
      'rule 0 requires principal attribute `constructor` in `["x"]`',
    ]);
    expect(texts(policy([withAttribute({ toString: ['x'] })]), policy([withAttribute({})]))).to.deep.equal([
      'rule 0 no longer requires principal attribute `toString` (was `["x"]`)',
    ]);
    expect(texts(policy([read]), policy([read], { metadata: { constructor: 'team' } as PolicyContent['metadata'] }))).to.deep.equal([
      'metadata.constructor set to `"team"`',
    ]);
    // JSON.parse makes `__proto__` an own key, as a policy read from the API has it.
    expect(texts(policy([read], { metadata: JSON.parse('{"__proto__": {"a": 1}}') }), policy([read]))).to.deep.equal([
      'metadata.__proto__ removed (was `{"a":1}`)',
    ]);
  });

  describe('the order of keys is never a change (property)', () => {
    it('finds no difference between a policy and any reordering of its keys, at every depth', () => {
      fc.assert(
        fc.property(policyContent, fc.integer(), (content, seed) => {
          expect(diffPolicies(content, reorderKeys(content, seed))).to.deep.equal([]);
          expect(diffPolicies(reorderKeys(content, seed), content)).to.deep.equal([]);
        }),
        { numRuns: 300 },
      );
    });

    it('gives the same entries, in the same order and words, whatever the order of keys of either side', () => {
      fc.assert(
        fc.property(policyContent, policyContent, fc.integer(), fc.integer(), (before, after, seedBefore, seedAfter) => {
          expect(diffPolicies(reorderKeys(before, seedBefore), reorderKeys(after, seedAfter))).to.deep.equal(diffPolicies(before, after));
        }),
        { numRuns: 300 },
      );
    });
  });
});

/*
 * Policies from small alphabets, so that two of them often share rules and conditions: every
 * condition type, nested any_of and not, attribute comparisons with literals and with paths, and
 * attribute and metadata names that are also Object.prototype's.
 */
const names = fc.constantFrom('department', 'level', 'constructor', '__proto__', 'toString');
const text = fc.constantFrom('a', 'b', 'x');
const accepted = fc.dictionary(names, fc.uniqueArray(text, { minLength: 1, maxLength: 3 }), { maxKeys: 3 });
const leafCondition: fc.Arbitrary<PolicyCondition> = fc.oneof(
  fc.record({
    type: fc.constant('time' as const),
    operator: fc.constant('between' as const),
    value: fc.record(
      {
        start: fc.constantFrom('08:00', '09:00'),
        end: fc.constantFrom('17:00', '19:00'),
        timezone: fc.constantFrom('UTC', 'Europe/Berlin'),
        days: fc.uniqueArray(fc.constantFrom('mon' as const, 'tue' as const, 'sat' as const), { minLength: 1, maxLength: 3 }),
      },
      { requiredKeys: ['start', 'end', 'timezone'] },
    ),
  }),
  fc.record({
    type: fc.constant('risk_score' as const),
    operator: fc.constantFrom('less_than' as const, 'greater_than' as const),
    value: fc.constantFrom(35, 40),
  }),
  fc.record({ type: fc.constant('mfa_verified' as const), operator: fc.constant('equals' as const), value: fc.boolean() }),
  fc.record({
    type: fc.constant('ip_address' as const),
    operator: fc.constant('in_cidr' as const),
    value: fc.uniqueArray(fc.constantFrom('10.0.0.0/8', '192.168.0.0/16'), { minLength: 1 }),
  }),
  fc.record({
    type: fc.constant('attribute' as const),
    operator: fc.constantFrom('equals' as const, 'not_equals' as const),
    value: fc.record({
      attribute: fc.constantFrom('resource.attributes.owner', 'principal.attributes.team'),
      to: fc.oneof(text, fc.record({ attribute: fc.constant('principal.id') })),
    }),
  }),
);
const condition: fc.Arbitrary<PolicyCondition> = fc.oneof(
  { weight: 4, arbitrary: leafCondition },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('any_of' as const), value: fc.array(leafCondition, { minLength: 1, maxLength: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('not' as const), value: leafCondition }) },
);
const ruleArbitrary: fc.Arbitrary<PolicyRule> = fc.record(
  {
    effect: fc.constantFrom('allow' as const, 'deny' as const),
    principals: fc.record({ type: fc.constantFrom('USER', 'SERVICE'), attributes: accepted }, { requiredKeys: ['type'] }),
    resources: fc.record(
      {
        type: fc.constantFrom('database', 'bucket'),
        identifiers: fc.uniqueArray(fc.constantFrom('prod-*', '*', 'ledger'), { minLength: 1 }),
        attributes: accepted,
      },
      { requiredKeys: ['type', 'identifiers'] },
    ),
    actions: fc.uniqueArray(fc.constantFrom('read', 'write', 'list'), { minLength: 1 }),
    conditions: fc.array(condition, { maxLength: 3 }),
  },
  { requiredKeys: ['effect', 'principals', 'resources', 'actions'] },
);
const policyContent: fc.Arbitrary<PolicyContent> = fc.record({
  name: fc.constantFrom('ledger', 'orders'),
  description: fc.constantFrom('', 'Ledger'),
  status: fc.constantFrom('draft' as const, 'active' as const),
  rules: fc.array(ruleArbitrary, { maxLength: 4 }),
  metadata: fc.dictionary(fc.oneof(names, fc.constantFrom('owner', 'compliance')), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
});

/** A deep copy with every object's keys in an order drawn from the seed (arrays keep theirs: their order is content). */
function reorderKeys<T>(value: T, seed: number): T {
  let state = seed >>> 0;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
  const visit = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(visit);
    if (item === null || typeof item !== 'object') return item;
    const keys = Object.keys(item);
    for (let i = keys.length - 1; i > 0; i--) {
      const j = next() % (i + 1);
      [keys[i], keys[j]] = [keys[j]!, keys[i]!];
    }
    // defineProperty, not assignment: a `__proto__` key stays an own key, as JSON.parse makes it.
    const copy: Record<string, unknown> = {};
    for (const key of keys)
      Object.defineProperty(copy, key, { value: visit((item as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
    return copy;
  };
  return visit(value) as T;
}
