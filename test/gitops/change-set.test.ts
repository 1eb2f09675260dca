import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { policyContentHash, validatorFor } from '../../core/src/index.js';
import type { PolicyRule, PolicySetRequest } from '../../core/src/index.js';
import { contentOf } from '../../cli/src/gitops/desired.js';
import { planChangeSet, checkPlanFits } from '../../cli/src/gitops/apply.js';
import { changeSetLimits, checkChangeSetSize, describeRefusal, refusedChanges } from '../../cli/src/gitops/change-set.js';
import { rollbackTargets } from '../../cli/src/gitops/stored-policy-sets.js';
import { summarize, type Plan, type PlanChange } from '../../cli/src/gitops/plan.js';
import { CommandError, exitCodes } from '../../kit/src/index.js';
import { repoRoot } from '../cli/run-cli.js';

const rule: PolicyRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['prod-*'] }, actions: ['read'] };
const origin = { commit: 'abc123', run_url: 'https://ci.example.com/runs/7', actor: 'octocat' };
const now = new Date('2026-01-03T00:00:00Z');

function createChange(name: string, description = ''): PlanChange {
  const content = contentOf({ name, description, rules: [rule], status: 'active' }, 'platform');
  return { action: 'create', name, file: `${name}.yaml`, line: 1, col: 7, content, content_hash: policyContentHash(content) };
}

function planWith(changes: PlanChange[]): Plan {
  return { format: 1, server: 'http://acctl/v1', owner: 'platform', prune: true, created_at: now.toISOString(), changes, summary: summarize(changes) };
}

/** A plan of `count` creates, each `description` long: the real shape apply sends, built in memory. */
function planOfCreates(count: number, description = ''): Plan {
  return planWith(Array.from({ length: count }, (_, index) => createChange(`policy-${index}`, description)));
}

describe('the change set apply sends (pure)', () => {
  it('sends the plan in order: creates, updates and deletes with if_match at the version the plan saw, nothing for unchanged or orphaned', () => {
    const updated = contentOf({ name: 'edited', rules: [rule], status: 'active' }, 'platform');
    const plan = planWith([
      createChange('new-one'),
      {
        action: 'update',
        name: 'edited',
        file: 'edited.yaml',
        line: 1,
        col: 7,
        id: 'id-edited',
        expected_version: 4,
        content: updated,
        content_hash: policyContentHash(updated),
        diff: [],
      },
      { action: 'unchanged', name: 'same', file: 'same.yaml', line: 1, col: 7, id: 'id-same', version: 2 },
      { action: 'orphaned', name: 'left', id: 'id-left', version: 9 },
      { action: 'delete', name: 'gone', id: 'id-gone', expected_version: 6 },
    ]);
    const { request, sent } = planChangeSet(plan, origin, now, { repository: 'acme/policies' });
    expect(
      request.changes.map((change) => [change.action, 'id' in change ? change.id : undefined, 'if_match' in change ? change.if_match : undefined]),
    ).to.deep.equal([
      ['create', undefined, undefined],
      ['update', 'id-edited', 4],
      ['delete', 'id-gone', 6],
    ]);
    expect(sent.map((change) => change.name)).to.deep.equal(['new-one', 'edited', 'gone']);
    expect(request.provenance).to.deep.equal({ tool: 'acctl policy apply', repository: 'acme/policies', ...origin });
    expect(request).not.to.have.property('dry_run');
    // Each version keeps its own provenance: file, content hash, time.
    const created = request.changes[0]!;
    expect(created.action === 'create' && created.policy.metadata?.provenance).to.deep.equal({
      tool: 'acctl policy apply',
      ...origin,
      source: 'new-one.yaml',
      content_hash: (plan.changes[0] as { content_hash: string }).content_hash,
      applied_at: now.toISOString(),
    });
    // The request is what the server's contract accepts.
    const valid = validatorFor('policy-set-request');
    expect(valid(request), JSON.stringify(valid.errors)).to.equal(true);
    expect(planChangeSet(plan, origin, now, { dryRun: true }).request).to.include({ dry_run: true });
  });

  it("checks the count limit the schema's maxItems sets, the server's contract (one constant in core for both sides)", () => {
    const schema = JSON.parse(readFileSync(path.join(repoRoot, 'schemas', 'policy-set-request.json'), 'utf8')) as {
      properties: { changes: { maxItems: number } };
    };
    expect(changeSetLimits()).to.deep.equal({ maxChanges: schema.properties.changes.maxItems, maxBytes: 32 * 1024 * 1024 });
    expect(changeSetLimits().maxChanges).to.equal(10_000);
  });

  it('lets a plan of 10,000 changes through, and refuses one of 10,001 before sending, saying the limits and how to split', () => {
    const limits = changeSetLimits();
    expect(() => checkPlanFits(planChangeSet(planOfCreates(limits.maxChanges), origin, now))).not.to.throw();
    let refusal: unknown;
    try {
      checkPlanFits(planChangeSet(planOfCreates(limits.maxChanges + 1), origin, now));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).to.be.instanceOf(CommandError);
    const error = refusal as CommandError;
    expect(error.exitCode).to.equal(exitCodes.usage_error);
    expect(error.message).to.equal(
      'The change set is 10001 changes, more than the 10000 one change set may hold (at most 10000 changes and 32 MiB); it is applied whole or not at all, so it is not split: nothing was applied',
    );
    expect(error.suggestions.join(' ')).to.include('one folder at a time').and.include('acctl.yaml `owner`');
  });

  it('refuses a plan over 32 MiB serialized, though under the count', () => {
    // 9,000 creates of about 4.5 KB each (2,000 two-byte characters of description): under 10,000 changes, over 32 MiB.
    const big = planChangeSet(planOfCreates(9_000, 'é'.repeat(2000)), origin, now);
    expect(big.request.changes.length).to.be.below(changeSetLimits().maxChanges);
    expect(Buffer.byteLength(JSON.stringify(big.request))).to.be.above(changeSetLimits().maxBytes);
    expect(() => checkPlanFits(big))
      .to.throw(CommandError)
      .with.property('message')
      .that.matches(/^The change set is \d+\.\d MiB, more than the 32 MiB one change set may weigh \(at most 10000 changes and 32 MiB\)/);
    // Counted in bytes, not characters: a name of multi-byte characters weighs what it is sent as.
    const request: PolicySetRequest = { changes: [{ action: 'delete', id: 'é'.repeat(50), if_match: 1 }] };
    const bytes = Buffer.byteLength(JSON.stringify(request));
    expect(() => checkChangeSetSize(request, [], { maxChanges: 10, maxBytes: bytes })).not.to.throw();
    expect(() => checkChangeSetSize(request, [], { maxChanges: 10, maxBytes: bytes - 1 })).to.throw(CommandError, /bytes, more than/);
  });
});

