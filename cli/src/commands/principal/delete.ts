import { Args } from '@oclif/core';
import type { Principal } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { resolvePrincipal } from '../../stored-principals/lookup.js';
import { style } from '../../../../kit/src/index.js';

export default class PrincipalDelete extends ApiCommand {
  static override summary = 'Delete a principal';
  static override description = 'A soft delete: its status becomes deleted, and it stays listable with --status deleted. --json prints the deleted principal.';
  static override examples = ['<%= config.bin %> <%= command.id %> billing-worker', '<%= config.bin %> <%= command.id %> 3f0c6a2e-8d1b-4c55-9b7e-1a2b3c4d5e6f'];
  static override args = { principal: Args.string({ required: true, description: 'The principal, by name or id.' }) };

  public async run(): Promise<Principal> {
    const { args, flags } = await this.parse(PrincipalDelete);
    const api = await this.api(flags.server);
    const { id } = await resolvePrincipal(api, args.principal);
    const principal = await api.call('delete', '/principals/{id}', { path: { id } });
    this.log(`Deleted ${principal.kind} ${style.bold(principal.name)} (${principal.id})`);
    return principal;
  }
}
