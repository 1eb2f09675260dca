import { Args } from '@oclif/core';
import type { Policy, PolicySet } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';
import { style } from '../../../../kit/src/index.js';

export default class PolicyRestore extends ApiCommand {
  static override summary = 'Bring back deleted policies';
  static override description = [
    'By name, the deleted policy of that name (when several deleted policies share it, give the id). The policy returns in the status it had before it was deleted, as a new version. Fails with a conflict (exit 5) when another policy took its name meanwhile. --json prints the restored policy.',
    'Several policies are restored as one change set (POST /v1/policy-sets): all of them or none. If one cannot be restored (its name taken, no longer deleted, changed since the command read it), nothing is restored and the command exits 5 naming every failing policy. --json then prints the change set.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> <%= command.id %> prod-database-read',
    '<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
    { description: 'Several in one change set', command: '<%= config.bin %> <%= command.id %> prod-database-read api-read' },
    '<%= config.bin %> policy list --status deleted',
  ];
  static override strict = false;
  static override args = {
    policies: Args.string({ required: true, description: 'The policy, by name or id; several are restored together, as one change set.' }),
  };

  public async run(): Promise<Policy | PolicySet> {
    const { argv, flags } = await this.parse(PolicyRestore);
    const refs = argv as string[];
    const api = await this.api(flags.server);
    if (refs.length === 1) {
      // One policy: its own route, which answers with the policy (as before change sets).
      const { id } = await resolvePolicy(api, refs[0]!, { prefer: 'deleted' });
      const policy = await api.call('post', '/policies/{id}/restore', { path: { id } });
      this.log(`Restored ${style.bold(policy.name)} (${policy.id}): ${policy.status}, version ${policy.version}`);
      return policy;
    }
    const { resolveDistinct, sendStoredPolicySet } = await import('../../gitops/stored-policy-sets.js');
    const policies = await resolveDistinct(api, refs, 'deleted');
    const set = await sendStoredPolicySet(
      api,
      policies.map((policy) => ({ action: 'restore', id: policy.id, if_match: policy.version })),
      policies,
      { tool: 'acctl policy restore', verb: 'Restore' },
    );
    this.log(`Restored ${set.changes.length} policies in one change set (${set.id ?? 'no id'}):`);
    for (const change of set.changes) this.log(`  ${style.bold(change.name)} (${change.id ?? '?'}): ${change.status ?? 'restored'}, version ${change.version}`);
    return set;
  }
}
