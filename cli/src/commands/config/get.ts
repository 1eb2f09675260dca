import { Args } from '@oclif/core';
import { AcctlCommand } from '../../../../kit/src/index.js';
import { checkConfigKey, configFilePath, readConfigFile, resolveProfile } from '../../credentials/profile-config.js';
import { credentialsFilePath, defaultProfileName, readProfile } from '../../credentials/store.js';
import { defaultServer, profileFlag } from '../../flags/connection.js';
import { repositoryServer } from '../../flags/server-choice.js';
import type { CliConfigGetOutput } from '../../../../core/src/index.js';

/** What --json prints, without format_version: the type is generated from schemas/cli/ (npm run gen:types), the schema being the one source. */
export type ConfigGetResult = Omit<CliConfigGetOutput, 'format_version'>;

export default class ConfigGetCommand extends AcctlCommand {
  static override summary = 'Print one setting: server (of a profile) or profile (the current one)';
  static override description =
    'Prints the stored value (nothing when unset). --json adds the value commands would use here and where it comes from: env (ACCTL_SERVER / ACCTL_PROFILE), repository (the acctl.yaml of the policy repository the working directory is in), config, login (the server a profile signed in to) or default; the rule is in docs/cli-usage.md, "Which server a command talks to".';
  static override examples = [
    '<%= config.bin %> <%= command.id %> server',
    '<%= config.bin %> <%= command.id %> server --profile staging --json',
    '<%= config.bin %> <%= command.id %> profile',
  ];
  static override args = { key: Args.string({ required: true, description: 'server or profile.' }) };
  static override flags = { ...profileFlag };

  public async run(): Promise<ConfigGetResult> {
    const { args, flags } = await this.parse(ConfigGetCommand);
    const key = checkConfigKey(args.key);
    const result =
      key === 'profile' ? currentProfile((await readConfigFile(configFilePath())).current_profile) : await serverOf(await resolveProfile(flags.profile));
    if (result.value !== null) this.log(result.value);
    return result;
  }
}

function currentProfile(stored: string | undefined): ConfigGetResult {
  const env = process.env.ACCTL_PROFILE?.trim();
  return {
    key: 'profile',
    profile: null,
    value: stored ?? null,
    effective: env || stored || defaultProfileName,
    source: env ? 'env' : stored ? 'config' : 'default',
  };
}

async function serverOf({ name: profile, settings }: Awaited<ReturnType<typeof resolveProfile>>): Promise<ConfigGetResult> {
  const stored = settings.server ?? null;
  const env = process.env.ACCTL_SERVER?.trim();
  const base = { key: 'server' as const, profile, value: stored };
  if (env) return { ...base, effective: env, source: 'env' };
  const repository = await repositoryServer({ from: process.cwd() });
  if (repository) return { ...base, effective: repository.server, source: 'repository', repository_config: repository.namedBy };
  if (stored) return { ...base, effective: stored, source: 'config' };
  const signedIn = await readProfile(credentialsFilePath(), profile);
  return signedIn ? { ...base, effective: signedIn.server, source: 'login' } : { ...base, effective: defaultServer, source: 'default' };
}
