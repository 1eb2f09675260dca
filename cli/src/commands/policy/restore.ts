import { Args } from '@oclif/core';
import type { Policy } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';
import { style } from '../../ux/style.js';

export default class PolicyRestore extends ApiCommand {
  static override summary = 'Bring back a deleted policy';
  static override description =
    'By name, the deleted policy of that name (when several deleted policies share it, give the id). The policy returns in the status it had before it was deleted. Fails with a conflict (exit 5) when another policy took its name meanwhile. --json prints the restored policy.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> prod-database-read',
    '<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
    '<%= config.bin %> policy list --status deleted',
  ];
  static override args = { policy: Args.string({ required: true, description: 'The policy, by name or id.' }) };

  public async run(): Promise<Policy> {
    const { args, flags } = await this.parse(PolicyRestore);
    const api = await this.api(flags.server);
    const { id } = await resolvePolicy(api, args.policy, { prefer: 'deleted' });
    const policy = await api.call('post', '/policies/{id}/restore', { path: { id } });
    this.log(`Restored ${style.bold(policy.name)} (${policy.id}): ${policy.status}, version ${policy.version}`);
    return policy;
  }
}
