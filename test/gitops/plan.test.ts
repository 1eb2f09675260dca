import { expect } from 'chai';
import { policyContentHash } from '../../core/src/index.js';
import type { Policy, PolicyListItem, PolicyRule } from '../../core/src/index.js';
import { contentOf, type DesiredPolicy } from '../../cli/src/gitops/desired.js';
import { computePlan, hasChanges, policiesToFetch, type Plan } from '../../cli/src/gitops/plan.js';
import { movedSincePlan } from '../../cli/src/gitops/apply.js';
import { approvalQuestion, planMarkdown } from '../../cli/src/gitops/plan-report.js';
import { noPaint } from '../../cli/src/policy-files/report/outcome.js';
import { checkDeletes } from '../../cli/src/gitops/prune-guard.js';
import { MARKDOWN_LIMIT } from '../../cli/src/policy-files/report/markdown.js';

const rule: PolicyRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['prod-*'] }, actions: ['read'] };
const owner = 'platform';

function desired(name: string, rules: PolicyRule[] = [rule]): DesiredPolicy {
  const content = contentOf({ name, rules, status: 'active' }, owner);
  return { name, content, content_hash: policyContentHash(content), file: `${name}.yaml`, line: 1, col: 7 };
}

function stored(name: string, options: { rules?: PolicyRule[]; managedBy?: string | null; appliedHash?: string; version?: number } = {}): Policy {
  const metadata: Policy['metadata'] = {};
  if (options.managedBy !== null) metadata.managed_by = options.managedBy ?? owner;
  if (options.appliedHash) metadata.provenance = { content_hash: options.appliedHash };
  return {
    id: `id-${name}`,
    name,
    description: '',
    status: 'active',
    version: options.version ?? 3,
    rules: options.rules ?? [rule],
    metadata,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    created_by: 'ci',
    updated_by: 'alice',
  };
}

function listItem(policy: Policy): PolicyListItem {
  return {
    id: policy.id,
    name: policy.name,
    description: policy.description,
    status: policy.status,
    version: policy.version,
    created_at: policy.created_at,
    updated_at: policy.updated_at,
    created_by: policy.created_by!,
    updated_by: policy.updated_by!,
    ...(policy.metadata.managed_by ? { managed_by: policy.metadata.managed_by } : {}),
    content_hash: policyContentHash(policy),
  };
}

function planOf(wanted: DesiredPolicy[], live: Policy[], prune = false): Plan {
  const byName = new Map(live.map((policy) => [policy.name, listItem(policy)]));
  const full = new Map(live.map((policy) => [policy.id, policy]));
  return computePlan({ desired: wanted, live: { byName, full }, owner, prune, server: 'http://acctl/v1', now: new Date('2026-01-03T00:00:00Z') });
}

describe('computePlan (files against the server, pure)', () => {
  it('fetches in full only the policies whose content_hash differs', () => {
    const same = stored('same');
    const changed = stored('changed', { rules: [{ ...rule, actions: ['write'] }] });
    const byName = new Map([same, changed].map((policy) => [policy.name, listItem(policy)]));
    expect(policiesToFetch([desired('same'), desired('changed'), desired('new')], byName, owner)).to.deep.equal(['id-changed']);
  });

  it('sorts policies into create, update (with its expected version and diff) and unchanged', () => {
    const plan = planOf(
      [desired('new'), desired('same'), desired('changed', [{ ...rule, actions: ['read', 'write'] }])],
      [stored('same'), stored('changed', { appliedHash: desired('changed').content_hash })],
    );
    expect(plan.changes.map((change) => [change.name, change.action])).to.deep.equal([
      ['new', 'create'],
      ['same', 'unchanged'],
      ['changed', 'update'],
    ]);
    const update = plan.changes[2]!;
    expect(update.action === 'update' && [update.expected_version, update.diff.map((entry) => entry.text)]).to.deep.equal([3, ['rule 0 gains action `write`']]);
    expect(plan.summary).to.deep.equal({ create: 1, update: 1, delete: 0, unchanged: 1, drifted: 0, orphaned: 0, blocked: 0 });
    expect(hasChanges(plan)).to.equal(true);
  });

  it('calls an update drifted when the live content is not what this repository applied', () => {
    const applied = desired('p');
    const edited = stored('p', { rules: [{ ...rule, actions: ['admin'] }], appliedHash: applied.content_hash });
    const change = planOf([applied], [edited]).changes[0]!;
    expect(change.action === 'update' && change.drift).to.deep.equal({
      updated_by: 'alice',
      updated_at: '2026-01-02T00:00:00.000Z',
      version: 3,
      reason: 'changed_since_apply',
    });
  });

  it('calls an update drifted when an edit on the server dropped the provenance of a labelled policy', () => {
    const change = planOf([desired('p', [{ ...rule, actions: ['write'] }])], [stored('p')]).changes[0]!;
    expect(change.action === 'update' && change.drift?.reason).to.equal('provenance_removed');
  });

  it('does not call a plain file change drift', () => {
    const live = stored('p', { appliedHash: desired('p').content_hash });
    const change = planOf([desired('p', [{ ...rule, actions: ['write'] }])], [live]).changes[0]!;
    expect(change).to.include({ action: 'update' });
    expect(change.action === 'update' && change.drift).to.equal(undefined);
  });

  it('blocks a name that another owner label holds', () => {
    expect(planOf([desired('theirs')], [stored('theirs', { managedBy: 'finance' })]).changes[0]).to.include({ action: 'blocked' });
  });

  it('deletes labelled policies gone from the files only with prune, and lists them as orphaned otherwise', () => {
    const live = [stored('kept'), stored('gone')];
    expect(planOf([desired('kept')], live, true).changes.map((change) => [change.name, change.action])).to.deep.equal([
      ['kept', 'unchanged'],
      ['gone', 'delete'],
    ]);
    const orphaned = planOf([desired('kept')], live, false);
    expect(orphaned.changes.map((change) => [change.name, change.action])).to.deep.equal([
      ['kept', 'unchanged'],
      ['gone', 'orphaned'],
    ]);
    expect(hasChanges(orphaned)).to.equal(false);
  });
});

