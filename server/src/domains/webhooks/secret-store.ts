import { decryptPrivateKey, encryptPrivateKey } from '../../keys/key-encryption.js';

/**
 * Signing secrets at rest: the same AES-256-GCM envelope as signing keys, under the same
 * key-encryption key, with the webhook id bound as additional data so a ciphertext cannot be
 * moved to another webhook. Encrypted rather than hashed, because the service signs with it.
 */
const aad = (webhookId: string): string => `webhook:${webhookId}`;

export function encryptSigningSecret(secret: string, keyEncryptionKey: string, webhookId: string): string {
  return encryptPrivateKey(secret, keyEncryptionKey, aad(webhookId));
}

export function decryptSigningSecret(ciphertext: string, keyEncryptionKey: string, webhookId: string): string {
  return decryptPrivateKey(ciphertext, keyEncryptionKey, aad(webhookId));
}
