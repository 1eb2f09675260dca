import { Args } from '@oclif/core';
import { cliUserAgent } from '../../api/user-agent.js';
import { AcctlCommand, NotFound, UsageError } from '../../../../kit/src/index.js';
import { changeConfig, checkProfileName, configFilePath, readConfigFile } from '../../credentials/profile-config.js';
import { signOut, type SignOutResult } from '../../credentials/sign-out.js';
import { credentialsFilePath } from '../../credentials/store.js';

export interface ConfigDeleteResult extends SignOutResult {
  profile: string;
  /** Whether it had settings in config.json. */
  settings_removed: boolean;
}

export default class ConfigDeleteCommand extends AcctlCommand {
  static override summary = 'Delete a profile: its settings and its stored credentials (signed out first)';
  static override description =
    "Like acctl logout (the refresh token is revoked at the server; if that fails the credentials go anyway, with a warning), and the profile's settings are removed from config.json. The current profile cannot be deleted (as gcloud refuses to delete the active configuration): switch first with acctl config use.";
  static override examples = ['<%= config.bin %> <%= command.id %> staging', '<%= config.bin %> <%= command.id %> old --json'];
  static override args = { profile: Args.string({ required: true, description: 'The profile name.' }) };

  public async run(): Promise<ConfigDeleteResult> {
    const { args } = await this.parse(ConfigDeleteCommand);
    const name = checkProfileName(args.profile);
    const file = configFilePath();
    if ((await readConfigFile(file)).current_profile === name)
      throw new UsageError(`"${name}" is the current profile`, ['Make another one current first: acctl config use NAME']);
    let settingsRemoved = false;
    await changeConfig(file, (config) => {
      settingsRemoved = name in config.profiles;
      delete config.profiles[name];
    });
    const signedOut = await signOut(credentialsFilePath(), name, cliUserAgent(this.config.version));
    if (!settingsRemoved && !signedOut.removed) throw new NotFound(`No profile "${name}" (no settings, no stored credentials)`, ['acctl config list']);
    for (const warning of signedOut.warnings) this.warn(warning);
    this.say(`Deleted profile "${name}".`);
    return { profile: name, settings_removed: settingsRemoved, ...signedOut };
  }
}
