import { Args, Flags } from '@oclif/core';
import type { Policy, PolicyVersion } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';
import { policyLines } from '../../ux/resource-display.js';

export default class PolicyGet extends ApiCommand {
  static override summary = 'Show a stored policy with its rules';
  static override description =
    'The current version, or with --version an earlier one as it was then. --json prints the API answer (a policy, or a policy version record).';
  static override examples = [
    '<%= config.bin %> <%= command.id %> prod-database-read',
    '<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f --version 2 --json | jq .rules',
  ];
  static override args = { policy: Args.string({ required: true, description: 'The policy, by name or id.' }) };
  static override flags = { version: Flags.integer({ summary: 'An earlier version to show.', min: 1 }) };

  public async run(): Promise<Policy | PolicyVersion> {
    const { args, flags } = await this.parse(PolicyGet);
    const api = await this.api(flags.server);
    const { id, full } = await resolvePolicy(api, args.policy);
    const policy =
      flags.version === undefined
        ? (full ?? (await api.call('get', '/policies/{id}', { path: { id } })))
        : await api.call('get', '/policies/{id}/versions/{version}', { path: { id, version: flags.version } });
    this.log(policyLines(policy).join('\n'));
    return policy;
  }
}
