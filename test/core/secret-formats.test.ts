import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { generateSecret, isMalformedSecret, recogniseSecret, secretChecksum, secretKinds, secretPrefixes, type SecretKind } from '../../core/src/index.js';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** CRC-32 (IEEE 802.3, reflected, as zlib and GitHub's tokens), bit by bit: an oracle independent of the code under test. */
function crc32Reference(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'latin1')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function base62Digits(value: number, length: number): string {
  let digits = '';
  for (let i = 0; i < length; i++, value = Math.floor(value / 62)) digits = base62[value % 62] + digits;
  return digits;
}

/** A token of acctl 0.1's form: `acctl_`, 40 base62 characters and their checksum. */
function legacyApiToken(): string {
  const body = [...randomBytes(40)].map((byte) => base62[byte % 62]).join('');
  return `acctl_${body}${base62Digits(crc32Reference(body), 6)}`;
}

describe('secret formats (core/src/secret-formats.ts)', () => {
  it('makes each kind as its prefix, 43 base62 characters and the 6-character base62 CRC32 of those 43', () => {
    const expected: Record<SecretKind, string> = { client_secret: 'acctl_cs_', refresh_token: 'acctl_rt_', api_token: 'acctl_api_' };
    expect(secretPrefixes).to.deep.equal(expected);
    for (const kind of secretKinds) {
      for (let i = 0; i < 200; i++) {
        const secret = generateSecret(kind);
        expect(secret.startsWith(expected[kind]), secret).to.equal(true);
        const rest = secret.slice(expected[kind].length);
        expect(rest, secret).to.match(/^[0-9A-Za-z]{49}$/);
        expect(rest.slice(43), secret).to.equal(base62Digits(crc32Reference(rest.slice(0, 43)), 6));
        expect(recogniseSecret(secret)).to.deep.equal({ kind, legacy: false, wellFormed: true });
      }
    }
  });

  it('writes the checksum of the standard check input "123456789" (CRC32 0xCBF43926) in base62', () => {
    expect(secretChecksum('123456789')).to.equal(base62Digits(0xcbf43926, 6));
  });

  it('draws every base62 character equally often (no modulo bias), and never the same secret twice', () => {
    const counts = new Map<string, number>();
    const seen = new Set<string>();
    const secrets = 3000;
    for (let i = 0; i < secrets; i++) {
      const secret = generateSecret('api_token');
      seen.add(secret);
      for (const character of secret.slice('acctl_api_'.length, -6)) counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    expect(seen.size).to.equal(secrets);
    expect(counts.size).to.equal(62);
    // 3,000 × 43 / 62 ≈ 2,081 each, σ ≈ 45; bytes taken modulo 62 without rejection would give the first 8 characters 25 % more.
    const mean = (secrets * 43) / 62;
    for (const [character, count] of counts) expect(Math.abs(count - mean) / mean, character).to.be.below(0.12);
  });

  it('finds a change of any one character, in the body or in the checksum', () => {
    for (const kind of secretKinds) {
      const secret = generateSecret(kind);
      for (let position = secretPrefixes[kind].length; position < secret.length; position++) {
        const original = secret[position]!;
        const replacement = base62[(base62.indexOf(original) + 1 + (position % 61)) % 62]!;
        const changed = `${secret.slice(0, position)}${replacement}${secret.slice(position + 1)}`;
        expect(recogniseSecret(changed), changed).to.deep.equal({ kind, legacy: false, wellFormed: false });
        expect(isMalformedSecret(changed, kind)).to.equal(true);
      }
    }
  });

  it('refuses a prefixed value of the wrong length or alphabet as malformed', () => {
    const secret = generateSecret('refresh_token');
    for (const value of [
      secret.slice(0, -1),
      `${secret}0`,
      `${secret.slice(0, 12)}-${secret.slice(13)}`,
      `${secret.slice(0, 12)}_${secret.slice(13)}`,
      'acctl_rt_',
    ])
      expect(recogniseSecret(value), value).to.deep.equal({ kind: 'refresh_token', legacy: false, wellFormed: false });
  });

  it("recognises acctl 0.1's API tokens (acctl_ and 46 characters) as well-formed legacy API tokens, and other acctl_ values as malformed ones", () => {
    for (let i = 0; i < 100; i++) expect(recogniseSecret(legacyApiToken())).to.deep.equal({ kind: 'api_token', legacy: true, wellFormed: true });
    for (const value of ['acctl_nonsense', `acctl_${'A'.repeat(46)}`, 'acctl_', `acctl_xy_${'A'.repeat(49)}`])
      expect(recogniseSecret(value), value).to.deep.equal({ kind: 'api_token', legacy: true, wellFormed: false });
  });

  it('claims no kind for values without a prefix: JWTs, and client secrets and refresh tokens of the form before (base64url)', () => {
    for (let i = 0; i < 1000; i++) expect(recogniseSecret(randomBytes(32).toString('base64url'))).to.equal(undefined);
    for (const value of ['eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln', '', 'ACCTL_CS_x', 'acctl-cs-x', ' acctl_cs_'])
      expect(recogniseSecret(value), value).to.equal(undefined);
  });

  it('takes random strings of the right shape for malformed: the checksum holds for about one in 2^32', () => {
    let wellFormed = 0;
    for (let i = 0; i < 20_000; i++) {
      const body = [...randomBytes(49)].map((byte) => base62[byte % 62]).join('');
      if (recogniseSecret(`acctl_cs_${body}`)?.wellFormed) wellFormed++;
    }
    expect(wellFormed).to.equal(0);
  });
});
