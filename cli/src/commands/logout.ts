import { cliUserAgent } from '../api/user-agent.js';
import { AcctlCommand } from '../../../kit/src/index.js';
import { activeProfileName } from '../credentials/profile-config.js';
import { signOut, type SignOutResult } from '../credentials/sign-out.js';
import { credentialsFilePath } from '../credentials/store.js';
import { profileFlag } from '../flags/connection.js';

export interface LogoutResult extends SignOutResult {
  profile: string;
}

export default class LogoutCommand extends AcctlCommand {
  static override summary = "Revoke the stored refresh token and forget a profile's credentials";
  static override description =
    "Revokes the refresh token at the server (RFC 7009; its access tokens go with it), then deletes the profile from the credentials file. If the server cannot be reached, the credentials are deleted anyway, with a warning. The profile's settings (acctl config) stay.";
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --profile staging --json'];
  static override flags = { ...profileFlag };

  public async run(): Promise<LogoutResult> {
    const { flags } = await this.parse(LogoutCommand);
    const name = await activeProfileName(flags.profile);
    const result = await signOut(credentialsFilePath(), name, cliUserAgent(this.config.version));
    if (!result.removed) result.warnings.push(`No credentials stored for profile "${name}"`);
    for (const warning of result.warnings) this.warn(warning);
    this.say(result.removed ? `Signed out of profile "${name}".` : 'Nothing to do.');
    return { profile: name, ...result };
  }
}
