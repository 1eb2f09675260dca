import type { Knex } from 'knex';
import type { Principal } from '../../../../core/src/index.js';
import type { ChangeFeed } from '../../plugins/change-feed.js';
import { approximateBytes, BoundedMap } from '../../security/bounded-map.js';
import { findPrincipalAttributes } from '../principals/index.js';

type Attributes = Record<string, string | number | boolean>;

/** What decisions take from a stored principal: its kind, which fixes the request's type, and its attributes. */
export interface StoredPrincipal {
  kind: Principal['kind'];
  attributes: Attributes;
}

/**
 * How many principals' attributes one replica keeps, and their bytes in all. A principal's
 * attributes may reach about 200 KB (schemas/principal-attributes.json: 100 keys, strings of 1000
 * characters), and evaluate:decisions callers choose which ids are looked up, so the count alone
 * would not bound memory (10,000 such principals: 2 GB).
 */
export const storedPrincipalsBounds = { maxEntries: 10_000, maxBytes: 32 * 2 ** 20 };

/**
 * Stored principal attributes for decisions, cached until the principals generation moves on
 * (checked by the same shared read as the policies, so no extra round trip per decision). Ids
 * that name no principal are kept too (as null), so a flood of made-up ids costs one query each
 * once, and the bounds above hold either way: the least recently used are forgotten first.
 */
export class StoredPrincipals {
  private readonly cache: BoundedMap<string, StoredPrincipal | null>;
  private generation = -1;

  constructor(
    private readonly db: Knex,
    bounds: { maxEntries: number; maxBytes: number } = storedPrincipalsBounds,
  ) {
    this.cache = new BoundedMap(bounds.maxEntries, {
      maxWeight: bounds.maxBytes,
      weigh: (principal, id) => approximateBytes(id) + approximateBytes(principal),
    });
  }

  /** Entries and their approximate bytes, for tests and diagnostics. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.cache.size, bytes: this.cache.weight };
  }

  async find(id: string, generation: number): Promise<StoredPrincipal | undefined> {
    if (generation !== this.generation) {
      this.cache.clear();
      this.generation = generation;
    }
    if (this.cache.has(id)) return this.cache.get(id) ?? undefined;
    const found = await findPrincipalAttributes(this.db, id);
    // Kept only while its generation is still the latest: a newer one may have cleared the cache
    // meanwhile, and this read may predate that change (ClientAuthCache does the same).
    if (generation === this.generation) this.cache.set(id, found ?? null);
    return found;
  }

  static watch(feed: ChangeFeed, principals: StoredPrincipals): void {
    feed.onChange('principals', () => principals.cache.clear());
  }
}
