import type { Knex } from 'knex';
import type { ChangeFeed } from '../../plugins/change-feed.js';
import {
  admitAttempt,
  knownAddressRefreshSeconds,
  recordFailureIfAllowed,
  recordKnownAddress,
  secondsUntilAllowed,
  throttleKeys,
  type FailureThrottle,
  type ThrottleKeys,
} from '../../security/failure-throttle.js';
import type { TypedNames } from '../../security/typed-names.js';
import { approximateBytes, BoundedMap } from '../../security/bounded-map.js';
import { secretMatches } from '../../security/secrets.js';
import { findClient, type OAuthClientRow } from './clients-repo.js';

/** Entries of each of ClientAuthCache's maps, and the bytes of the client rows (their redirect URIs and scopes vary). */
export const clientAuthCacheBounds = { maxEntries: 10_000, maxClientBytes: 16 * 2 ** 20 };

/** What client authentication reads from the database and the failure throttle, as of one request. */
export interface ClientAuthLookup {
  client(clientId: string): Promise<OAuthClientRow | undefined>;
  throttleKeys(throttle: FailureThrottle, clientId: string, address: string): ThrottleKeys;
  /** From the cache: a pair still throttled is refused without a round trip (a wait only ever shortens while nothing is recorded). */
  secondsUntilAllowed(keys: ThrottleKeys, now: Date): Promise<number>;
  /** A wrong secret: the atomic step (recordFailureIfAllowed), 0 when recorded, else the seconds to wait. */
  recordFailure(keys: ThrottleKeys, now: Date): Promise<number>;
  /**
   * A right secret, once secondsUntilAllowed answered 0 for its keys on this lookup: 0 when it may
   * be let in, else the seconds to wait. If nothing of client authentication changed on any
   * replica between this lookup's counter read and a read that starts now (shared by concurrent
   * requests), no failure was recorded in between, so the verdict still holds at that second read
   * and the attempt is ordered there, before any failure recorded later. Otherwise the atomic step
   * decides (admitAttempt), ordered against every failure; that is what guesses sent at once meet.
   */
  admit(keys: ThrottleKeys, now: Date): Promise<number>;
  /**
   * A right secret for a client and pair this replica already holds, checked before this lookup
   * reads anything: the client when the counter read that follows the comparison finds nothing of
   * client authentication changed since they were read (so the pair was not throttled at that
   * read, which orders the attempt after every failure recorded before it), else undefined and the
   * caller takes the full path. One round trip for a service's steady stream of token requests.
   */
  admitKnown(clientId: string, clientSecret: string, keys: ThrottleKeys, now: Date): Promise<OAuthClientRow | undefined>;
  /**
   * A secret compared and found wrong for these keys: until this lookup is settled (its failure
   * recorded, refused, or the request over), a right secret for the same client_id compared on
   * this replica waits for it and then takes the atomic step (admit). Without that, a right secret
   * sent among many wrong ones at once could be let in before their failures were written.
   */
  markWrong(keys: ThrottleKeys): void;
  /** Ends what markWrong started; called once the request's attempt is answered. */
  settle(): void;
  /**
   * The client authenticated from this address: the address is known (recordKnownAddress), so
   * guessers elsewhere cannot lock it out. Written when this replica has not written it within
   * knownAddressRefreshSeconds; otherwise nothing, no round trip.
   */
  rememberAddress(keys: ThrottleKeys, now: Date): Promise<void>;
  /** A client_id as the audit log may show it when no such client exists (typed-names.ts). */
  unknownClientIdDigest(clientId: string): string;
}

/**
 * OAuth clients and the failure throttle's verdicts, kept in memory and trusted only at the
 * client_auth counter they were read at (migrations 20261126_05 and 20261127_01/_02: triggers bump
 * it with any change to oauth_clients and with every client-authentication failure or lockout,
 * on any replica). The counter comes from the change feed's shared read, taken after the request
 * arrived, so a secret rotated or a failure recorded before then is always seen, and concurrent
 * token requests share one query instead of two each. A verdict is kept as the time the pair may
 * be tried again: with no new failure, waiting only ever shortens.
 */
export class ClientAuthCache {
  private generation = -1;
  // Keyed by what token requests send (client ids that may name no client, throttle pairs), so
  // bounded: the least recently used forgotten first (security/bounded-map.ts).
  private readonly clients: BoundedMap<string, OAuthClientRow | null>;
  private readonly allowedAt: BoundedMap<string, number>;
  // The throttle's keyed digests of (client_id, address): two HMACs a request otherwise, on the
  // token endpoint's hot path. They depend on nothing a change counter tracks, so they survive it.
  private readonly keys: BoundedMap<string, ThrottleKeys>;
  // Wrong secrets compared on this replica whose failure is not yet recorded, by client_id (the
  // throttle's account key). Bounded by the requests in flight: each entry leaves when its request settles.
  private readonly unrecorded = new Map<string, Set<Promise<void>>>();
  // When this replica last wrote each pair as a known address: depends on no change counter.
  private readonly rememberedAt: BoundedMap<string, number>;

