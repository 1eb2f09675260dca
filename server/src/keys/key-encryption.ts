import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM envelope for private keys at rest: `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 * The key id is bound as additional data, so a ciphertext cannot be moved to another row.
 */
export function encryptPrivateKey(plaintext: string, keyEncryptionKey: string, kid: string): string {
  const key = Buffer.from(keyEncryptionKey, 'base64');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(kid, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

export function decryptPrivateKey(envelope: string, keyEncryptionKey: string, kid: string): string {
  const [version, iv, tag, ciphertext] = envelope.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error(`signing key ${kid}: unknown encryption envelope`);
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyEncryptionKey, 'base64'), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(kid, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`signing key ${kid} cannot be decrypted: ACCTL_KEY_ENCRYPTION_KEY differs from the one it was stored with`);
  }
}
