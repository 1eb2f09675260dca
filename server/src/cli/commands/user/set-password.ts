import { Args } from '@oclif/core';
import { cliActor } from '../../actor.js';
import type { UserSummary } from '../../../admin/index.js';
import { AcctlCommand, NotFound, style } from '../../../../../kit/src/index.js';
import { databaseFlags } from '../../flags.js';
import { passwordSourceDescription, passwordStdinFlag, readNewPassword } from '../../password-input.js';

export interface UserPasswordSet {
  user: UserSummary;
  password_changed: true;
}

export default class UserSetPassword extends AcctlCommand {
  static override summary = "Set a user's password (to reset a forgotten one)";
  static override description = [
    passwordSourceDescription,
    'As PATCH /v1/principals/{id} with a password does: a principal.updated event says the password changed, never what it is. Sessions and tokens the user holds stay valid; delete or disable the user to end them.',
  ].join('\n');
  static override examples = [
    { description: 'Password piped from a secret manager', command: 'pass show acctl/alice | <%= config.bin %> <%= command.id %> alice --password-stdin' },
    { description: 'Typed at the terminal (not echoed)', command: '<%= config.bin %> <%= command.id %> alice --password-stdin' },
    { description: 'From the environment', command: 'ACCTL_USER_PASSWORD="$PASSWORD" <%= config.bin %> <%= command.id %> alice' },
  ];
  static override args = { username: Args.string({ required: true, description: 'The username (matched whatever its case).' }) };
  static override flags = { ...passwordStdinFlag, ...databaseFlags };

  public async run(): Promise<UserPasswordSet> {
    const { args, flags } = await this.parse(UserSetPassword);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { setUserPassword, systemContext, userSummary } = await import('../../../admin/index.js');
    const { withServerDatabase } = await import('../../database.js');
    const password = await readNewPassword(flags['password-stdin']);
    const context = systemContext(cliActor(), 'cli');
    const user = await withServerDatabase({ databaseUrl: flags['database-url'], dataDir: flags['data-dir'] }, this.say, (database) =>
      setUserPassword(database, context, args.username, password),
    );
    if (!user) throw new NotFound(`No user named ${args.username}`, ['See the users with: acctl server user list']);
    this.log(`${style.green('Password set')} for user ${style.bold(user.name)}`);
    return { user: userSummary(user), password_changed: true };
  }
}
