import type { UserSummary } from '../../../admin/index.js';
import { AcctlCommand, renderTable, style } from '../../../../../kit/src/index.js';
import { databaseFlags } from '../../flags.js';

export interface UserListResult {
  users: UserSummary[];
}

export default class UserList extends AcctlCommand {
  static override summary = 'List the human users who can sign in';
  static override description =
    'By username. Deleted users are left out (acctl principal list --status deleted shows them through the API). Passwords are never shown: only whether one is set.';
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq -r ".users[] | select(.admin) | .username"',
  ];
  static override flags = { ...databaseFlags };

  public async run(): Promise<UserListResult> {
    const { flags } = await this.parse(UserList);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { listUsers } = await import('../../../admin/index.js');
    const { withServerDatabase } = await import('../../database.js');
    const users = await withServerDatabase({ databaseUrl: flags['database-url'], dataDir: flags['data-dir'] }, this.say, (database) => listUsers(database.db));
    if (users.length === 0) {
      this.log(style.dim('No users yet. Create one with: acctl server user create --username NAME --password-stdin'));
    } else {
      this.log(
        renderTable(
          [
            { header: 'USERNAME', value: (user: UserSummary) => user.username },
            { header: 'ID', value: (user) => user.id },
            { header: 'DISPLAY NAME', value: (user) => user.display_name ?? '-' },
            { header: 'ADMIN', value: (user) => (user.admin ? 'yes' : 'no') },
            { header: 'STATUS', value: (user) => user.status },
            { header: 'PASSWORD', value: (user) => (user.has_password ? 'set' : 'none') },
            { header: 'CREATED', value: (user) => user.created_at.slice(0, 19).replace('T', ' ') },
          ],
          users,
        ),
      );
    }
    return { users };
  }
}
