import path from 'node:path';
import { UsageError } from '../../../kit/src/index.js';
import { credentialsFilePath, defaultProfileName, readJsonFileIfAny, withCredentialsLock, writeJsonFileAtomically } from './store.js';

/** What `acctl config set` keeps for one profile (credentials stay in credentials.json). */
export interface ProfileSettings {
  /** The server commands of this profile talk to, when --server / ACCTL_SERVER are not given. */
  server?: string;
}

/** config.json, beside credentials.json: like gcloud's configurations, settings apart from secrets. */
export interface ConfigFile {
  /** The profile used when neither --profile nor ACCTL_PROFILE names one (`acctl config use`). */
  current_profile?: string;
  profiles: Record<string, ProfileSettings>;
}

/** The keys `acctl config get|set` accept: `server` is per profile, `profile` picks the current one. */
export const configKeys = ['server', 'profile'] as const;
export type ConfigKey = (typeof configKeys)[number];

/** Profile names become file keys and command-line words: keep them plain. */
const profileNamePattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function checkProfileName(name: string): string {
  if (!profileNamePattern.test(name))
    throw new UsageError(`Invalid profile name "${name}": letters, digits, "_", "." and "-", at most 64, starting with a letter or digit`);
  return name;
}

export function checkConfigKey(key: string): ConfigKey {
  if ((configKeys as readonly string[]).includes(key)) return key as ConfigKey;
  throw new UsageError(`Unknown configuration key "${key}"`, [`Known keys: ${configKeys.join(', ')}`]);
}

/** $XDG_CONFIG_HOME/acctl/config.json (the folder of credentials.json). */
export function configFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(path.dirname(credentialsFilePath(env)), 'config.json');
}

export async function readConfigFile(file: string): Promise<ConfigFile> {
  const parsed = await readJsonFileIfAny<Partial<ConfigFile>>(file, 'Fix or delete it; acctl config set writes it again');
  return {
    ...(typeof parsed?.current_profile === 'string' ? { current_profile: parsed.current_profile } : {}),
    profiles: typeof parsed?.profiles === 'object' && parsed.profiles !== null ? parsed.profiles : {},
  };
}

/** Reads, changes and writes config.json, under the lock file the credentials use. */
export async function changeConfig(file: string, change: (config: ConfigFile) => void): Promise<void> {
  await withCredentialsLock(file, async () => {
    const config = await readConfigFile(file);
    change(config);
    await writeJsonFileAtomically(file, config);
  });
}

/**
 * The profile a command uses: --profile, else ACCTL_PROFILE (oclif hands both over as the flag's
 * value), else the current profile of config.json, else `default`.
 */
export async function activeProfileName(flagOrEnv: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  // With a name given, config.json is not read at all.
  return flagOrEnv ? checkProfileName(flagOrEnv) : (await resolveProfile(undefined, env)).name;
}

/** The profile in use (as activeProfileName) and its settings (empty when config.json has none), from one read of config.json. */
export async function resolveProfile(
  flagOrEnv: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ name: string; settings: ProfileSettings }> {
  const config = await readConfigFile(configFilePath(env));
  const name = flagOrEnv ? checkProfileName(flagOrEnv) : (config.current_profile ?? defaultProfileName);
  return { name, settings: config.profiles[name] ?? {} };
}
