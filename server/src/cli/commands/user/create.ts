import { Flags } from '@oclif/core';
import { cliActor } from '../../actor.js';
import { AcctlCommand, keyValueLines, style, UsageError } from '../../../../../kit/src/index.js';
import { databaseFlags } from '../../flags.js';
import { passwordSourceDescription, passwordStdinFlag, readNewPassword } from '../../password-input.js';

export interface UserCreated {
  id: string;
  username: string;
  display_name: string | null;
  admin: boolean;
  status: string;
  created_at: string;
}

export default class UserCreate extends AcctlCommand {
  static override summary = 'Create a human user who can sign in';
  static override description = [passwordSourceDescription, 'It is stored as a scrypt hash. --admin users may consent to the admin:all scope.'].join('\n');

  static override examples = [
    {
      description: 'Password piped from a secret manager',
      command: 'pass show acctl/alice | <%= config.bin %> <%= command.id %> --username alice --display-name "Alice Martin" --password-stdin',
    },
    { description: 'Typed at the terminal (not echoed)', command: '<%= config.bin %> <%= command.id %> --username root --admin --password-stdin' },
    { description: 'From the environment', command: 'ACCTL_USER_PASSWORD="$PASSWORD" <%= config.bin %> <%= command.id %> --username ci-admin --admin' },
  ];

  static override flags = {
    username: Flags.string({ required: true, summary: 'The name the user signs in with (unique, case-insensitive).' }),
    'display-name': Flags.string({ summary: 'Name shown to people.' }),
    admin: Flags.boolean({ default: false, summary: 'Make the user an administrator.' }),
    ...passwordStdinFlag,
    ...databaseFlags,
  };

  public async run(): Promise<UserCreated> {
    const { flags } = await this.parse(UserCreate);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { usernameProblem } = await import('../../../../../core/src/index.js');
    const { createUser, systemContext } = await import('../../../admin/index.js');
    const { withServerDatabase } = await import('../../database.js');
    const username = flags.username;
    const problem = usernameProblem(username);
    if (problem) throw new UsageError(`--username ${problem}`);
    const password = await readNewPassword(flags['password-stdin']);
    const context = systemContext(cliActor(), 'cli');
    const user = await withServerDatabase({ databaseUrl: flags['database-url'], dataDir: flags['data-dir'] }, this.say, (database) =>
      createUser(database, context, { username, password, admin: flags.admin, ...(flags['display-name'] ? { displayName: flags['display-name'] } : {}) }),
    );
    const created: UserCreated = {
      id: user.id,
      username: user.name,
      display_name: user.display_name,
      admin: user.attributes.is_admin === true,
      status: user.status,
      created_at: user.created_at,
    };
    this.log(`${style.green('Created')} ${created.admin ? 'admin ' : ''}user ${style.bold(created.username)}`);
    this.log(
      keyValueLines([
        ['id', created.id],
        ['display name', created.display_name ?? style.dim('none')],
      ]).join('\n'),
    );
    return created;
  }
}
