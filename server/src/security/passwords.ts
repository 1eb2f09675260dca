import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Human passwords use scrypt, a memory-hard KDF built into Node (no native add-on to install).
 * Parameters follow OWASP's Password Storage Cheat Sheet for scrypt: N=2^17, r=8, p=1 (128 MiB).
 * The stored form names its parameters so they can be raised later without breaking old hashes.
 */
const params = { N: 2 ** 17, r: 8, p: 1, keylen: 32 } as const;
const maxmem = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number; keylen: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { N: options.N, r: options.r, p: options.p, maxmem };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, options.keylen, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A hash of a fixed password, verified when the user does not exist so timing does not reveal it. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const hash = stored ?? (await (decoyHash ??= hashPassword('decoy-password-for-timing')));
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p), keylen: expected.length });
  return timingSafeEqual(actual, expected) && stored !== null && stored !== undefined;
}
