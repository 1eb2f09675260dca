import type { DelegationGrantList } from '../../../../../core/src/index.js';
import { ApiCommand } from '../../../base/api-command.js';
import { paginationFlags } from '../../../flags/pagination.js';
import { delegationGrantTable } from '../../../ux/delegation-grant-display.js';
import { describePage } from '../../../ux/resource-display.js';
import { style } from '../../../../../kit/src/index.js';

export default class AgentGrantListCommand extends ApiCommand {
  static override summary = "List delegation grants: your own, or with admin:all every user's";
  static override description =
    "A delegation grant is a user's consent that an agent client may act for them by token exchange (acctl token exchange), with at most its scopes, until it expires. Newest first, one page at a time, revoked and expired grants included: id, agent client, user, scopes, created, expires and status. Any token may list its user's grants; admin:all lists every user's. --json prints the API answer: { data, pagination }.";
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    "<%= config.bin %> <%= command.id %> --json | jq -r '.data[] | select(.revoked_at == null) | .id'",
  ];
  static override flags = { ...paginationFlags };

  public async run(): Promise<DelegationGrantList> {
    const { flags } = await this.parse(AgentGrantListCommand);
    const list = await (await this.api(flags.server)).call('get', '/delegation-grants', { query: { page: flags.page, limit: flags.limit } });
    this.log(list.data.length === 0 ? style.dim('No delegation grants.') : delegationGrantTable(list.data));
    this.say(describePage(list.pagination));
    return list;
  }
}
