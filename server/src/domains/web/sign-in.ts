import type { Knex } from 'knex';
import { verifyPassword } from '../../security/passwords.js';
import { findUserByName } from '../principals/users.js';
import { isAdminUser } from '../oauth/user-consent-scopes.js';
import type { SignedInUser } from './sessions.js';
import { clearSignInFailures, recordSignInFailure, secondsUntilAllowed, throttleKey } from './sign-in-throttle.js';

export type SignInOutcome = { outcome: 'signed_in'; user: SignedInUser } | { outcome: 'refused' } | { outcome: 'throttled'; retryAfterSeconds: number };

const maxUsernameLength = 200;
const maxPasswordLength = 1024;

/**
 * Checks a username and password, in an order that reveals nothing about which usernames exist:
 * the throttle comes first and counts unknown usernames too; the password is always put through
 * scrypt (verifyPassword uses a decoy hash when there is no user or no password), so an unknown
 * user, a user without a password, a disabled user and a wrong password cost the same and get the
 * same `refused`.
 */
export async function attemptSignIn(db: Knex, input: { username: string; password: string; ip: string; now: Date }): Promise<SignInOutcome> {
  const key = throttleKey(input.username, input.ip);
  const wait = await secondsUntilAllowed(db, key, input.now);
  if (wait > 0) return { outcome: 'throttled', retryAfterSeconds: wait };
  const user = input.username.length > 0 && input.username.length <= maxUsernameLength ? await findUserByName(db, input.username) : undefined;
  const password = input.password.length <= maxPasswordLength ? input.password : '';
  const passwordMatches = await verifyPassword(password, user?.password_hash);
  if (!user || !passwordMatches || user.status !== 'active' || password === '') {
    await recordSignInFailure(db, key, input.now);
    return { outcome: 'refused' };
  }
  await clearSignInFailures(db, key);
  return { outcome: 'signed_in', user: { id: user.id, name: user.name, displayName: user.display_name, isAdmin: isAdminUser(user.attributes) } };
}
