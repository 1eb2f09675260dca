import { describeFailure } from '../../../kit/src/index.js';
import { revokeRefreshToken } from '../login/oauth-requests.js';
import { readProfile, updateProfile, withCredentialsLock } from './store.js';

export interface SignOutResult {
  /** Whether the server confirmed the refresh token (and its access tokens) revoked. */
  revoked: boolean;
  /** Whether stored credentials were removed (false when the profile had none). */
  removed: boolean;
  warnings: string[];
}

/**
 * Revokes a profile's refresh token at its server (RFC 7009), then forgets its credentials; an
 * unreachable server leaves a warning, not the credentials. `acctl logout` and `acctl config delete`.
 */
export async function signOut(file: string, name: string, userAgent: string): Promise<SignOutResult> {
  const warnings: string[] = [];
  const result = await withCredentialsLock(file, async () => {
    const profile = await readProfile(file, name);
    if (!profile) return { revoked: false, removed: false };
    let revoked = false;
    if (profile.refresh_token) {
      try {
        await revokeRefreshToken(profile.server, profile.refresh_token, userAgent);
        revoked = true;
      } catch (error) {
        warnings.push(`Could not revoke the refresh token at ${profile.server}: ${describeFailure(error).message}`);
      }
    }
    await updateProfile(file, name, undefined);
    return { revoked, removed: true };
  });
  return { ...result, warnings };
}
