import { Flags } from '@oclif/core';
import { principalKinds, type Principal, type PrincipalCreateRequest } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { parseAssignments } from '../../flags/assignments.js';
import { principalLines } from '../../ux/resource-display.js';

export default class PrincipalCreate extends ApiCommand {
  static override summary = 'Create a principal (a user, service or agent)';
  static override description =
    'Names are unique per kind. Attribute values that are JSON numbers or booleans are sent as such (level=3, contractor=false); anything else is text. Users who sign in get a password with acctl server user create.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> --kind service --name billing-worker --attribute department=finance',
    '<%= config.bin %> <%= command.id %> --kind user --name alice --display-name "Alice Martin" --attribute clearance=3 --json',
  ];
  static override flags = {
    kind: Flags.option({ summary: 'What the principal is.', options: principalKinds, required: true })(),
    name: Flags.string({ summary: 'Unique among principals of its kind.', required: true }),
    'display-name': Flags.string({ summary: 'A name for people to read.' }),
    attribute: Flags.string({ summary: 'An attribute that rules can test (name=value, repeatable).', multiple: true, helpValue: 'NAME=VALUE' }),
  };

  public async run(): Promise<Principal> {
    const { flags } = await this.parse(PrincipalCreate);
    const body: PrincipalCreateRequest = {
      kind: flags.kind,
      name: flags.name,
      ...(flags['display-name'] === undefined ? {} : { display_name: flags['display-name'] }),
      ...(flags.attribute === undefined ? {} : { attributes: parseAssignments('attribute', flags.attribute) }),
    };
    const principal = await (await this.api(flags.server)).call('post', '/principals', { body });
    this.say(`Created ${principal.kind} ${principal.name}`);
    this.log(principalLines(principal).join('\n'));
    return principal;
  }
}
