import { Args } from '@oclif/core';
import type { Principal } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { resolvePrincipal } from '../../stored-principals/lookup.js';
import { principalLines } from '../../ux/resource-display.js';

export default class PrincipalGet extends ApiCommand {
  static override summary = 'Show one principal';
  static override description = 'Its kind, name, attributes and status. A password is never shown; "password: set" says one exists.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> carol',
    '<%= config.bin %> <%= command.id %> 3f0c6a2e-8d1b-4c55-9b7e-1a2b3c4d5e6f --json | jq .attributes',
  ];
  static override args = { principal: Args.string({ required: true, description: 'The principal, by name or id.' }) };

  public async run(): Promise<Principal> {
    const { args, flags } = await this.parse(PrincipalGet);
    const principal = await resolvePrincipal(await this.api(flags.server), args.principal);
    this.log(principalLines(principal).join('\n'));
    return principal;
  }
}
