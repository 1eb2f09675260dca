/**
 * A Map for in-memory caches keyed by what callers send (tokens, client ids, principal ids): at
 * most `maxEntries` entries and, when a `weigh` is given, at most `maxWeight` in all, the least
 * recently used forgotten first. Whatever callers send, it never holds more, so a flood of
 * distinct keys costs the flooder cache misses, not the process its memory (issue #19, finding
 * 13). Map keeps insertion order, so moving an entry to the end on use makes the first key the
 * least recently used one, in O(1) (as the lru-cache package does with its own list).
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(
    readonly maxEntries: number,
    private readonly options: { maxWeight?: number; weigh?: (value: V, key: K) => number } = {},
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries must be a positive whole number, got ${maxEntries}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The sum of the entries' weights (their count without `weigh`). */
  get weight(): number {
    return this.totalWeight;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Stores the value as the most recently used, then forgets the least recently used entries
   * until both bounds hold. A value heavier than `maxWeight` on its own is not kept at all.
   */
  set(key: K, value: V): this {
    this.delete(key);
    const weight = this.options.weigh ? this.options.weigh(value, key) : 1;
    const maxWeight = this.options.maxWeight ?? Number.POSITIVE_INFINITY;
    if (weight > maxWeight) return this;
    while (this.entries.size >= this.maxEntries || this.totalWeight + weight > maxWeight) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    return this;
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
  }
}

/**
 * The rough size in bytes of a JSON-like value (UTF-16 strings, 8-byte numbers, a little per
 * member): enough to weigh cache entries whose size their writers choose (principal attributes).
 */
export function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return 16 + value.length * 2;
  if (value === null || typeof value !== 'object') return 8;
  if (value instanceof Date) return 32;
  let bytes = 32;
  if (Array.isArray(value)) {
    for (const item of value) bytes += 8 + approximateBytes(item);
    return bytes;
  }
  for (const [name, member] of Object.entries(value)) bytes += 8 + approximateBytes(name) + approximateBytes(member);
  return bytes;
}
