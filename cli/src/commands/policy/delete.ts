import { Args, Flags } from '@oclif/core';
import type { PolicyDeleted } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';

export default class PolicyDelete extends ApiCommand {
  static override summary = 'Delete a stored policy (it can be restored)';
  static override description =
    'A soft delete: the policy stops being enforced at once, and policy restore brings it back. With --expected-version, the server refuses (exit 5) when the policy is no longer at that version. --json prints the API answer.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> prod-database-read',
    '<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f --expected-version 3',
  ];
  static override args = { policy: Args.string({ required: true, description: 'The policy, by name or id.' }) };
  static override flags = { 'expected-version': Flags.integer({ summary: 'Only if the policy is still at this version (sent as If-Match).', min: 1 }) };

  public async run(): Promise<PolicyDeleted> {
    const { args, flags } = await this.parse(PolicyDelete);
    const expected = flags['expected-version'];
    const api = await this.api(flags.server);
    const policy = await resolvePolicy(api, args.policy);
    const deleted = await api.call('delete', '/policies/{id}', {
      path: { id: policy.id },
      headers: expected === undefined ? {} : { 'if-match': `"${expected}"` },
    });
    this.log(`Deleted policy ${policy.name} (${deleted.id}); bring it back with: acctl policy restore ${deleted.id}`);
    return deleted;
  }
}
