import type { Knex } from 'knex';
import { failureEvent } from '../../events/event.js';
import type { ChangeContext, DomainEvent } from '../../events/types.js';
import { verifyPassword } from '../../security/passwords.js';
import { findUserByName } from '../principals/users.js';
import { isAdminUser } from '../oauth/user-consent-scopes.js';
import type { SignedInUser } from './sessions.js';
import { clearFailures, recordFailure, secondsUntilAllowed, signInThrottle, throttleKey } from '../../security/failure-throttle.js';

/** Why a sign-in was refused: for the audit log only; the person sees one message for all of them. */
export type SignInRefusal = 'unknown_user' | 'no_password' | 'wrong_password' | 'user_inactive';
/** A throttled attempt is refused before its password is looked at. */
export type SignInFailure = SignInRefusal | 'too_many_failures';

export type SignInOutcome = { outcome: 'signed_in'; user: SignedInUser } | { outcome: 'refused'; reason: SignInRefusal } | { outcome: 'throttled'; retryAfterSeconds: number };

const maxUsernameLength = 200;
const maxPasswordLength = 1024;

/**
 * Checks a username and password, in an order that reveals nothing about which usernames exist:
 * the throttle comes first and counts unknown usernames too; the password is always put through
 * scrypt (verifyPassword uses a decoy hash when there is no user or no password), so an unknown
 * user, a user without a password, a disabled user and a wrong password cost the same and get the
 * same `refused` (its `reason` is for the audit log, never for the page).
 */
export async function attemptSignIn(db: Knex, input: { username: string; password: string; ip: string; now: Date }): Promise<SignInOutcome> {
  const key = throttleKey(signInThrottle, input.username.normalize('NFKC').toLowerCase(), input.ip);
  const wait = await secondsUntilAllowed(db, signInThrottle, key, input.now);
  if (wait > 0) return { outcome: 'throttled', retryAfterSeconds: wait };
  const user = input.username.length > 0 && input.username.length <= maxUsernameLength ? await findUserByName(db, input.username) : undefined;
  const password = input.password.length <= maxPasswordLength ? input.password : '';
  const passwordMatches = await verifyPassword(password, user?.password_hash);
  const refuse = async (reason: SignInRefusal): Promise<SignInOutcome> => {
    await recordFailure(db, key, input.now);
    return { outcome: 'refused', reason };
  };
  if (!user) return refuse('unknown_user');
  if (user.password_hash === null) return refuse('no_password');
  if (!passwordMatches || password === '') return refuse('wrong_password');
  if (user.status !== 'active') return refuse('user_inactive');
  await clearFailures(db, key);
  return { outcome: 'signed_in', user: { id: user.id, name: user.name, displayName: user.display_name, isAdmin: isAdminUser(user.attributes) } };
}

/**
 * auth.failed for a refused or throttled sign-in: the username as typed (an audit log without it
 * cannot show password guessing against one account), never the password.
 */
export function signInFailedEvent(context: ChangeContext, username: string, reason: SignInFailure): DomainEvent {
  const typed = username.slice(0, maxUsernameLength);
  return failureEvent(context, 'auth.failed', { type: 'user', id: typed }, reason, { credential: 'password', username: typed });
}
