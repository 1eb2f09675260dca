import type { Knex } from 'knex';
import type { ChangeFeed } from '../../plugins/change-feed.js';
import { latestFailures, retryAfterSeconds, type FailureThrottle } from '../../security/failure-throttle.js';
import { findClient, type OAuthClientRow } from './clients-repo.js';

/** What client authentication reads from the database: the client, and the throttle's failures. */
export interface ClientAuthLookup {
  client(clientId: string): Promise<OAuthClientRow | undefined>;
  secondsUntilAllowed(throttle: FailureThrottle, key: string, now: Date): Promise<number>;
}

/**
 * OAuth clients and the failure throttle's recent failures, kept in memory and trusted only at the
 * client_auth counter they were read at (migration 20261126_05: a trigger bumps it with any change
 * to oauth_clients or sign_in_failures, on any replica). The counter comes from the change feed's
 * shared read, taken after the request arrived, so a secret rotated or a failure recorded before
 * then is always seen, and concurrent token requests share one query instead of two each.
 */
export class ClientAuthCache {
  private generation = -1;
  private readonly clients = new Map<string, OAuthClientRow | null>();
  private readonly failures = new Map<string, Date[]>();
  private static readonly maxEntries = 10_000;

  constructor(
    private readonly db: Knex,
    private readonly feed: ChangeFeed,
  ) {}

  /** A lookup for one request: current as of a counter read that started after this call. */
  async current(): Promise<ClientAuthLookup> {
    const generation = (await this.feed.fresh()).client_auth;
    if (generation > this.generation) {
      this.clients.clear();
      this.failures.clear();
      this.generation = generation;
    }
    return {
      client: (clientId) => this.read(this.clients, clientId, generation, async () => (await findClient(this.db, clientId)) ?? null).then((row) => row ?? undefined),
      secondsUntilAllowed: async (throttle, key, now) => retryAfterSeconds(throttle, await this.read(this.failures, `${throttle.name}:${key}`, generation, () => latestFailures(this.db, throttle, key)), now),
    };
  }

  private async read<T>(map: Map<string, T>, key: string, generation: number, load: () => Promise<T>): Promise<T> {
    if (generation === this.generation && map.has(key)) return map.get(key)!;
    const value = await load();
    // Kept only while the counter it was read under is still the latest: a newer one may have
    // cleared the map since, and what was read may be older than that change.
    if (generation === this.generation) {
      if (map.size >= ClientAuthCache.maxEntries) map.clear();
      map.set(key, value);
    }
    return value;
  }
}
