import { expect } from 'chai';
import { policyContentHash, type DecisionRecord, type Policy, type PolicyListItem, type PolicyRule } from '../../core/src/index.js';
import { desiredPolicies } from '../../cli/src/gitops/desired.js';
import { computePlan, liveContent } from '../../cli/src/gitops/plan.js';
import { loadFiles, plannedPolicies as plannedSet, replayDecisions, type ServerPolicy } from '../../cli/src/policy-files/index.js';
import type { PolicyFile } from '../../cli/src/policy-files/policy-checks.js';

const allowFinance: PolicyRule = {
  effect: 'allow',
  principals: { type: 'USER', attributes: { department: ['finance'] } },
  resources: { type: 'database', identifiers: ['ledger'] },
  actions: ['read'],
};
const stored = (name: string, status: ServerPolicy['status'], rules: PolicyRule[] = [allowFinance]): ServerPolicy => ({
  id: `id-${name}`,
  name,
  status,
  version: 2,
  rules: status === 'active' ? rules : undefined,
});
/** The set after apply, from the plan plan computes for these files against these stored policies (no owner label, so nothing is pruned). */
const plannedPolicies = (server: readonly ServerPolicy[], local: readonly PolicyFile[]) => {
  const full = server.map((policy): Policy => ({
    id: policy.id,
    name: policy.name,
    description: '',
    status: policy.status,
    version: policy.version,
    rules: policy.rules ?? [allowFinance],
    metadata: {},
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  }));
  const items = full.map((policy): PolicyListItem => ({
    ...policy,
    created_by: 'test',
    updated_by: 'test',
    content_hash: policyContentHash(liveContent(policy)),
  }));
  const live = { byName: new Map(items.map((item) => [item.name, item])), full: new Map(full.map((policy) => [policy.id, policy])) };
  const plan = computePlan({
    desired: desiredPolicies(local, undefined),
    live,
    owner: null,
    prune: false,
    server: 'http://127.0.0.1:8080/v1',
    now: new Date(),
  });
  return plannedSet(server, plan);
};
const localFiles = (files: Record<string, string>) => loadFiles(Object.entries(files).map(([path, text]) => ({ path, text }))).policies;
const financeFile = (name: string, status?: string, extra = '') =>
  `name: ${name}\n${status ? `status: ${status}\n` : ''}rules:\n  - effect: allow\n    principals: {type: USER, attributes: {department: [finance]}}\n    resources: {type: database, identifiers: [ledger]}\n    actions: [read]\n${extra}`;

const record = (
  decision: 'allow' | 'deny',
  department: string,
  timestamp = '2026-11-21T10:00:00.000Z',
  id = '00000000-0000-4000-8000-000000000001',
): DecisionRecord => ({
  id,
  timestamp,
  decision,
  request: { principal: { type: 'USER', attributes: { department } }, resource: { type: 'database', identifier: 'ledger' }, action: 'read' },
  result: {} as DecisionRecord['result'],
  caller: { subject: 'client:test' },
});

