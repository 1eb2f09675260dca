import { profileFlag } from '../api/api-command.js';
import { BaseCommand } from '../base-command.js';
import { describeFailure } from '../errors.js';
import { credentialsFilePath, readProfile, updateProfile, withCredentialsLock } from '../credentials/store.js';
import { revokeRefreshToken } from '../login/oauth-requests.js';

export interface LogoutResult {
  profile: string;
  /** Whether the server confirmed the refresh token (and its access tokens) revoked. */
  revoked: boolean;
  /** Whether stored credentials were removed (false when the profile had none). */
  removed: boolean;
  warnings: string[];
}

export default class LogoutCommand extends BaseCommand {
  static override summary = 'Revoke the stored refresh token and forget a profile\'s credentials';
  static override description = 'Revokes the refresh token at the server (RFC 7009; its access tokens go with it), then deletes the profile from the credentials file. If the server cannot be reached, the credentials are deleted anyway, with a warning.';
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --profile staging --json'];
  static override flags = { ...profileFlag };

  public async run(): Promise<LogoutResult> {
    const { flags } = await this.parse(LogoutCommand);
    const file = credentialsFilePath();
    const warnings: string[] = [];
    const result = await withCredentialsLock(file, async () => {
      const profile = await readProfile(file, flags.profile);
      if (!profile) return { revoked: false, removed: false };
      let revoked = false;
      if (profile.refresh_token) {
        try {
          await revokeRefreshToken(profile.server, profile.refresh_token);
          revoked = true;
        } catch (error) {
          warnings.push(`Could not revoke the refresh token at ${profile.server}: ${describeFailure(error).message}`);
        }
      }
      await updateProfile(file, flags.profile, undefined);
      return { revoked, removed: true };
    });
    if (!result.removed) warnings.push(`No credentials stored for profile "${flags.profile}"`);
    for (const warning of warnings) this.warn(warning);
    this.say(result.removed ? `Signed out of profile "${flags.profile}".` : 'Nothing to do.');
    return { profile: flags.profile, ...result, warnings };
  }
}
