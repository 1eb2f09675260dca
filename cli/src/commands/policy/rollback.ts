import { Args, Flags } from '@oclif/core';
import type { Policy, PolicyRollbackRequest, PolicySet } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { UsageError, style } from '../../../../kit/src/index.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';
import { maxPolicyVersion } from '../../flags/policy-version.js';

export default class PolicyRollback extends ApiCommand {
  static override summary = "Write an earlier version's content as a new version, of one policy or several at once";
  static override description = [
    'The name, description, rules and metadata of the version become the next version; the status stays as it is. The new version records the rollback in metadata.provenance (who, from which version, the content of which version, when), not the provenance of the copied version: policy plan then shows that the server no longer matches the repository.',
    'One policy: NAME --version N (or NAME@N). With --expected-version, the server refuses (exit 5) when the policy is no longer at that version: someone else changed it since you looked. --json prints the policy.',
    'Several policies: NAME@VERSION for each (or several names with one --version N for all). They are rolled back as one change set (POST /v1/policy-sets): all of them or none. Each is expected at the version it was at when the command read it; if one moved since, or a version does not exist, nothing is rolled back and the command exits 5 naming every failing policy. --json prints the change set.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> <%= command.id %> prod-database-read --version 2',
    '<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f --version 2 --expected-version 5',
    {
      description: 'Several policies in one change set, each to its own version',
      command: '<%= config.bin %> <%= command.id %> prod-database-read@2 api-read@5',
    },
  ];
  static override strict = false;
  static override args = {
    policies: Args.string({
      required: true,
      description: 'The policy, by name or id; several as NAME@VERSION (rolled back together, as one change set).',
    }),
  };
  static override flags = {
    version: Flags.integer({
      summary: 'The version whose content to bring back (of every policy named; else give NAME@VERSION).',
      min: 1,
      max: maxPolicyVersion,
    }),
    'expected-version': Flags.integer({
      summary: 'Only if the policy is still at this version (sent as If-Match); one policy only.',
      min: 1,
      max: maxPolicyVersion,
    }),
  };

  public async run(): Promise<Policy | PolicySet> {
    const { argv, flags } = await this.parse(PolicyRollback);
    const { rollbackTargets } = await import('../../gitops/stored-policy-sets.js');
    const targets = rollbackTargets(argv as string[], flags.version);
    const expected = flags['expected-version'];
    if (targets.length > 1 && expected !== undefined)
      throw new UsageError('--expected-version takes one policy: with several, each is expected at the version the command reads');
    const api = await this.api(flags.server);
    if (targets.length === 1) {
      // One policy: its own route, which answers with the policy (as before change sets).
      const [{ policy: ref, version }] = targets as [(typeof targets)[number]];
      const body: PolicyRollbackRequest = { version };
      const { id } = await resolvePolicy(api, ref);
      const policy = await api.call('post', '/policies/{id}/rollback', {
        path: { id },
        body,
        headers: expected === undefined ? {} : { 'if-match': `"${expected}"` },
      });
      this.log(`Rolled back ${style.bold(policy.name)} to the content of version ${version}: now version ${policy.version}`);
      return policy;
    }
    const { resolveDistinct, sendStoredPolicySet } = await import('../../gitops/stored-policy-sets.js');
    const policies = await resolveDistinct(
      api,
      targets.map((target) => target.policy),
      'live',
    );
    const set = await sendStoredPolicySet(
      api,
      policies.map((policy, index) => ({ action: 'rollback', id: policy.id, if_match: policy.version, version: targets[index]!.version })),
      policies,
      { tool: 'acctl policy rollback', verb: 'Roll back' },
    );
    this.log(`Rolled back ${set.changes.length} policies in one change set (${set.id ?? 'no id'}):`);
    set.changes.forEach((change, index) =>
      this.log(`  ${style.bold(change.name)} to the content of version ${targets[index]!.version}: now version ${change.version}`),
    );
    return set;
  }
}