  constructor(
    private readonly db: Knex,
    private readonly feed: ChangeFeed,
    private readonly typedNames: TypedNames,
    bounds: { maxEntries: number; maxClientBytes: number } = clientAuthCacheBounds,
  ) {
    this.clients = new BoundedMap(bounds.maxEntries, {
      maxWeight: bounds.maxClientBytes,
      weigh: (row, clientId) => approximateBytes(clientId) + approximateBytes(row),
    });
    this.allowedAt = new BoundedMap(bounds.maxEntries);
    this.keys = new BoundedMap(bounds.maxEntries);
    this.rememberedAt = new BoundedMap(bounds.maxEntries);
  }

  /**
   * A lookup for one request whose counter read starts at its first use, so that admitKnown can
   * compare a secret before it: every answer is current as of a read that started after this call.
   */
  lookup(): ClientAuthLookup {
    // The lookup's one counter read (shared with concurrent requests by the change feed); a newer counter empties the maps.
    let read: Promise<number> | undefined;
    const counter = (): Promise<number> =>
      (read ??= this.feed.fresh().then(({ client_auth: generation }) => {
        if (generation > this.generation) {
          this.clients.clear();
          this.allowedAt.clear();
          this.generation = generation;
        }
        return generation;
      }));
    let wrong: { account: string; settled: Promise<void>; settle: () => void } | undefined;
    // What this lookup's right secret waits for: the wrong ones compared here before it, or that came since.
    const wrongOthers = (account: string): Promise<void>[] => [...(this.unrecorded.get(account) ?? [])].filter((settled) => settled !== wrong?.settled);
    const lookup: ClientAuthLookup = {
      client: async (clientId) => {
        const generation = await counter();
        return this.read(this.clients, clientId, generation, async () => (await findClient(this.db, clientId)) ?? null).then((row) => row ?? undefined);
      },
      throttleKeys: (throttle, clientId, address) => {
        const key = `${throttle.name}\u0000${clientId}\u0000${address}`;
        let keys = this.keys.get(key);
        if (!keys) this.keys.set(key, (keys = throttleKeys(this.typedNames, throttle, clientId, address)));
        return keys;
      },
      secondsUntilAllowed: async (keys, now) => {
        const generation = await counter();
        const allowedAt = await this.read(
          this.allowedAt,
          keys.pairKey,
          generation,
          async () => now.getTime() + (await secondsUntilAllowed(this.db, keys, now)) * 1000,
        );
        return Math.max(0, Math.ceil((allowedAt - now.getTime()) / 1000));
      },
      recordFailure: (keys, now) => recordFailureIfAllowed(this.db, keys, now),
      admit: async (keys, now) => {
        const generation = await counter();
        const pending = wrongOthers(keys.accountKey);
        if (pending.length > 0) {
          await Promise.all(pending);
          return admitAttempt(this.db, keys, now);
        }
        return (await this.feed.fresh()).client_auth === generation ? 0 : admitAttempt(this.db, keys, now);
      },
      admitKnown: async (clientId, clientSecret, keys, now) => {
        if (read) return undefined;
        const generation = this.generation;
        const client = this.clients.get(clientId);
        const allowedAt = this.allowedAt.get(keys.pairKey);
        // A chosen secret is never compared before its slot (authenticate-client.ts).
        if (generation < 0 || !client || client.client_type !== 'confidential' || client.secret_chosen) return undefined;
        if (allowedAt === undefined || allowedAt > now.getTime()) return undefined;
        if (!secretMatches(clientSecret, client.secret_hash)) return void lookup.markWrong(keys);
        if (wrongOthers(keys.accountKey).length > 0) return undefined;
        // Counters only grow: the same value at a read started after the comparison means no
        // secret rotated and no failure was recorded on any replica since client and verdict were read.
        return (await counter()) === generation ? client : undefined;
      },
      markWrong: (keys) => {
        if (wrong) return;
        let settle!: () => void;
        const settled = new Promise<void>((resolve) => (settle = resolve));
        wrong = { account: keys.accountKey, settled, settle };
        const set = this.unrecorded.get(keys.accountKey) ?? new Set();
        this.unrecorded.set(keys.accountKey, set.add(settled));
      },
      settle: () => {
        if (!wrong) return;
        const { account, settled, settle } = wrong;
        wrong = undefined;
        const set = this.unrecorded.get(account);
        set?.delete(settled);
        if (set?.size === 0) this.unrecorded.delete(account);
        settle();
      },
      rememberAddress: async (keys, now) => {
        const last = this.rememberedAt.get(keys.pairKey);
        if (last !== undefined && now.getTime() - last < knownAddressRefreshSeconds * 1000) return;
        await recordKnownAddress(this.db, keys, now);
        this.rememberedAt.set(keys.pairKey, now.getTime());
      },
      unknownClientIdDigest: (clientId) => this.typedNames.auditDigest('client_id', clientId),
    };
    return lookup;
  }

  /** Entries of each map, for tests and diagnostics. */
  get sizes(): { clients: number; allowedAt: number; unrecorded: number } {
    return { clients: this.clients.size, allowedAt: this.allowedAt.size, unrecorded: this.unrecorded.size };
  }

  private async read<T>(map: BoundedMap<string, T>, key: string, generation: number, load: () => Promise<T>): Promise<T> {
    if (generation === this.generation && map.has(key)) return map.get(key)!;
    const value = await load();
    // Kept only while the counter it was read under is still the latest: a newer one may have
    // cleared the map since, and what was read may be older than that change.
    if (generation === this.generation) map.set(key, value);
    return value;
  }
}
