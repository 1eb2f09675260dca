import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import os from 'node:os';
import { HashingSlots, type HashingSlotsStats } from './hashing-slots.js';

/**
 * Human passwords use scrypt, a memory-hard KDF built into Node (no native add-on to install).
 * Parameters follow OWASP's Password Storage Cheat Sheet for scrypt: N=2^17, r=8, p=1 (128 MiB).
 * The stored form names its parameters so they can be raised later without breaking old hashes.
 * N is the `passwordHashCost` option (log2 N, 17 by default): tests that are not about hashing
 * lower it, as the hashing and throttle tests do not.
 */
const params = { r: 8, p: 1, keylen: 32 } as const;
let costLog2 = 17;

/**
 * The cost of the hashes this process makes from now on (config `passwordHashCost`). Process-wide,
 * as the hashing slots are: buildApp and the admin commands set it from their configuration.
 */
export function setPasswordHashCost(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < 10 || log2N > 20) throw new RangeError(`password hash cost must be a whole number from 10 to 20, not ${log2N}`);
  costLog2 = log2N;
}
const maxmem = 256 * 1024 * 1024;

/**
 * Every scrypt of the process passes here (hashing-slots.ts): as many at once as the machine has
 * cores less one (the event loop keeps one), and never more than 2 (half of libuv's default pool
 * of 4, which file and DNS work share); one at a time for one client address with 4 more of it
 * waiting, and 64 sign-ins waiting in all. Process-wide on purpose: the cores, the thread pool
 * and the memory it guards belong to the process, whatever number of apps it builds.
 */
export const passwordHashingLimits = Object.freeze({
  running: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  runningPerKey: 1,
  waitingPerKey: 4,
  waiting: 64,
});
const hashingSlots = new HashingSlots(passwordHashingLimits);

/** How many scrypt hashes ran and how many at once at most (tests of the bound read it). */
export function passwordHashingStats(): HashingSlotsStats {
  return hashingSlots.stats();
}

export function resetPasswordHashingStats(): void {
  hashingSlots.resetStats();
}

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number; keylen: number }, slotKey?: string): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { N: options.N, r: options.r, p: options.p, maxmem };
  return hashingSlots.run(
    slotKey,
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, options.keylen, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** costLog2;
  const key = await derive(password, salt, { ...params, N });
  return `scrypt$${N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Hashes of a fixed password at each cost, verified when the user does not exist so timing does not reveal it. */
const decoyHashes = new Map<number, Promise<string>>();

function decoyHash(): Promise<string> {
  let hash = decoyHashes.get(costLog2);
  if (hash === undefined) decoyHashes.set(costLog2, (hash = hashPassword('decoy-password-for-timing')));
  return hash;
}

/**
 * `slotKey`: the client address of a sign-in, so one address gets one share of the hashing
 * (HashingSlotsBusy when it or the process has too many waiting); none for administration.
 */
export async function verifyPassword(password: string, stored: string | null | undefined, slotKey?: string): Promise<boolean> {
  const hash = stored ?? (await decoyHash());
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p), keylen: expected.length }, slotKey);
  return timingSafeEqual(actual, expected) && stored !== null && stored !== undefined;
}
