import { expect } from 'chai';
import type { PolicyRule } from '../../core/src/index.js';
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
const texts = (before: PolicyContent, after: PolicyContent): string[] => diffPolicies(before, after).map((entry) => entry.text);

describe('diffPolicies (field-level policy diff)', () => {
  it('finds nothing between equal policies, and ignores provenance', () => {
    expect(texts(policy([read], { metadata: { provenance: { commit: 'a' } } }), policy([read], { metadata: { provenance: { commit: 'b' } } }))).to.deep.equal(
      [],
    );
  });

  it('says which rule gains and loses which action, counting rules from 1', () => {
    const after = { ...read, actions: ['write'] };
    expect(texts(policy([admin, read]), policy([admin, after]))).to.deep.equal(['rule 2 gains action `write`', 'rule 2 loses action `read`']);
    expect(diffPolicies(policy([admin, read]), policy([admin, after]))[0]).to.include({ path: 'rules[1].actions', kind: 'added', rule_index: 1 });
  });

  it('shows an inserted rule as one added rule, not as every later rule changed', () => {
    expect(texts(policy([read, admin]), policy([admin, read, admin]))).to.deep.equal(['rule 1 added: allow USER admin on console [*]']);
  });

  it('shows a removed rule with a summary of what it allowed', () => {
    expect(texts(policy([read, admin]), policy([admin]))).to.deep.equal(['rule 1 removed: allow USER department∈{engineering} read on database [prod-*]']);
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
      'rule 1 effect allow → deny',
      'rule 1 principal attribute `department` gains value `data`',
      'rule 1 requires principal attribute `level` in `["3"]`',
      'rule 1 gains resource `prod-ledger`',
      'rule 1 loses resource `prod-*`',
      'rule 1 gains condition `mfa_verified = true`',
    ]);
  });

  it('names a changed attribute condition in words: the comparison lost, the comparison gained', () => {
    const owner = (to: string): PolicyRule => ({
      ...read,
      conditions: [{ type: 'attribute', operator: 'equals', value: { attribute: 'resource.attributes.owner', to: { attribute: to } } }],
    });
    expect(diffPolicies(policy([owner('principal.id')]), policy([owner('principal.attributes.team')]))).to.deep.equal([
      {
        path: 'rules[0].conditions',
        kind: 'added',
        rule_index: 0,
        text: 'rule 1 gains condition `resource.attributes.owner equals principal.attributes.team`',
      },
      { path: 'rules[0].conditions', kind: 'removed', rule_index: 0, text: 'rule 1 loses condition `resource.attributes.owner equals principal.id`' },
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
      'rule 1 gains condition `any of (mfa_verified = true; or device_trusted = true)`',
      'rule 1 gains condition `not (principal.attributes.employment equals "contractor")`',
      'rule 1 loses condition `any of (mfa_verified = true)`',
    ]);
  });

  it('diffs the resource attributes a rule requires, as it does the principal attributes', () => {
    const documents: PolicyRule = { ...read, resources: { type: 'document', identifiers: ['*'], attributes: { classification: ['public', 'internal'] } } };
    const after: PolicyRule = {
      ...read,
      resources: { type: 'document', identifiers: ['*'], attributes: { classification: ['public', 'secret'], region: ['eu'] } },
    };
    expect(diffPolicies(policy([documents]), policy([after])).map(({ path, text }) => [path, text])).to.deep.equal([
      ['rules[0].resources.attributes.classification', 'rule 1 resource attribute `classification` gains value `secret`'],
      ['rules[0].resources.attributes.classification', 'rule 1 resource attribute `classification` loses value `internal`'],
      ['rules[0].resources.attributes.region', 'rule 1 requires resource attribute `region` in `["eu"]`'],
    ]);
    expect(texts(policy([after]), policy([{ ...after, resources: { type: 'document', identifiers: ['*'] } }]))).to.deep.equal([
      'rule 1 no longer requires resource attribute `classification` (was `["public","secret"]`)',
      'rule 1 no longer requires resource attribute `region` (was `["eu"]`)',
    ]);
    expect(texts(policy([]), policy([after]))).to.deep.equal([
      'rule 1 added: allow USER department∈{engineering} read on document [*] classification∈{public,secret} region∈{eu}',
    ]);
  });

  it('gives the values of two conditions whose words read the same', () => {
    const blocks = (last: string): PolicyRule => ({
      ...read,
      conditions: [{ type: 'ip_address', operator: 'in_cidr', value: ['10.0.0.0/8', '10.1.0.0/16', '10.2.0.0/16', '10.3.0.0/16', '10.4.0.0/16', last] }],
    });
    expect(texts(policy([blocks('10.5.0.0/16')]), policy([blocks('10.6.0.0/16')]))).to.deep.equal([
      'rule 1 gains condition `ip_address in [10.0.0.0/8, 10.1.0.0/16, 10.2.0.0/16, 10.3.0.0/16, 10.4.0.0/16, … (6 in all)]` (value `["10.0.0.0/8","10.1.0.0/16","10.2.0.0/16","10.3.0.0/16","10.4.0.0/16","10.6.0.0/16"]`)',
      'rule 1 loses condition `ip_address in [10.0.0.0/8, 10.1.0.0/16, 10.2.0.0/16, 10.3.0.0/16, 10.4.0.0/16, … (6 in all)]` (value `["10.0.0.0/8","10.1.0.0/16","10.2.0.0/16","10.3.0.0/16","10.4.0.0/16","10.5.0.0/16"]`)',
    ]);
  });

  it('diffs name, status, description and metadata keys', () => {
    const after = policy([read], { name: 'ledger-2', status: 'draft', description: 'New', metadata: { compliance: ['SOC2'] } });
    expect(texts(policy([read], { metadata: { owner: 'x' } }), after)).to.deep.equal([
      'name "ledger" → "ledger-2"',
      'status "active" → "draft"',
      'description "Ledger" → "New"',
      'metadata.owner removed (was `"x"`)',
      'metadata.compliance set to `["SOC2"]`',
    ]);
  });

  it('notices lists reordered without a change of meaning', () => {
    expect(texts(policy([{ ...read, actions: ['read', 'write'] }]), policy([{ ...read, actions: ['write', 'read'] }]))).to.deep.equal([
      'rule 1 reordered its lists (same meaning)',
    ]);
  });
});
