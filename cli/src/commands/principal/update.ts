import { Args, Flags } from '@oclif/core';
import type { Principal, PrincipalPatchRequest } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { resolvePrincipal } from '../../stored-principals/lookup.js';
import { UsageError } from '../../../../kit/src/index.js';
import { parseAssignments } from '../../flags/assignments.js';
import { principalLines } from '../../ux/resource-display.js';

export default class PrincipalUpdate extends ApiCommand {
  static override summary = "Change a principal's name, display name or attributes";
  static override description =
    'Sends a JSON merge patch (RFC 7396): attributes not named stay as they are; --remove-attribute removes one. The kind cannot change.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> 3f0c6a2e-8d1b-4c55-9b7e-1a2b3c4d5e6f --attribute department=security --remove-attribute team',
    '<%= config.bin %> <%= command.id %> alice --display-name "Alice M."',
  ];
  static override args = { principal: Args.string({ required: true, description: 'The principal, by name or id.' }) };
  static override flags = {
    name: Flags.string({ summary: 'A new name (unique among principals of its kind).' }),
    'display-name': Flags.string({ summary: 'A new display name ("" removes it).' }),
    attribute: Flags.string({ summary: 'Set an attribute (name=value, repeatable).', multiple: true, helpValue: 'NAME=VALUE' }),
    'remove-attribute': Flags.string({ summary: 'Remove an attribute (repeatable).', multiple: true, helpValue: 'NAME' }),
  };

  public async run(): Promise<Principal> {
    const { args, flags } = await this.parse(PrincipalUpdate);
    const attributes: NonNullable<PrincipalPatchRequest['attributes']> = parseAssignments('attribute', flags.attribute);
    for (const name of flags['remove-attribute'] ?? []) {
      if (name in attributes) throw new UsageError(`Attribute ${name} is both set and removed`);
      attributes[name] = null;
    }
    const displayName = flags['display-name'];
    const patch: PrincipalPatchRequest = {
      ...(flags.name === undefined ? {} : { name: flags.name }),
      ...(displayName === undefined ? {} : { display_name: displayName === '' ? null : displayName }),
      ...(Object.keys(attributes).length === 0 ? {} : { attributes }),
    };
    if (Object.keys(patch).length === 0) throw new UsageError('Nothing to change', ['Give --name, --display-name, --attribute or --remove-attribute']);
    const api = await this.api(flags.server);
    const { id } = await resolvePrincipal(api, args.principal);
    const principal = await api.call('patch', '/principals/{id}', { path: { id }, body: patch });
    this.say(`Updated ${principal.kind} ${principal.name}`);
    this.log(principalLines(principal).join('\n'));
    return principal;
  }
}
