import { Args } from '@oclif/core';
import { apiBaseUrl } from '../../api/client.js';
import { AcctlCommand } from '../../../../kit/src/index.js';
import { activeProfileName, changeConfig, checkConfigKey, checkProfileName, configFilePath } from '../../credentials/profile-config.js';
import { profileFlag } from '../../flags/connection.js';
import type { CliConfigSetOutput } from '../../../../core/src/index.js';

/** What --json prints, without format_version: the type is generated from schemas/cli/ (npm run gen:types), the schema being the one source. */
export type ConfigSetResult = Omit<CliConfigSetOutput, 'format_version'>;

export default class ConfigSetCommand extends AcctlCommand {
  static override summary = 'Change one setting: server (of a profile) or profile (the current one)';
  static override description =
    'server URL: the server commands of the profile (--profile, else the current one) talk to when --server / ACCTL_SERVER are not given. profile NAME: the current profile, as acctl config use NAME. Written to $XDG_CONFIG_HOME/acctl/config.json (mode 0600).';
  static override examples = [
    '<%= config.bin %> <%= command.id %> server https://acctl.example.com',
    '<%= config.bin %> <%= command.id %> server https://staging.example.com --profile staging',
    '<%= config.bin %> <%= command.id %> profile staging',
  ];
  static override args = {
    key: Args.string({ required: true, description: 'server or profile.' }),
    value: Args.string({ required: true, description: 'The new value.' }),
  };
  static override flags = { ...profileFlag };

  public async run(): Promise<ConfigSetResult> {
    const { args, flags } = await this.parse(ConfigSetCommand);
    const key = checkConfigKey(args.key);
    const file = configFilePath();
    if (key === 'profile') {
      const name = checkProfileName(args.value);
      await changeConfig(file, (config) => (config.current_profile = name));
      this.say(`Commands now use profile "${name}" unless --profile or ACCTL_PROFILE says otherwise.`);
      return { key, profile: null, value: name, config_file: file };
    }
    // The origin as the CLI will use it: refuses what is not an http(s) URL.
    const server = apiBaseUrl(args.value).replace(/\/v1$/, '');
    const profile = await activeProfileName(flags.profile);
    await changeConfig(file, (config) => (config.profiles[profile] = { ...config.profiles[profile], server }));
    this.say(`Profile "${profile}" now uses ${server}.`);
    return { key, profile, value: server, config_file: file };
  }
}
