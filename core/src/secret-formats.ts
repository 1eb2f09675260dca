import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * The form of the secrets this service hands out and keeps only as SHA-256: GitHub's ("Behind
 * GitHub's new authentication token formats", github.blog, 2021-04-05). A prefix names the kind,
 * a random base62 body follows, and a 6-character base62 CRC32 of the body ends it. Secret
 * scanners find them by prefix and length alone (docs/security.md, "Secret formats", publishes
 * the patterns for gitleaks and GitHub secret scanning), the checksum tells a real secret from a
 * random string of that shape, and the server refuses a secret whose checksum fails before it
 * looks anything up. The one place where these secrets are made and recognised: the server issues
 * them, the CLI recognises an API token before it sends one.
 *
 * Access tokens are JWTs and keep their form (the spec: "signed JWT"); authorization codes and
 * browser session ids live minutes and are never meant to be stored, so they keep theirs too.
 */
export const secretKinds = ['client_secret', 'refresh_token', 'api_token'] as const;
export type SecretKind = (typeof secretKinds)[number];

/**
 * One prefix per kind, named after the spec's `client_secret`, `refresh_token` and "API tokens".
 * Not `acctl_at_` for API tokens: "AT" reads as OAuth's access token, which here is an unprefixed
 * JWT. Each ends in `_`, which base62 never contains, so no prefix is the start of another kind's
 * secret, and none is the start of an API token of the form before them (`acctl_` and 46 base62
 * characters, still accepted: legacyApiTokenPrefix).
 */
export const secretPrefixes: Readonly<Record<SecretKind, string>> = {
  client_secret: 'acctl_cs_',
  refresh_token: 'acctl_rt_',
  api_token: 'acctl_api_',
};

/**
 * 43 base62 characters: 43 × log2(62) = 256.03 bits, no less than the 32 random bytes (base64url)
 * that client secrets and refresh tokens were before, and more than the 40 characters (238 bits)
 * of API tokens before.
 */
export const secretBodyLength = 43;
/** CRC32 is 32 bits; six base62 digits hold 62^6 ≈ 5.7e10 > 2^32 values. */
export const secretChecksumLength = 6;

/** API tokens issued before the prefixes per kind: `acctl_`, 40 base62 characters and the same checksum. */
export const legacyApiTokenPrefix = 'acctl_';
const legacyApiTokenBodyLength = 40;

const base62Alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62Body = /^[0-9A-Za-z]+$/;

/** A new secret of this kind: its prefix, 43 random base62 characters and their checksum. */
export function generateSecret(kind: SecretKind): string {
  const body = randomBase62(secretBodyLength);
  return `${secretPrefixes[kind]}${body}${secretChecksum(body)}`;
}

/** What a presented value is, judged by its form alone. */
export interface RecognisedSecret {
  kind: SecretKind;
  /** An API token of the form before the prefixes per kind. */
  legacy: boolean;
  /** Its length, alphabet and checksum are right: it may be real, and is worth a lookup. */
  wellFormed: boolean;
}

/**
 * The kind a value claims by its prefix, and whether it is well formed; undefined for a value
 * with no prefix of this service: a JWT, or a client secret or refresh token of the form before
 * the prefixes (32 random bytes, base64url), which still work and are looked up by their hash. A
 * value that starts with `acctl_` and no prefix of a kind claims to be a legacy API token, as
 * every such value did before.
 */
export function recogniseSecret(value: string): RecognisedSecret | undefined {
  for (const kind of secretKinds) {
    const prefix = secretPrefixes[kind];
    if (value.startsWith(prefix)) return { kind, legacy: false, wellFormed: hasChecksummedBody(value.slice(prefix.length), secretBodyLength) };
  }
  if (value.startsWith(legacyApiTokenPrefix))
    return { kind: 'api_token', legacy: true, wellFormed: hasChecksummedBody(value.slice(legacyApiTokenPrefix.length), legacyApiTokenBodyLength) };
  return undefined;
}

/** Whether the value claims to be a secret of this kind, by its prefix, and fails its form or checksum. */
export function isMalformedSecret(value: string, kind: SecretKind): boolean {
  const recognised = recogniseSecret(value);
  return recognised?.kind === kind && !recognised.wellFormed;
}

/** The CRC32 (IEEE, as zlib and GitHub's tokens) of the body's ASCII, as six base62 digits, most significant first. */
export function secretChecksum(body: string): string {
  let value = crc32(Buffer.from(body, 'latin1'));
  let digits = '';
  for (let i = 0; i < secretChecksumLength; i++) {
    digits = base62Alphabet[value % 62]! + digits;
    value = Math.floor(value / 62);
  }
  return digits;
}

function hasChecksummedBody(rest: string, bodyLength: number): boolean {
  if (rest.length !== bodyLength + secretChecksumLength || !base62Body.test(rest)) return false;
  return rest.slice(bodyLength) === secretChecksum(rest.slice(0, bodyLength));
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(64)) {
      // Rejection sampling: 248 = 4 × 62, so each of the 62 characters is equally likely.
      if (byte < 248 && out.length < length) out += base62Alphabet[byte % 62];
    }
  }
  return out;
}
