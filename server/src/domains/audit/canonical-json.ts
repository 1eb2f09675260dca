/**
 * RFC 8785 JSON Canonicalization Scheme (JCS) for the values JSON.parse produces: object members
 * sorted by their names' UTF-16 code units (JavaScript's default sort order), no whitespace, and
 * strings and numbers serialised as ECMAScript's JSON.stringify does (which is what JCS 3.2.2
 * prescribes). Members whose value is undefined are left out, as JSON.stringify does, so a value
 * hashes the same before it is stored as jsonb and after it is read back.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonicalJson: JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`canonicalJson: a ${typeof value} is not JSON`);
}

/** The value as it reads back from JSON (Dates become ISO strings, undefined members disappear). */
export function asJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
