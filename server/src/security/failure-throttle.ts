import type { Knex } from 'knex';
import type { TypedNames } from './typed-names.js';

/**
 * Credential guessing is slowed per credential name (a username, a client_id) in two counts,
 * kept in PostgreSQL so every replica shares them (docs/security.md, "Throttles"):
 * - per name and client address: `maxFailures` attempts within `windowSeconds`, then that pair is
 *   refused (429) until the oldest of them leaves the window. A flood from one address, a shared
 *   one included, locks nobody out from elsewhere (Auth0's brute-force protection counts the
 *   same way, "count_per_identifier_and_ip");
 * - per name across addresses, a ceiling: `accountMaxFailures` failures within the window, counted
 *   since the last lockout ended, lock the name from every address for `lockoutSeconds`, doubled
 *   for each lockout in a row up to `maxLockoutSeconds` (Microsoft Entra's smart lockout lengthens
 *   repeated lockouts the same way), so guessing from many addresses gets slower, not faster.
 * Every decision is one atomic step, a PostgreSQL function under an advisory lock of the name, so
 * attempts are counted as if they came one after another, however many arrive at once:
 * - a password (scrypt: costly) takes its slot before it is checked (reserveAttempt), and the
 *   hash runs only with a slot; a slot still being checked counts like a failure, and goes if
 *   the password was right (reservedAttemptSucceeded);
 * - so does a client secret a person chose (the bootstrap client's, `secret_chosen`);
 * - a generated client secret (256 random bits, one SHA-256: cheaper than the round trip a slot
 *   would cost, and not guessable) is checked first, but its answer waits for the atomic step: a wrong one takes a slot if one is free
 *   (recordFailureIfAllowed), a right one is let in only if no limit was reached before it
 *   (admitAttempt; the token endpoints skip that round trip when the change counter shows that
 *   nothing was recorded since their cached verdict); neither is answered otherwise. So no more
 *   than the limit's worth of guesses get an answer either way, while a burst of right secrets
 *   from one service takes no slot.
 * An address that authenticated the name within `knownAddressSeconds` (recordKnownAddress: only
 * client authentication records them) keeps its own budget: the name's lockout and ceiling do not
 * refuse it, and its failures do not count towards the ceiling, so guessers from elsewhere cannot
 * lock the owner out of the addresses it works from (OWASP's authentication cheat sheet; Auth0's
 * brute-force protection spares known sources the same way). Its pair count still applies.
 * Unknown names count the same as known ones, so the throttle tells nothing about which exist.
 * Names and addresses are stored as keyed digests (typed-names.ts). The rule itself is the SQL
 * function acctl_credential_wait (migration 20261127_03).
 */
export interface FailureThrottle {
  /** Keeps the keys of different credentials apart; the `throttle` column of the rows. */
  name: 'sign-in' | 'client-authentication';
  maxFailures: number;
  windowSeconds: number;
  accountMaxFailures: number;
  lockoutSeconds: number;
  maxLockoutSeconds: number;
}

/**
 * Passwords at the sign-in page: 5 in 15 minutes from one address, as OWASP's authentication
 * cheat sheet suggests; 20 from all addresses, then 15 minutes locked, 30, 60... at most 4 hours.
 */
export const signInThrottle: FailureThrottle = {
  name: 'sign-in',
  maxFailures: 5,
  windowSeconds: 15 * 60,
  accountMaxFailures: 20,
  lockoutSeconds: 15 * 60,
  maxLockoutSeconds: 4 * 60 * 60,
};

/**
 * Client secrets at the token, revocation and introspection endpoints: a little more room than
 * for people, since a misconfigured service retries on its own; a high ceiling, since a client_id
 * is no secret and a lockout stops a service, and generated secrets (256 bits) are not guessed.
 */
export const clientAuthenticationThrottle: FailureThrottle = {
  name: 'client-authentication',
  maxFailures: 10,
  windowSeconds: 15 * 60,
  accountMaxFailures: 100,
  lockoutSeconds: 15 * 60,
  maxLockoutSeconds: 60 * 60,
};

/** How long any attempt can matter: rows older than this are pruned. */
export const longestThrottleWindowSeconds = Math.max(signInThrottle.windowSeconds, clientAuthenticationThrottle.windowSeconds);

/** How long a lockout is remembered to double the next one (the SQL's '1 day'). */
export const lockoutMemorySeconds = 24 * 60 * 60;

/** How long an address that authenticated a name stays known (the SQL's '1 day'). */
export const knownAddressSeconds = 24 * 60 * 60;

/** How often, at most, a known address's time of success is written again while it keeps succeeding. */
export const knownAddressRefreshSeconds = 60 * 60;

/** The rows one attempt is counted under. */
export interface ThrottleKeys {
  throttle: FailureThrottle;
  /** The name, across addresses. */
  accountKey: string;
  /** The name from this address. */
  pairKey: string;
}

/** `name` as the credential's lookup compares it (a username lower-cased: typed-names.ts). */
export function throttleKeys(typedNames: TypedNames, throttle: FailureThrottle, name: string, address: string): ThrottleKeys {
  return {
    throttle,
    accountKey: typedNames.throttleDigest([throttle.name, name]),
    pairKey: typedNames.throttleDigest([throttle.name, name, address]),
  };
}

function ruleParameters(keys: ThrottleKeys): [number, number, number] {
  return [keys.throttle.windowSeconds, keys.throttle.maxFailures, keys.throttle.accountMaxFailures];
}

/** A slot for one attempt, taken before its credential is checked; or how long to wait for one. */
export type Reservation = { attemptId: string } | { retryAfterSeconds: number };

