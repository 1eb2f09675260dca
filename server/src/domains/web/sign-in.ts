import type { Knex } from 'knex';
import { changeEvent, failureEvent } from '../../events/event.js';
import type { ChangeContext, DomainEvent } from '../../events/types.js';
import {
  cancelReservedAttempt,
  reserveAttempt,
  reservedAttemptFailed,
  reservedAttemptSucceeded,
  signInThrottle,
  throttleKeys,
} from '../../security/failure-throttle.js';
import { HashingSlotsBusy } from '../../security/hashing-slots.js';
import { verifyPassword } from '../../security/passwords.js';
import { normalize, type TypedNames } from '../../security/typed-names.js';
import { findUserByName } from '../principals/index.js';
import { isAdminUser } from '../oauth/index.js';
import type { SignedInUser } from './sessions.js';

/**
 * A successful sign-in, its user the actor (a page's session: sessionChangeContext), as Okta's
 * user.session.start. Neither the password nor the session id: only when the session ends.
 */
export function signedInEvent(context: ChangeContext, user: SignedInUser, sessionExpiresAt: Date): DomainEvent {
  return changeEvent(context, 'auth.signed_in', { type: 'principal', id: user.id }, null, {
    credential: 'password',
    session_expires_at: sessionExpiresAt.toISOString(),
  });
}

/** A sign-out (Okta's user.session.end), its user the actor. */
export function signedOutEvent(context: ChangeContext, user: SignedInUser): DomainEvent {
  return changeEvent(context, 'auth.signed_out', { type: 'principal', id: user.id }, null);
}

/** Why a sign-in was refused: for the audit log only; the person sees one message for all of them. */
export type SignInRefusal = 'unknown_user' | 'no_password' | 'wrong_password' | 'user_inactive';
/** Refused before the password was looked at: throttled, or no hashing slot free (`too_busy`). */
export type SignInFailure = SignInRefusal | 'too_many_failures' | 'too_busy';

/** Who a failed attempt was aimed at, for its event: the principal when the username exists. */
export interface SignInTarget {
  principalId: string | null;
}

export type SignInOutcome =
  | { outcome: 'signed_in'; user: SignedInUser }
  | ({ outcome: 'refused'; reason: SignInRefusal } & SignInTarget)
  | ({ outcome: 'throttled'; retryAfterSeconds: number } & SignInTarget)
  | ({ outcome: 'busy'; scope: HashingSlotsBusy['scope'] } & SignInTarget);

export interface SignInDeps {
  db: Knex;
  typedNames: TypedNames;
}

const maxUsernameLength = 200;
const maxPasswordLength = 1024;

/**
 * Checks a username and password, in an order that reveals nothing about which usernames exist:
 * 1. a throttle slot for the username, from this address and across addresses, taken in one
 *    atomic step before anything is checked (security/failure-throttle.ts), beside the user's
 *    lookup; no slot, no password check;
 * 2. a hashing slot (security/passwords.ts): one scrypt at a time per address, a few at once per
 *    process; none free, and the throttle slot is given back unused;
 * 3. scrypt, always (verifyPassword uses a decoy hash when there is no user or no password), so
 *    an unknown user, a user without a password, a disabled user and a wrong password cost the
 *    same and get the same `refused` (its `reason` is for the audit log, never for the page);
 * 4. the slot becomes a failure, or, for the right password, goes with the pair's earlier failures.
 */
export async function attemptSignIn(deps: SignInDeps, input: { username: string; password: string; ip: string; now: Date }): Promise<SignInOutcome> {
  const { db } = deps;
  const keys = throttleKeys(deps.typedNames, signInThrottle, normalize('username', input.username), input.ip);
  const plausible = input.username.length > 0 && input.username.length <= maxUsernameLength;
  const [reservation, user] = await Promise.all([reserveAttempt(db, keys, input.now), plausible ? findUserByName(db, input.username) : undefined]);
  const target: SignInTarget = { principalId: user?.id ?? null };
  if ('retryAfterSeconds' in reservation) return { outcome: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds, ...target };
  const { attemptId } = reservation;
  const password = input.password.length <= maxPasswordLength ? input.password : '';
  let passwordMatches: boolean;
  try {
    passwordMatches = await verifyPassword(password, user?.password_hash, input.ip);
  } catch (error) {
    if (!(error instanceof HashingSlotsBusy)) throw error;
    await cancelReservedAttempt(db, attemptId);
    return { outcome: 'busy', scope: error.scope, ...target };
  }
  const refuse = async (reason: SignInRefusal): Promise<SignInOutcome> => {
    await reservedAttemptFailed(db, keys, attemptId, input.now);
    return { outcome: 'refused', reason, ...target };
  };
  if (!user) return refuse('unknown_user');
  if (user.password_hash === null) return refuse('no_password');
  if (!passwordMatches || password === '') return refuse('wrong_password');
  if (user.status !== 'active') return refuse('user_inactive');
  await reservedAttemptSucceeded(db, keys, attemptId);
  return { outcome: 'signed_in', user: { id: user.id, name: user.name, displayName: user.display_name, isAdmin: isAdminUser(user.attributes) } };
}

/**
 * auth.failed for a refused, throttled or busy sign-in. Never what was typed: people type their
 * password into the username field. The target is the principal when the username exists;
 * otherwise a keyed digest of the username (typed-names.ts), which tells repeated guesses at one
 * name apart without showing the name to anyone who reads the audit log.
 */
export function signInFailedEvent(
  context: ChangeContext,
  typedNames: TypedNames,
  attempt: { username: string } & SignInTarget,
  reason: SignInFailure,
): DomainEvent {
  const target =
    attempt.principalId !== null
      ? { type: 'principal', id: attempt.principalId }
      : { type: 'username_digest', id: typedNames.auditDigest('username', attempt.username) };
  return failureEvent(context, 'auth.failed', target, reason, { credential: 'password' });
}