describe('policy impact: the policies after apply, and the replay', () => {
  it('a local file without status is a draft, as apply writes it: a stored active policy is deactivated, a new one is not enforced', () => {
    const planned = plannedPolicies(
      [stored('kept', 'active')],
      localFiles({
        'kept.yaml': financeFile(
          'kept',
          undefined,
          '  - effect: deny\n    principals: {type: USER}\n    resources: {type: database, identifiers: [ledger]}\n    actions: [read]\n',
        ),
        'fresh.yaml': financeFile('fresh'),
      }),
    );
    expect(planned.planned).to.deep.equal([]);
    expect(planned.changes).to.deep.include({ deactivated: ['kept'], inactive: ['fresh'], added: [], changed: [] });
  });

  it('stored policies without a local file stay; a local file archiving a policy removes its allows (allow → deny)', () => {
    const local = localFiles({ 'ledger.yaml': financeFile('ledger', 'archived') });
    const planned = plannedPolicies(
      [
        stored('ledger', 'active'),
        stored('other', 'active', [{ ...allowFinance, resources: { type: 'database', identifiers: ['other'] } }]),
        stored('draft', 'draft'),
      ],
      local,
    );
    expect(planned.planned.map((policy) => policy.name)).to.deep.equal(['other']);
    expect(planned.changes.deactivated).to.deep.equal(['ledger']);
    const run = replayDecisions([record('allow', 'finance')], planned, local);
    expect(run.flips.map((flip) => [flip.direction, flip.cause.policy, flip.cause.line])).to.deep.equal([['allow_to_deny', 'ledger', 1]]);
  });

  it("counts a decision the server's own policy changes have since reversed as drifted, not as a flip", () => {
    const local = localFiles({ 'ledger.yaml': financeFile('ledger', 'active') });
    const run = replayDecisions([record('allow', 'sales')], plannedPolicies([stored('ledger', 'active')], local), local);
    expect(run).to.deep.include({ replayed: 1, drifted: 1 });
    expect(run.flips).to.deep.equal([]);
  });

  it('replays recorded resource attributes: narrowing to owners flips the non-owner decisions, not the owner one', () => {
    const ownersOnly =
      'name: documents\nstatus: active\nrules:\n  - effect: allow\n    principals: {type: USER}\n    resources: {type: document, identifiers: ["*"]}\n    actions: [edit]\n    conditions:\n      - {type: attribute, operator: equals, value: {attribute: resource.attributes.owner, to: {attribute: principal.id}}}\n';
    const anyone: PolicyRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'document', identifiers: ['*'] }, actions: ['edit'] };
    const local = localFiles({ 'documents.yaml': ownersOnly });
    const planned = plannedPolicies([stored('documents', 'active', [anyone])], local);
    const edit = (id: string, principal: string, owner: string | undefined): DecisionRecord => ({
      ...record('allow', 'any', '2026-11-21T10:00:00.000Z', id),
      request: {
        principal: { id: principal, type: 'USER' },
        resource: { type: 'document', identifier: 'doc-1', ...(owner === undefined ? {} : { attributes: { owner } }) },
        action: 'edit',
      },
    });
    const run = replayDecisions(
      [
        edit('00000000-0000-4000-8000-000000000001', 'u-42', 'u-42'),
        edit('00000000-0000-4000-8000-000000000002', 'u-7', 'u-42'),
        edit('00000000-0000-4000-8000-000000000003', 'u-7', undefined),
      ],
      planned,
      local,
    );
    const flips = [...run.flips].sort((a, b) => a.decision_id.localeCompare(b.decision_id));
    expect(flips.map((flip) => [flip.decision_id.slice(-1), flip.direction])).to.deep.equal([
      ['2', 'allow_to_deny'],
      ['3', 'allow_to_deny'],
    ]);
    expect(flips[1]!.after.reasons.join(' ')).to.include('resource.attributes.owner missing');
  });

  it('replays each decision at the time it was made (time conditions see that time, not now)', () => {
    const officeHours = `  - effect: allow\n    principals: {type: USER, attributes: {department: [sales]}}\n    resources: {type: database, identifiers: [ledger]}\n    actions: [read]\n    conditions:\n      - {type: time, operator: between, value: {start: "09:00", end: "17:00", timezone: UTC}}\n`;
    const local = localFiles({ 'ledger.yaml': financeFile('ledger', 'active', officeHours) });
    const planned = plannedPolicies([stored('ledger', 'active')], local);
    const run = replayDecisions(
      [
        record('deny', 'sales', '2026-11-21T10:00:00.000Z', '00000000-0000-4000-8000-00000000000a'),
        record('deny', 'sales', '2026-11-21T22:00:00.000Z', '00000000-0000-4000-8000-00000000000b'),
      ],
      planned,
      local,
    );
    expect(run.flips.map((flip) => flip.timestamp)).to.deep.equal(['2026-11-21T10:00:00.000Z']);
  });

  it('orders deny → allow before allow → deny, newest first within each', () => {
    const local = localFiles({ 'ledger.yaml': financeFile('ledger', 'active').replace('[finance]', '[sales]') });
    const planned = plannedPolicies([stored('ledger', 'active')], local);
    const records = [
      record('allow', 'finance', '2026-11-21T12:00:00.000Z', '00000000-0000-4000-8000-000000000001'),
      record('deny', 'sales', '2026-11-21T09:00:00.000Z', '00000000-0000-4000-8000-000000000002'),
      record('deny', 'sales', '2026-11-21T11:00:00.000Z', '00000000-0000-4000-8000-000000000003'),
    ];
    const run = replayDecisions(records, planned, local);
    expect(run.flips.map((flip) => [flip.direction, flip.timestamp.slice(11, 13)])).to.deep.equal([
      ['deny_to_allow', '11'],
      ['deny_to_allow', '09'],
      ['allow_to_deny', '12'],
    ]);
  });

  it("blames the local policy whose deny rule is gone when a stored policy's allow now applies (deny → allow)", () => {
    const denySales = `  - effect: deny\n    principals: {type: USER, attributes: {department: [sales]}}\n    resources: {type: database, identifiers: [ledger]}\n    actions: [read]\n`;
    const guard = (rules: string) => `name: guard\nstatus: active\nrules:\n${rules}`;
    const storedGuard = loadFiles([{ path: 'stored.yaml', text: guard(denySales) }]).policies[0]!.policy.rules;
    const everyone: PolicyRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['ledger'] }, actions: ['read'] };
    const local = localFiles({
      'guard.yaml': guard(`  - effect: deny\n    principals: {type: SERVICE}\n    resources: {type: database, identifiers: [ledger]}\n    actions: [read]\n`),
    });
    const planned = plannedPolicies([stored('guard', 'active', storedGuard), stored('open', 'active', [everyone])], local);
    const run = replayDecisions([record('deny', 'sales')], planned, local);
    expect(run.flips.map((flip) => [flip.direction, flip.cause])).to.deep.equal([
      ['deny_to_allow', { policy: 'guard', rule_index: null, file: 'guard.yaml', line: 1, col: 7 }],
    ]);
  });
});
