import { CommandError } from '../../../kit/src/index.js';
import { profileFromTokens, refreshAccessToken } from '../login/oauth-requests.js';
import { readProfile, updateProfile, withCredentialsLock, type StoredProfile } from './store.js';

/** Refresh when the access token has less than this left, so it does not expire in flight. */
const refreshMarginMs = 60_000;

export function expiresSoon(profile: StoredProfile, now = Date.now()): boolean {
  return Date.parse(profile.expires_at) - now < refreshMarginMs;
}

/** The named profile, or an auth_error saying how to create it. */
export async function requireProfile(file: string, name: string): Promise<StoredProfile> {
  const profile = await readProfile(file, name);
  if (!profile) throw notSignedIn(name);
  return profile;
}

export function notSignedIn(name: string): CommandError {
  return new CommandError('auth_error', `Not signed in (no credentials stored for profile "${name}")`, {
    suggestions: [
      `acctl login${name === 'default' ? '' : ` --profile ${name}`} --server URL`,
      'or set ACCTL_TOKEN, or ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET',
    ],
  });
}

/**
 * A profile whose access token is good for at least another minute, refreshed if needed. The
 * refresh runs under the file lock and re-reads the file first: a concurrent command may have
 * refreshed already, and presenting the rotated refresh token again would revoke the family.
 */
export async function freshProfile(file: string, name: string, userAgent: string): Promise<StoredProfile> {
  const profile = await requireProfile(file, name);
  if (!expiresSoon(profile)) return profile;
  return withCredentialsLock(file, async () => {
    const current = await requireProfile(file, name);
    if (!expiresSoon(current)) return current;
    if (!current.refresh_token)
      throw new CommandError('auth_error', `The access token of profile "${name}" expired and there is no refresh token`, { suggestions: ['acctl login'] });
    const refreshed = profileFromTokens(current.server, await refreshAccessToken(current.server, current.refresh_token, userAgent), current);
    await updateProfile(file, name, refreshed);
    return refreshed;
  });
}
