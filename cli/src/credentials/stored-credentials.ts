import type { Credentials } from './env.js';
import { freshProfile, requireProfile } from './session.js';
import { credentialsFilePath } from './store.js';

/** The credentials of a stored profile, and the server it signed in to. */
export async function storedProfileCredentials(
  profile: string,
  userAgent: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ server: string; credentials: Credentials }> {
  const file = credentialsFilePath(env);
  const { server } = await requireProfile(file, profile);
  return { server, credentials: { kind: 'stored_profile', profile, accessToken: async () => (await freshProfile(file, profile, userAgent)).access_token } };
}
