import { randomBytes } from 'node:crypto';

/**
 * API tokens look like `acctl_` + 40 random base62 characters + a 6-character base62 CRC32 of
 * them, the form GitHub uses so that secret scanners can find leaked tokens and tell typos from
 * real tokens without a database lookup.
 */
export const apiTokenPrefix = 'acctl_';
const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const bodyLength = 40;
const checksumLength = 6;

export function generateApiToken(): string {
  const body = randomBase62(bodyLength);
  return `${apiTokenPrefix}${body}${checksum(body)}`;
}

export function looksLikeApiToken(value: string): boolean {
  return value.startsWith(apiTokenPrefix);
}

/** True when the token has the right shape and its checksum matches. */
export function hasValidChecksum(token: string): boolean {
  if (!looksLikeApiToken(token) || token.length !== apiTokenPrefix.length + bodyLength + checksumLength) return false;
  const body = token.slice(apiTokenPrefix.length, apiTokenPrefix.length + bodyLength);
  return /^[0-9A-Za-z]+$/.test(body) && token.endsWith(checksum(body));
}

/** The last four characters, safe to show in listings so people can tell tokens apart. */
export function tokenHint(token: string): string {
  return token.slice(-4);
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      // Rejection sampling: 248 = 4 * 62, so every character is equally likely.
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}

function checksum(body: string): string {
  let value = crc32(Buffer.from(body, 'utf8'));
  let out = '';
  for (let i = 0; i < checksumLength; i++) {
    out = alphabet[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
