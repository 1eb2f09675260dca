import { Args } from '@oclif/core';
import { AcctlCommand } from '../../../../kit/src/index.js';
import { changeConfig, checkProfileName, configFilePath } from '../../credentials/profile-config.js';
import { profilesOverview } from '../../credentials/profile-overview.js';
import type { CliConfigUseOutput } from '../../../../core/src/index.js';

/** What --json prints, without format_version: the type is generated from schemas/cli/ (npm run gen:types), the schema being the one source. */
export type ConfigUseResult = Omit<CliConfigUseOutput, 'format_version'>;

export default class ConfigUseCommand extends AcctlCommand {
  static override summary = 'Make a profile the current one';
  static override description =
    'Commands run without --profile or ACCTL_PROFILE use it. A profile need not exist yet: sign in to it with acctl login, or give it a server with acctl config set server URL.';
  static override examples = ['<%= config.bin %> <%= command.id %> staging', '<%= config.bin %> <%= command.id %> default --json'];
  static override args = { profile: Args.string({ required: true, description: 'The profile name.' }) };

  public async run(): Promise<ConfigUseResult> {
    const { args } = await this.parse(ConfigUseCommand);
    const name = checkProfileName(args.profile);
    await changeConfig(configFilePath(), (config) => (config.current_profile = name));
    const known = (await profilesOverview()).profiles.some((profile) => profile.name === name && (profile.signed_in || profile.server_source === 'config'));
    if (!known) this.warn(`Profile "${name}" has no settings or credentials yet: acctl login --profile ${name} --server URL`);
    this.say(`Now using profile "${name}".`);
    return { current_profile: name, known };
  }
}
