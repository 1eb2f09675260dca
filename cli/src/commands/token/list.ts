import { Flags } from '@oclif/core';
import type { ApiTokenList, ApiTokenStatus } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { paginationFlags } from '../../flags/pagination.js';
import { apiTokenTable } from '../../ux/api-token-display.js';
import { describePage } from '../../ux/resource-display.js';
import { style } from '../../../../kit/src/index.js';

const statuses = ['active', 'expired', 'revoked'] as const satisfies readonly ApiTokenStatus[];

export default class TokenListCommand extends ApiCommand {
  static override summary = "List API tokens: your own, or with admin:all every owner's (never the tokens themselves)";
  static override description =
    "Newest first, one page at a time: id, name, the last four characters, scopes, owner, when created, last used (recorded at most once a minute) and expires. Any token may list the tokens of its owner; admin:all lists every owner's. Revoked tokens are left out unless --status revoked. --json prints the API answer: { data, pagination }.";
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status expired',
    "<%= config.bin %> <%= command.id %> --json | jq -r '.data[] | select(.last_used_at == null) | .id'",
  ];
  static override flags = {
    ...paginationFlags,
    status: Flags.option({ summary: 'Only tokens of this status (default: active and expired).', options: statuses })(),
  };

  public async run(): Promise<ApiTokenList> {
    const { flags } = await this.parse(TokenListCommand);
    const list = await (await this.api(flags.server)).call('get', '/auth/tokens', { query: { page: flags.page, limit: flags.limit, status: flags.status } });
    this.log(list.data.length === 0 ? style.dim('No API tokens.') : apiTokenTable(list.data));
    this.say(describePage(list.pagination));
    return list;
  }
}
