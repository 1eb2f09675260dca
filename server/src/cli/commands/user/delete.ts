import { Args } from '@oclif/core';
import { cliActor } from '../../actor.js';
import type { UserSummary } from '../../../admin/index.js';
import { AcctlCommand, NotFound, style } from '../../../../../kit/src/index.js';
import { databaseFlags } from '../../flags.js';

export interface UserDeleted {
  user: UserSummary;
  deleted: true;
}

export default class UserDelete extends AcctlCommand {
  static override summary = 'Delete a human user';
  static override description = [
    'As DELETE /v1/principals/{id} does, with its principal.deleted event: the user can no longer sign in, their browser sessions, access tokens and refresh tokens stop working at once on every replica, and the name is free again.',
    'The username is matched whatever its case. Administrators too can be deleted here: whoever runs this command holds the database.',
  ].join('\n');
  static override examples = ['<%= config.bin %> <%= command.id %> alice', '<%= config.bin %> <%= command.id %> alice --json'];
  static override args = { username: Args.string({ required: true, description: 'The username of the user to delete.' }) };
  static override flags = { ...databaseFlags };

  public async run(): Promise<UserDeleted> {
    const { args, flags } = await this.parse(UserDelete);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { deleteUser, systemContext, userSummary } = await import('../../../admin/index.js');
    const { withServerDatabase } = await import('../../database.js');
    const context = systemContext(cliActor(), 'cli');
    const deleted = await withServerDatabase({ databaseUrl: flags['database-url'], dataDir: flags['data-dir'] }, this.say, (database) =>
      deleteUser(database, context, args.username),
    );
    if (!deleted) throw new NotFound(`No user named ${args.username}`, ['See the users with: acctl server user list']);
    this.log(`${style.green('Deleted')} user ${style.bold(deleted.name)}`);
    return { user: userSummary(deleted), deleted: true };
  }
}
