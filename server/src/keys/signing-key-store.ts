import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import type { Knex } from 'knex';
import { decryptPrivateKey, encryptPrivateKey } from './key-encryption.js';

const generateRsaKeyPair = promisify(generateKeyPair);

/** Spec, "Key set (JWKS)": kty RSA, kid, use sig, alg RS256, n, e. */
export interface PublishedJwk {
  kty: 'RSA';
  kid: string;
  use: 'sig';
  alg: 'RS256';
  n: string;
  e: string;
}

interface SigningKeyRow {
  kid: string;
  public_jwk: PublishedJwk;
  private_key_encrypted: string;
  created_at: Date;
  retired_at: Date | null;
}

export interface SigningKeyStoreOptions {
  keyEncryptionKey: string;
  /** How long a retired key stays published: at least the access-token lifetime. */
  retentionSeconds: number;
  /** How often keys are re-read, so a rotation on another replica is picked up. */
  refreshSeconds: number;
  now?: () => Date;
  /**
   * The key pair of a database that has none, at its first start: RSA-2048 made on the spot by
   * default. Tests start hundreds of apps on fresh databases and hand them one pair made ahead
   * (test/helpers/app.ts): a pair costs 0.2 s of CPU, 50 s of the suite's. A rotation always makes
   * a new pair here, so a database never holds one twice.
   */
  firstKeyPair?: () => Promise<RsaKeyPair>;
}

export interface RsaKeyPair {
  publicKey: KeyObject;
  privateKey: KeyObject;
}

/** A new RS256 signing key pair, RSA-2048, made in libuv's thread pool. */
export function newRsaKeyPair(): Promise<RsaKeyPair> {
  return generateRsaKeyPair('rsa', { modulusLength: 2048 });
}

/** Least time between two re-reads of the keys caused by unknown kids. */
const minRereadIntervalMs = 1000;

// Any 64-bit number will do; it only serialises key creation between replicas.
const keyCreationLock = 0x61636374_6c6b6579n;

/**
 * RS256 signing keys kept in PostgreSQL and shared by every replica. The newest unretired key
 * signs; it and every key retired less than `retentionSeconds` ago are published and verify.
 */
export class SigningKeyStore {
  private active: { kid: string; privateKey: KeyObject } | undefined;
  private published = new Map<string, { jwk: PublishedJwk; publicKey: KeyObject }>();
  private lastRefresh = 0;
  /** The `signing_keys` change counter the keys in memory are at least as new as. */
  private generation = -1;
  private pendingReread: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly db: Knex,
    private readonly options: SigningKeyStoreOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Creates the first key if there is none (once, whichever replica gets there first), then loads. */
  async start(): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [keyCreationLock.toString()]);
      const current = await trx('signing_keys').whereNull('retired_at').first('kid');
      if (!current) await this.insertNewKey(trx, this.options.firstKeyPair ?? newRsaKeyPair);
    });
    await this.refresh();
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), this.options.refreshSeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Retires the signing key and creates its successor; the old one stays published. `inTransaction`
   * runs last in the rotation's transaction (the CLI records signing_key.rotated there).
   */
  async rotate(
    inTransaction?: (trx: Knex.Transaction, rotation: { retired: string[]; created: string }) => Promise<void>,
  ): Promise<{ retired: string[]; created: string }> {
    const result = await this.db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [keyCreationLock.toString()]);
      const retired = await trx('signing_keys').whereNull('retired_at').update({ retired_at: this.now() }).returning('kid');
      const created = await this.insertNewKey(trx, newRsaKeyPair);
      const rotation = { retired: retired.map((row: { kid: string }) => row.kid), created };
      await inTransaction?.(trx, rotation);
      return rotation;
    });
    await this.refresh();
    return result;
  }

  /**
   * Re-reads the keys if the `signing_keys` counter (change feed) moved past the one they were
   * read at, so a key rotated on another replica is published from the next request on.
   */
  async catchUp(generation: number): Promise<void> {
    if (generation <= this.generation) return;
    await this.refresh();
    this.generation = Math.max(this.generation, generation);
  }

  async refresh(): Promise<void> {
    const publishedSince = new Date(this.now().getTime() - this.options.retentionSeconds * 1000);
    const rows: SigningKeyRow[] = await this.db('signing_keys')
      .whereNull('retired_at')
      .orWhere('retired_at', '>', publishedSince)
      .orderBy('created_at', 'desc')
      .select('*');
    const published = new Map<string, { jwk: PublishedJwk; publicKey: KeyObject }>();
    for (const row of rows) {
      published.set(row.kid, { jwk: row.public_jwk, publicKey: createPublicKey({ key: row.public_jwk as JWK & { kty: 'RSA' }, format: 'jwk' }) });
    }
    const signing = rows.find((row) => row.retired_at === null);
    if (signing && signing.kid !== this.active?.kid) {
      const pem = decryptPrivateKey(signing.private_key_encrypted, this.options.keyEncryptionKey, signing.kid);
      this.active = { kid: signing.kid, privateKey: createPrivateKey(pem) };
    }
    this.published = published;
    this.lastRefresh = Date.now();
  }

  signingKey(): { kid: string; privateKey: KeyObject } {
    if (!this.active) throw new Error('signing keys are not loaded: call start() first');
    return this.active;
  }

  /**
   * The public key for `kid`. An unknown kid may be a key rotated on another replica since the
   * last read, so it waits for a re-read. Re-reads are shared and start at most once a second, so
   * made-up kids cannot flood the database; a token that arrives within that second waits for the
   * next re-read instead of being refused.
   */
  async verificationKey(kid: string): Promise<KeyObject | undefined> {
    const known = this.published.get(kid);
    if (known) return known.publicKey;
    await this.rereadForUnknownKid();
    return this.published.get(kid)?.publicKey;
  }

  private rereadForUnknownKid(): Promise<void> {
    this.pendingReread ??= (async () => {
      const wait = this.lastRefresh + minRereadIntervalMs - Date.now();
      if (wait > 0) await delay(wait, undefined, { ref: false });
      await this.refresh();
    })().finally(() => {
      this.pendingReread = undefined;
    });
    return this.pendingReread;
  }

  jwks(): { keys: PublishedJwk[] } {
    return { keys: [...this.published.values()].map((entry) => entry.jwk) };
  }

  private async insertNewKey(trx: Knex.Transaction, makeKeyPair: () => Promise<RsaKeyPair>): Promise<string> {
    const { publicKey, privateKey } = await makeKeyPair();
    const jwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk, 'sha256');
    const publicJwk: PublishedJwk = { kty: 'RSA', kid, use: 'sig', alg: 'RS256', n: jwk.n!, e: jwk.e! };
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await trx('signing_keys').insert({
      kid,
      public_jwk: JSON.stringify(publicJwk),
      private_key_encrypted: encryptPrivateKey(pem, this.options.keyEncryptionKey, kid),
      created_at: this.now(),
    });
    return kid;
  }
}
