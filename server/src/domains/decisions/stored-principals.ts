import type { Knex } from 'knex';
import type { ChangeFeed } from '../../plugins/change-feed.js';
import { findPrincipalAttributes } from '../principals/service.js';

type Attributes = Record<string, string | number | boolean>;

/**
 * Stored principal attributes for decisions, cached until the principals generation moves on
 * (checked by the same shared read as the policies, so no extra round trip per decision).
 */
export class StoredPrincipals {
  private cache = new Map<string, Attributes | null>();
  private generation = -1;
  private static readonly maxEntries = 10_000;

  constructor(private readonly db: Knex) {}

  async attributes(id: string, generation: number): Promise<Attributes | undefined> {
    if (generation !== this.generation) {
      this.cache.clear();
      this.generation = generation;
    }
    if (this.cache.has(id)) return this.cache.get(id) ?? undefined;
    const found = await findPrincipalAttributes(this.db, id);
    if (this.cache.size >= StoredPrincipals.maxEntries) this.cache.clear();
    this.cache.set(id, found?.attributes ?? null);
    return found?.attributes;
  }

  static watch(feed: ChangeFeed, principals: StoredPrincipals): void {
    feed.onChange('principals', () => principals.cache.clear());
  }
}
