import { ConfigError } from '../config/config-error.js';
import { defaults } from '../config/defaults.js';
import { changeEvent } from '../events/event.js';
import type { AuditedDatabase } from '../domains/audit/index.js';
import type { ChangeContext } from '../events/types.js';
import { SigningKeyStore } from '../keys/signing-key-store.js';

export interface SigningKeyRotation {
  /** kid of the new signing key. */
  created: string;
  /** kids of the keys it replaces; they stay in the JWKS until the tokens they signed expire. */
  retired: string[];
}

/**
 * Creates a new signing key sealed with `keyEncryptionKey` and retires the current one, in one
 * transaction with its signing_key.rotated event (key ids only: the keys never go into events).
 * Every server replica picks the new key up at its next refresh.
 */
export async function rotateSigningKeys({ db, auditLog }: AuditedDatabase, context: ChangeContext, keyEncryptionKey: string): Promise<SigningKeyRotation> {
  const store = new SigningKeyStore(db, { keyEncryptionKey, retentionSeconds: defaults.keyRetentionSeconds, refreshSeconds: defaults.keyRefreshSeconds });
  // Loading first proves the key-encryption key opens the current key: a new key sealed with a
  // wrong one would be a key no server can use.
  await store.refresh().catch((error: unknown) => {
    // Database errors carry a code; a failed decryption is a plain Error.
    if (typeof (error as { code?: unknown }).code === 'string') throw error;
    throw new ConfigError(`The key-encryption key does not open the current signing key: ${(error as Error).message}`, { cause: error });
  });
  return store.rotate((trx, rotation) =>
    auditLog
      .append(trx, [
        changeEvent(
          context,
          'signing_key.rotated',
          { type: 'signing_key', id: rotation.created },
          { before: { signing_kids: rotation.retired }, after: { signing_kids: [rotation.created] } },
          { retired_kids: rotation.retired },
        ),
      ])
      .then(() => undefined),
  );
}
