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
      'rule 1 gains condition `mfa_verified equals true`',
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
