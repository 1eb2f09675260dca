import { Flags } from '@oclif/core';
import { principalKinds, type Principal, type PrincipalList } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { paginationFlags } from '../../flags/pagination.js';
import { describePage, formatAssignments } from '../../ux/resource-display.js';
import { style, renderTable } from '../../../../kit/src/index.js';

export default class PrincipalListCommand extends ApiCommand {
  static override summary = 'List principals (users, services, agents)';
  static override description =
    'Newest first, one page at a time. Without --status, deleted principals are left out. --json prints the API answer: { data, pagination }.';
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --kind service --attribute department=engineering',
    '<%= config.bin %> <%= command.id %> --search alice --json | jq -r ".data[].id"',
  ];
  static override flags = {
    kind: Flags.option({ summary: 'Only principals of this kind.', options: principalKinds })(),
    status: Flags.option({ summary: 'Only principals in this status.', options: ['active', 'disabled', 'deleted'] as const })(),
    attribute: Flags.string({ summary: 'Only principals with this attribute value (name=value; all must match).', multiple: true, helpValue: 'NAME=VALUE' }),
    search: Flags.string({ summary: 'Case-insensitive substring of the name or display name.' }),
    ...paginationFlags,
  };

  public async run(): Promise<PrincipalList> {
    const { flags } = await this.parse(PrincipalListCommand);
    const api = await this.api(flags.server);
    const list = await api.call('get', '/principals', {
      query: { kind: flags.kind, status: flags.status, attribute: flags.attribute, q: flags.search, page: flags.page, limit: flags.limit },
    });
    if (list.data.length === 0) {
      this.log(style.dim('No principals match.'));
    } else {
      this.log(
        renderTable(
          [
            { header: 'ID', value: (principal: Principal) => principal.id },
            { header: 'KIND', value: (principal) => principal.kind },
            { header: 'NAME', value: (principal) => principal.name },
            { header: 'DISPLAY NAME', value: (principal) => principal.display_name ?? '-' },
            { header: 'STATUS', value: (principal) => principal.status },
            { header: 'ATTRIBUTES', value: (principal) => formatAssignments(principal.attributes) },
          ],
          list.data,
        ),
      );
    }
    this.say(describePage(list.pagination));
    return list;
  }
}