export async function reserveAttempt(db: Knex, keys: ThrottleKeys, now: Date): Promise<Reservation> {
  const result = await db.raw<{ rows: Array<{ attempt_id: string | null; retry_after_seconds: number }> }>(
    'SELECT * FROM acctl_credential_reserve(?, ?, ?, ?, ?, ?, ?)',
    [keys.throttle.name, keys.accountKey, keys.pairKey, now, ...ruleParameters(keys)],
  );
  const row = result.rows[0]!;
  return row.attempt_id === null ? { retryAfterSeconds: row.retry_after_seconds } : { attemptId: String(row.attempt_id) };
}

/**
 * The reserved attempt turned out wrong: its slot stays, as a failure, and may lock the name
 * (the ceiling counts failures only, never a slot whose check is still running).
 */
export async function reservedAttemptFailed(db: Knex, keys: ThrottleKeys, attemptId: string, now: Date): Promise<void> {
  await recordFailure(db, keys, attemptId, now);
}

/**
 * The reserved attempt was right: its slot goes, so it never counts as a failure, and so do the
 * pair's earlier failures (a person who signs in is forgiven their typos). Other addresses'
 * failures stay: they may be someone else's guesses. Slots still being checked stay too.
 */
export async function reservedAttemptSucceeded(db: Knex, keys: ThrottleKeys, attemptId: string): Promise<void> {
  await db('credential_attempts')
    .where('id', attemptId)
    .orWhere((failures) => failures.where({ pair_key: keys.pairKey, failed: true }))
    .delete();
}

/** The reserved attempt was never checked (no hashing slot): its slot goes, counting nothing. */
export async function cancelReservedAttempt(db: Knex, attemptId: string): Promise<void> {
  await db('credential_attempts').where('id', attemptId).delete();
}

/**
 * For a credential checked before its slot (a client secret: a SHA-256, not worth a round trip
 * before it): the failure is recorded only while the rule allows one more, in the same atomic
 * step as the rule's check. Answers 0 when it was recorded, else the seconds to wait, and the
 * caller answers 429 instead of the failure: so however many guesses arrive at once, at most
 * `maxFailures` of them are answered as wrong, as if they had come one after another.
 */
export async function recordFailureIfAllowed(db: Knex, keys: ThrottleKeys, now: Date): Promise<number> {
  return recordFailure(db, keys, null, now);
}

async function recordFailure(db: Knex, keys: ThrottleKeys, attemptId: string | null, now: Date): Promise<number> {
  const { throttle } = keys;
  const result = await db.raw<{ rows: Array<{ wait: number }> }>('SELECT acctl_credential_failure(?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AS wait', [
    throttle.name,
    attemptId,
    keys.accountKey,
    keys.pairKey,
    now,
    ...ruleParameters(keys),
    throttle.lockoutSeconds,
    throttle.maxLockoutSeconds,
  ]);
  return Number(result.rows[0]!.wait);
}

/**
 * For a credential checked before its slot, found right: 0 when no limit was reached before it (in
 * the order of the name's atomic steps), else the seconds to wait, and the caller refuses it (429).
 */
export async function admitAttempt(db: Knex, keys: ThrottleKeys, now: Date): Promise<number> {
  // (The token endpoints call it only when something was recorded since their cached verdict:
  // domains/oauth/client-auth-cache.ts, admit.)
  const result = await db.raw<{ rows: Array<{ wait: number }> }>('SELECT acctl_credential_admit(?, ?, ?, ?, ?, ?) AS wait', [
    keys.accountKey,
    keys.pairKey,
    now,
    ...ruleParameters(keys),
  ]);
  return Number(result.rows[0]!.wait);
}

/** Seconds until the name may be tried from the address, 0 when it may be now (a read, for a cache: decides nothing alone). */
export async function secondsUntilAllowed(db: Knex, keys: ThrottleKeys, now: Date): Promise<number> {
  const result = await db.raw<{ rows: Array<{ wait: number }> }>('SELECT acctl_credential_wait(?, ?, ?, ?, ?, ?) AS wait', [
    keys.accountKey,
    keys.pairKey,
    now,
    ...ruleParameters(keys),
  ]);
  return Number(result.rows[0]!.wait);
}

/**
 * The name was authenticated from the address: it is known for knownAddressSeconds. The row is
 * written again only when its time is older than knownAddressRefreshSeconds, so a service's
 * steady stream of token requests writes once an hour, not once per request.
 */
export async function recordKnownAddress(db: Knex, keys: ThrottleKeys, now: Date): Promise<void> {
  await db.raw(
    `INSERT INTO credential_known_addresses (pair_key, throttle, succeeded_at) VALUES (?, ?, ?)
     ON CONFLICT (pair_key) DO UPDATE SET succeeded_at = EXCLUDED.succeeded_at
     WHERE credential_known_addresses.succeeded_at < EXCLUDED.succeeded_at - make_interval(secs => ?)`,
    [keys.pairKey, keys.throttle.name, now, knownAddressRefreshSeconds],
  );
}

/** Attempts older than every window, lockouts too old to lengthen the next one, and addresses no longer known. */
export async function pruneThrottleRows(db: Knex, now: Date): Promise<void> {
  await db('credential_attempts')
    .where('attempted_at', '<=', new Date(now.getTime() - longestThrottleWindowSeconds * 1000))
    .delete();
  await db('credential_lockouts')
    .where('locked_until', '<=', new Date(now.getTime() - lockoutMemorySeconds * 1000))
    .delete();
  await db('credential_known_addresses')
    .where('succeeded_at', '<=', new Date(now.getTime() - knownAddressSeconds * 1000))
    .delete();
}