describe('a refused change set, read from the problem (pure)', () => {
  const refusal = new CommandError('conflict', 'refused', {
    problem: {
      status: 409,
      code: 'policy_set_refused',
      errors: [
        { pointer: '/changes/2', in: 'body', detail: 'at version 5', code: 'version_mismatch', policy: { id: 'id-b', name: 'b', version: 5 } },
        { pointer: '/changes/0', in: 'body', detail: 'name taken', code: 'name_taken', policy: { id: 'id-a', name: 'a', version: 1 } },
        { pointer: '/changes/7', in: 'body', detail: 'no such policy', code: 'not_found' },
        { pointer: '/provenance', in: 'body', detail: 'not a change' },
      ],
    },
  });

  it('finds every refused change by its index, and nothing in other errors', () => {
    expect(refusedChanges(refusal)?.map((entry) => entry.index)).to.deep.equal([2, 0, 7]);
    expect(refusedChanges(new CommandError('conflict', 'x', { problem: { code: 'conflict' } }))).to.equal(undefined);
    expect(refusedChanges(new Error('x'))).to.equal(undefined);
  });

  it('names each policy in a sentence, with the version the server has and the one expected', () => {
    const [b, a, gone] = refusedChanges(refusal)!;
    expect(describeRefusal(b!.change, { action: 'update', name: 'b', expected: 3 })).to.equal(
      'policy "b" is at version 5 on the server, not version 3 (update refused)',
    );
    expect(describeRefusal(a!.change, { action: 'create', name: 'a' })).to.equal(
      'policy "a" was to be created, and the server has a live one of that name now (version 1, id-a)',
    );
    expect(describeRefusal(gone!.change, { action: 'delete', name: 'c', expected: 2 })).to.equal('policy "c" is gone from the server (delete refused)');
    expect(describeRefusal({ pointer: '/changes/1', in: 'body', detail: 'odd', code: 'something_new' }, { action: 'update', name: 'd' })).to.equal(
      'policy "d": odd',
    );
    const named = 'Policy "d" (id-d) has no version 7';
    expect(describeRefusal({ pointer: '/changes/1', in: 'body', detail: named, code: 'no_such_version' }, { action: 'rollback', name: 'd' })).to.equal(named);
  });
});

describe('acctl policy rollback arguments (pure)', () => {
  it('takes NAME@VERSION for each policy, the last @ followed by digits', () => {
    expect(rollbackTargets(['a@2', 'team@x@15', '7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f@1'], undefined)).to.deep.equal([
      { policy: 'a', version: 2 },
      { policy: 'team@x', version: 15 },
      { policy: '7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f', version: 1 },
    ]);
  });

  it('with --version, takes each argument whole (a name with @ keeps working) and every policy to that version', () => {
    expect(rollbackTargets(['prod-database-read'], 2)).to.deep.equal([{ policy: 'prod-database-read', version: 2 }]);
    expect(rollbackTargets(['a@2', 'b'], 3)).to.deep.equal([
      { policy: 'a@2', version: 3 },
      { policy: 'b', version: 3 },
    ]);
  });

  it('refuses a policy without a version, or with one that is not a positive number', () => {
    for (const args of [['a'], ['a@2', 'b'], ['a@'], ['a@0'], ['a@-1'], ['a@1.5'], ['@2'], ['a@99999999999999999999'], ['a@1000000001']])
      expect(() => rollbackTargets(args, undefined), args.join(' '))
        .to.throw(CommandError)
        .with.property('code', 'usage_error');
    expect(() => rollbackTargets([], undefined)).to.throw(CommandError);
  });
});
