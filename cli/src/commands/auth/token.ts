import { cliUserAgent } from '../../api/user-agent.js';
import { AcctlCommand } from '../../../../kit/src/index.js';
import { activeProfileName } from '../../credentials/profile-config.js';
import { freshProfile } from '../../credentials/session.js';
import { credentialsFilePath } from '../../credentials/store.js';
import { profileFlag } from '../../flags/connection.js';
import type { CliAuthTokenOutput } from '../../../../core/src/index.js';

/** What --json prints, without format_version: the type is generated from schemas/cli/ (npm run gen:types), the schema being the one source. */
export type AuthTokenResult = Omit<CliAuthTokenOutput, 'format_version'>;

export default class AuthTokenCommand extends AcctlCommand {
  static override summary = 'Print a valid access token of a stored profile, for scripts';
  static override description =
    'Refreshes the token first when it expires within a minute (the refresh token rotates, under a lock shared with other acctl commands). Prints only the token, so it can be used as: curl -H "Authorization: Bearer $(acctl auth token)".';
  static override examples = [
    'curl -H "Authorization: Bearer $(<%= config.bin %> <%= command.id %>)" http://127.0.0.1:8080/v1/policies',
    '<%= config.bin %> <%= command.id %> --profile staging --json',
  ];
  static override flags = { ...profileFlag };

  public async run(): Promise<AuthTokenResult> {
    const { flags } = await this.parse(AuthTokenCommand);
    const name = await activeProfileName(flags.profile);
    const profile = await freshProfile(credentialsFilePath(), name, cliUserAgent(this.config.version));
    this.log(profile.access_token);
    return { profile: name, access_token: profile.access_token, expires_at: profile.expires_at };
  }
}
