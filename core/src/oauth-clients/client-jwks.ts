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
