import { Args } from '@oclif/core';
import type { Policy } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { style } from '../../ux/style.js';

export default class PolicyRestore extends ApiCommand {
  static override summary = 'Bring back a deleted policy';
  static override description =
    'The policy returns in the status it had before it was deleted. Fails with a conflict (exit 5) when another policy took its name meanwhile. --json prints the restored policy.';
  static override examples = ['<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f', '<%= config.bin %> policy list --status deleted'];
  static override args = { id: Args.string({ required: true, description: 'The policy id.' }) };

  public async run(): Promise<Policy> {
    const { args, flags } = await this.parse(PolicyRestore);
    const policy = await (await this.api(flags.server)).post<Policy>(`/policies/${encodeURIComponent(args.id)}/restore`);
    this.log(`Restored ${style.bold(policy.name)} (${policy.id}): ${policy.status}, version ${policy.version}`);
    return policy;
  }
}
