import { createHash } from 'node:crypto';
import type { Caller } from './verify-bearer-token.js';

interface Entry {
  caller: Caller;
  generation: number;
}

/**
 * Bearer tokens already verified, so that a signature check and a revocation lookup are not paid
 * on every request. An entry holds until the token expires or the credentials generation moves
 * on (any revocation, API token change), whichever comes first. Keyed by SHA-256, so the map
 * keeps no token in the clear.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, Entry>();
  private generation = -1;

  constructor(private readonly maxEntries = 10_000) {}

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
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
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
