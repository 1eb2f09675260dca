import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SigningKeyStore, type SigningKeyStoreOptions } from '../keys/signing-key-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    signingKeys: SigningKeyStore;
  }
}

/** Loads (or, on the very first start, creates) the shared RS256 keys before the app answers. */
export const signingKeysPlugin = fp(
  async (app: FastifyInstance, options: { firstKeyPair?: SigningKeyStoreOptions['firstKeyPair'] }) => {
    const store = new SigningKeyStore(app.db, {
      keyEncryptionKey: app.config.keyEncryptionKey,
      retentionSeconds: app.config.keyRetentionSeconds,
      refreshSeconds: app.config.keyRefreshSeconds,
      firstKeyPair: options.firstKeyPair,
    });
    await store.start();
    // A key rotated elsewhere: sign with it and publish it at once, not at the next refresh.
    app.changeFeed.onChange(
      'signing_keys',
      () => void store.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'signing keys: re-read after a rotation failed')),
    );
    app.decorate('signingKeys', store);
    app.addHook('onClose', async () => store.stop());
  },
  { name: 'signing-keys', dependencies: ['db', 'change-feed'] },
);
