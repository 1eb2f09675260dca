/**
 * The public keys a private_key_jwt client registers (RFC 7523 section 2.2; RFC 7591 section 2,
 * `jwks`), and those its jwks_uri serves: the same rules for both, so a key the server would not
 * register is not used when fetched either. Pure: signature checks are the server's (jose).
 */

/** Keys per set: a client rotating keys publishes two or three, not a directory. */
export const maxClientJwksKeys = 10;
/** Bytes of a set as JSON: ten 4096-bit RSA keys with their members fit in about 8 KiB. */
export const maxClientJwksBytes = 16 * 1024;

/** The signature algorithms a client assertion may use: asymmetric only (RFC 7523 section 3, RFC 9700 2.4). */
export const clientAssertionAlgorithms = ['RS256', 'PS256', 'ES256', 'EdDSA'] as const;

/** Members that hold private or symmetric key material (RFC 7518 section 6; RFC 8037 section 2). */
const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

const keyTypes: Readonly<Record<string, readonly string[]>> = { RSA: ['n', 'e'], EC: ['crv', 'x', 'y'], OKP: ['crv', 'x'] };

/**
 * The curves an assertion algorithm can use, and the bytes of each coordinate (RFC 7518 section
 * 6.2.1.2, RFC 8037 section 2): ES256 signs on P-256 only; EdDSA on Ed25519 or Ed448.
 */
const curveBytes: Readonly<Record<string, Readonly<Record<string, number>>>> = { EC: { 'P-256': 32 }, OKP: { Ed25519: 32, Ed448: 57 } };
/**
 * The RSA keys a client may verify with, as a client assertion's or a DPoP proof's key: a modulus
 * of at least 2048 bits (RFC 7518 section 3.3; jose refuses a smaller key when verifying), at most
 * 8192, and a public exponent of at most 8 bytes: the client chooses its key, and a verification
 * with an exponent as long as the modulus costs what a signature does.
 */
export const rsaKeyLimits = { minModulusBits: 2048, maxModulusBits: 8192, maxExponentBytes: 8 } as const;
const rsaModulusBytes = { min: rsaKeyLimits.minModulusBits / 8, max: rsaKeyLimits.maxModulusBits / 8 } as const;

/** Bytes a base64url member decodes to, or undefined when it is not unpadded base64url (RFC 7515 section 2). */
function base64urlBytes(value: string): number | undefined {
  return /^[A-Za-z0-9_-]+$/.test(value) && value.length % 4 !== 1 ? Math.floor((value.length * 3) / 4) : undefined;
}

/**
 * Why a key's members cannot make a key to verify with, or undefined: a key that passed the
 * members' presence but that WebCrypto would refuse to import (a coordinate of the wrong size) or
 * jose to verify with (RSA under 2048 bits) made every assertion of its client a 500.
 */
function unusableKey(jwk: Record<string, unknown>): string | undefined {
  if (jwk.kty === 'RSA') {
    const modulus = base64urlBytes(jwk.n as string);
    if (modulus === undefined || modulus < rsaModulusBytes.min || modulus > rsaModulusBytes.max)
      return `has an RSA modulus (n) that is not ${rsaModulusBytes.min * 8} to ${rsaModulusBytes.max * 8} bits of base64url`;
    const exponent = base64urlBytes(jwk.e as string);
    if (exponent === undefined || exponent > rsaKeyLimits.maxExponentBytes)
      return `has an RSA exponent (e) that is not 1 to ${rsaKeyLimits.maxExponentBytes} bytes of base64url`;
    return undefined;
  }
  const curves = curveBytes[jwk.kty as string]!;
  const size = Object.hasOwn(curves, jwk.crv as string) ? curves[jwk.crv as string]! : undefined;
  if (size === undefined) return `has crv ${JSON.stringify(jwk.crv)}; use ${Object.keys(curves).join(' or ')}`;
  const coordinates = jwk.kty === 'EC' ? ['x', 'y'] : ['x'];
  if (coordinates.some((member) => base64urlBytes(jwk[member] as string) !== size))
    return `has ${coordinates.join(' and ')} that are not ${size} bytes of base64url`;
  return undefined;
}

export interface ClientJwk {
  kty: string;
  kid?: string;
  alg?: string;
  use?: string;
  [member: string]: unknown;
}

export interface ClientJwks {
  keys: ClientJwk[];
}

export type ClientJwksCheck = { ok: true; jwks: ClientJwks } | { ok: false; problem: string };

/**
 * Whether `value` (parsed JSON of any shape) is a JWK Set of public signing keys this server can
 * verify client assertions with. A set with one private key is refused whole: its owner leaked it.
 */
export function checkClientJwks(value: unknown): ClientJwksCheck {
  const refuse = (problem: string): ClientJwksCheck => ({ ok: false, problem });
  if (JSON.stringify(value ?? null).length > maxClientJwksBytes) return refuse(`is larger than ${maxClientJwksBytes} bytes`);
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { keys?: unknown }).keys)) return refuse('is not a JWK Set: { "keys": [...] }');
  const keys = (value as { keys: unknown[] }).keys;
  if (keys.length === 0) return refuse('has no keys');
  if (keys.length > maxClientJwksKeys) return refuse(`has more than ${maxClientJwksKeys} keys`);
  const kids = new Set<string>();
  for (const [index, key] of keys.entries()) {
    const where = `key ${index + 1}`;
    if (typeof key !== 'object' || key === null || Array.isArray(key)) return refuse(`${where} is not a JSON object`);
    const jwk = key as Record<string, unknown>;
    const present = privateMembers.filter((member) => member in jwk);
    if (present.length > 0) return refuse(`${where} holds private or symmetric key material (${present.join(', ')}): register public keys only`);
    const required = typeof jwk.kty === 'string' && Object.hasOwn(keyTypes, jwk.kty) ? keyTypes[jwk.kty]! : undefined;
    if (!required) return refuse(`${where} has kty ${JSON.stringify(jwk.kty)}; use RSA, EC or OKP`);
    if (required.some((member) => typeof jwk[member] !== 'string')) return refuse(`${where} lacks ${required.join(', ')}`);
    const unusable = unusableKey(jwk);
    if (unusable) return refuse(`${where} ${unusable}`);
    if (jwk.use !== undefined && jwk.use !== 'sig') return refuse(`${where} has use ${JSON.stringify(jwk.use)}; client assertions need sig`);
    if (jwk.alg !== undefined && !(clientAssertionAlgorithms as readonly unknown[]).includes(jwk.alg))
      return refuse(`${where} has alg ${JSON.stringify(jwk.alg)}; use one of ${clientAssertionAlgorithms.join(', ')}`);
    if (jwk.kid !== undefined) {
      if (typeof jwk.kid !== 'string' || jwk.kid.length === 0 || jwk.kid.length > 200) return refuse(`${where} has a kid that is not 1 to 200 characters`);
      // A kid names one key: two keys with one kid would leave the choice to the verifier.
      if (kids.has(jwk.kid)) return refuse(`has two keys with kid ${jwk.kid}`);
      kids.add(jwk.kid);
    }
  }
  return { ok: true, jwks: { keys: keys as ClientJwk[] } };
}
