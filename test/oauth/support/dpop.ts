import { createHash, randomUUID, sign, type KeyObject } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** A client's DPoP key: the private half signs proofs, the public JWK travels in them. */
export interface ProofKey {
  privateKey: CryptoKey;
  jwk: JWK;
  alg: string;
}

export async function proofKey(alg = 'ES256'): Promise<ProofKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, jwk: await exportJWK(publicKey), alg };
}

export interface ProofOptions {
  htm: string;
  htu: string;
  accessToken?: string;
  iat?: number;
  jti?: string;
  /** Replaces the header's jwk (a private key, another key's). */
  jwk?: JWK;
  claims?: Record<string, unknown>;
}

/** A proof as RFC 9449 section 4.2 describes it, built by hand so each test can break one thing. */
export function proof(key: ProofKey, options: ProofOptions): Promise<string> {
  const ath = options.accessToken === undefined ? {} : { ath: createHash('sha256').update(options.accessToken).digest('base64url') };
  return new SignJWT({ htm: options.htm, htu: options.htu, ...ath, ...options.claims })
    .setProtectedHeader({ typ: 'dpop+jwt', alg: key.alg, jwk: options.jwk ?? key.jwk })
    .setJti(options.jti ?? randomUUID())
    .setIssuedAt(options.iat ?? Math.floor(Date.now() / 1000))
    .sign(key.privateKey);
}

/** A compact JWS made by node:crypto from any header and claims, for what jose will not sign (a crit it does not know). */
export function handMadeProof(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  privateKey: KeyObject,
  hash: string | null,
  dsaEncoding?: 'ieee-p1363',
): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${sign(hash, Buffer.from(input), dsaEncoding ? { key: privateKey, dsaEncoding } : privateKey).toString('base64url')}`;
}