describe('checkDeletes (the prune guard)', () => {
  const live = Array.from({ length: 12 }, (_, index) => stored(`p${index}`));
  it('refuses more deletes than --max-deletes unless forced', () => {
    const plan = planOf([desired('p0')], live, true);
    expect(() => checkDeletes(plan, { maxDeletes: 10, force: false })).to.throw('The plan deletes 11 policies, more than --max-deletes 10');
    expect(() => checkDeletes(plan, { maxDeletes: 10, force: true })).not.to.throw();
    expect(() => checkDeletes(plan, { maxDeletes: 11, force: false })).not.to.throw();
  });

  it('refuses to delete every policy the repository owns unless forced', () => {
    const plan = planOf([desired('other-name')], [stored('a'), stored('b')], true);
    expect(plan.summary).to.include({ delete: 2, create: 1 });
    const everything = { ...plan, summary: { ...plan.summary, create: 0 } };
    expect(() => checkDeletes(everything, { maxDeletes: 10, force: false })).to.throw('deletes every policy owned by platform');
    expect(() => checkDeletes(plan, { maxDeletes: 10, force: false })).not.to.throw();
  });
});

describe('planMarkdown', () => {
  it("keeps a plan of thousands of changes within GitHub's comment limit, summary first", () => {
    const plan = planOf(
      Array.from({ length: 3000 }, (_, index) => desired(`policy-with-a-long-name-${index}`)),
      [],
    );
    const markdown = planMarkdown(plan);
    expect(markdown.length).to.be.at.most(MARKDOWN_LIMIT);
    expect(markdown).to.match(/^### 📝 acctl policy plan\n\n\*\*Plan: 3000 to create/);
    expect(markdown).to.include('more not shown here');
  });

  it('finds what moved on the server since a saved plan: a name now taken, another version, a policy gone', () => {
    const plan = planOf([desired('new-one'), desired('edited', [rule, rule]), desired('same')], [stored('edited'), stored('same'), stored('retired')], true);
    expect(plan.changes.map((change) => change.action)).to.have.members(['create', 'update', 'unchanged', 'delete']);
    const asPlanned = new Map([
      ['edited', { version: 3 }],
      ['same', { version: 3 }],
      ['retired', { version: 3 }],
    ]);
    expect(movedSincePlan(plan, asPlanned)).to.deep.equal([]);
    const moved = new Map([
      ['new-one', { version: 1 }],
      ['edited', { version: 4 }],
      ['same', { version: 5 }],
    ]);
    expect(movedSincePlan(plan, moved, new Map([['id-retired', { name: 'retired', status: 'deleted' as const }]]))).to.have.members([
      'policy "new-one" was to be created, and the server has one of that name now (version 1)',
      'policy "edited" is at version 4 on the server, the plan saw version 3',
      'policy "same" is at version 5 on the server, the plan saw version 3',
      'policy "retired" was deleted on the server since the plan (which saw version 3)',
    ]);
  });

  it('says what became of a policy a saved plan names when the server has no live policy of that name: renamed, unknown, or another policy', () => {
    const plan = planOf([desired('same')], [stored('same'), stored('retired')], true);
    const renamed = { ...plan, changes: plan.changes.map((change) => (change.name === 'same' ? { ...change, name: 'renamed' } : change)) };
    const live = new Map([['retired', { version: 3, id: 'id-retired', managed_by: owner }]]);
    expect(movedSincePlan(renamed, live, new Map([['id-same', { name: 'same', status: 'active' as const }]]))).to.deep.equal([
      'the plan names policy "renamed" with id id-same, which the server knows as "same"',
    ]);
    expect(movedSincePlan(renamed, live, new Map())).to.deep.equal(['the plan names policy "renamed" with id id-same, which the server does not know']);
    const swapped = new Map([
      ['same', { version: 3, id: 'id-retired' }],
      ['retired', { version: 3, id: 'id-retired', managed_by: 'finance' }],
    ]);
    expect(movedSincePlan(plan, swapped)).to.deep.equal([
      'the plan\'s policy "same" has id id-same, and the server\'s "same" is another policy (id id-retired)',
      `policy "retired" carries the owner label "finance" on the server, not the plan's (${owner}): the plan may not delete it`,
    ]);
  });

  it("asks terraform's question, naming the policies --prune deletes before it", () => {
    const question = approvalQuestion(planOf([desired('kept')], [stored('kept'), stored('old-a'), stored('old-b')], true), noPaint);
    expect(question).to.include('Warning: this deletes 2 policies (--prune): old-a, old-b');
    expect(question.indexOf('old-a')).to.be.lessThan(question.indexOf('Do you want to perform these actions?'));
    expect(question).to.match(/Only 'yes' will be accepted to approve\.\n\n {2}Enter a value: $/);
    expect(approvalQuestion(planOf([desired('kept', [rule, rule])], [stored('kept')]), noPaint)).not.to.include('Warning');
  });
});
