import { createHash } from 'node:crypto';
import { BoundedMap } from '../../security/bounded-map.js';
import type { Caller } from './caller.js';

interface Entry {
  caller: Caller;
  generation: number;
}

/**
 * Bearer tokens already verified, so that a signature check and a revocation lookup are not paid
 * on every request. An entry holds until the token expires or the credentials generation moves
 * on (any revocation, API token change), whichever comes first. Keyed by SHA-256, so the map
 * keeps no token in the clear. At most `maxEntries` tokens (a few hundred bytes each), the least
 * recently used forgotten first. Only tokens that verified are kept: ones this service issued.
 */
export class VerifiedTokenCache {
  private readonly entries: BoundedMap<string, Entry>;
  private generation = -1;

  constructor(maxEntries = 10_000) {
    this.entries = new BoundedMap(maxEntries);
  }

  get size(): number {
    return this.entries.size;
  }

  get(token: string, generation: number, now: Date): Caller | undefined {
    this.resetIfStale(generation);
    const key = keyOf(token);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.caller.expiresAt && entry.caller.expiresAt.getTime() <= now.getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.caller;
  }

  set(token: string, caller: Caller, generation: number): void {
    this.resetIfStale(generation);
    this.entries.set(keyOf(token), { caller, generation });
  }

  private resetIfStale(generation: number): void {
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
    }
  }
}

function keyOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
