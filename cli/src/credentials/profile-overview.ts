import { configFilePath, readConfigFile } from './profile-config.js';
import { credentialsFilePath, defaultProfileName, readCredentialsFile } from './store.js';

/** One profile as `acctl config list` shows it: its settings and whether it is signed in. */
export interface ProfileOverview {
  name: string;
  current: boolean;
  /** The server its commands use when --server / ACCTL_SERVER are not given. */
  server: string | null;
  /** Where that server comes from: its `server` setting, or the server it signed in to. */
  server_source: 'config' | 'login' | null;
  signed_in: boolean;
  subject: string | null;
  /** The signed-in user's name, when login could read it. */
  username: string | null;
  expires_at: string | null;
}

export interface ProfilesOverview {
  current_profile: string;
  config_file: string;
  credentials_file: string;
  profiles: ProfileOverview[];
}

/** Every profile named in config.json or credentials.json, and the current one, by name. */
export async function profilesOverview(env: NodeJS.ProcessEnv = process.env): Promise<ProfilesOverview> {
  const configFile = configFilePath(env);
  const credentialsFile = credentialsFilePath(env);
  const [config, credentials] = await Promise.all([readConfigFile(configFile), readCredentialsFile(credentialsFile)]);
  const current = config.current_profile ?? defaultProfileName;
  const names = [...new Set([current, ...Object.keys(config.profiles), ...Object.keys(credentials.profiles)])].sort();
  const profiles = names.map((name): ProfileOverview => {
    const configured = config.profiles[name]?.server;
    const stored = credentials.profiles[name];
    return {
      name,
      current: name === current,
      server: configured ?? stored?.server ?? null,
      server_source: configured ? 'config' : stored ? 'login' : null,
      signed_in: stored !== undefined,
      subject: stored?.subject ?? null,
      username: stored?.username ?? null,
      expires_at: stored?.expires_at ?? null,
    };
  });
  return { current_profile: current, config_file: configFile, credentials_file: credentialsFile, profiles };
}
