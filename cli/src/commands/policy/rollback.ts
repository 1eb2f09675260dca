import { Args, Flags } from '@oclif/core';
import type { Policy, PolicyRollbackRequest } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';
import { style } from '../../ux/style.js';

export default class PolicyRollback extends ApiCommand {
  static override summary = "Write an earlier version's content as a new version";
  static override description =
    'The name, description, rules and metadata of --version become the next version; the status stays as it is. The new version records the rollback in metadata.provenance (who, from which version, the content of which version, when), not the provenance of the copied version: policy plan then shows that the server no longer matches the repository. With --expected-version, the server refuses (exit 5) when the policy is no longer at that version: someone else changed it since you looked. --json prints the policy.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> prod-database-read --version 2',
    '<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f --version 2 --expected-version 5',
  ];
  static override args = { policy: Args.string({ required: true, description: 'The policy, by name or id.' }) };
  static override flags = {
    version: Flags.integer({ summary: 'The version whose content to bring back.', min: 1, required: true }),
    'expected-version': Flags.integer({ summary: 'Only if the policy is still at this version (sent as If-Match).', min: 1 }),
  };

  public async run(): Promise<Policy> {
    const { args, flags } = await this.parse(PolicyRollback);
    const body: PolicyRollbackRequest = { version: flags.version };
    const expected = flags['expected-version'];
    const api = await this.api(flags.server);
    const { id } = await resolvePolicy(api, args.policy);
    const policy = await api.call('post', '/policies/{id}/rollback', {
      path: { id },
      body,
      headers: expected === undefined ? {} : { 'if-match': `"${expected}"` },
    });
    this.log(`Rolled back ${style.bold(policy.name)} to the content of version ${flags.version}: now version ${policy.version}`);
    return policy;
  }
}
