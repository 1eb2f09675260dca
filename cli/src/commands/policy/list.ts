import { Flags } from '@oclif/core';
import type { PolicyList, PolicyListItem } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { paginationFlags } from '../../flags/pagination.js';
import { describePage, shortTime } from '../../ux/resource-display.js';
import { style, renderTable } from '../../../../kit/src/index.js';

export default class PolicyListCommand extends ApiCommand {
  static override summary = 'List the policies stored on the server';
  static override description =
    'Newest first, one page at a time. Without --status, deleted policies are left out (--status deleted lists what policy restore can bring back). --json prints the API answer: { data, pagination }.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> --status active',
    '<%= config.bin %> <%= command.id %> --search ledger --json | jq -r ".data[].id"',
  ];
  static override flags = {
    status: Flags.option({ summary: 'Only policies in this status.', options: ['active', 'draft', 'archived', 'deleted'] as const })(),
    search: Flags.string({ summary: 'Case-insensitive substring of the name or description.' }),
    ...paginationFlags,
  };

  public async run(): Promise<PolicyList> {
    const { flags } = await this.parse(PolicyListCommand);
    const list = await (
      await this.api(flags.server)
    ).call('get', '/policies', { query: { status: flags.status, q: flags.search, page: flags.page, limit: flags.limit } });
    if (list.data.length === 0) {
      this.log(style.dim('No policies match.'));
    } else {
      this.log(
        renderTable(
          [
            { header: 'ID', value: (policy: PolicyListItem) => policy.id },
            { header: 'NAME', value: (policy) => policy.name },
            { header: 'STATUS', value: (policy) => policy.status },
            { header: 'VERSION', value: (policy) => String(policy.version) },
            { header: 'UPDATED', value: (policy) => shortTime(policy.updated_at) },
          ],
          list.data,
        ),
      );
    }
    this.say(describePage(list.pagination));
    return list;
  }
}
