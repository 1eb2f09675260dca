/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): object members sorted by their names' UTF-16 code
 * units (JavaScript's default sort order), no whitespace, and strings and numbers serialised as
 * ECMAScript's JSON.stringify does (which is what JCS 3.2.2 prescribes). Any value is read as
 * JSON.stringify reads it (toJSON, so Dates become ISO strings; undefined, functions and symbols
 * left out of objects and null in arrays; NaN and Infinity null), so a value hashes the same before
 * it is stored as jsonb and after it is read back: canonicalJson(x) === canonicalJson(asJson(x)).
 * One pass, no intermediate copies: every audit event is hashed through it on the decision path.
 */
export function canonicalJson(value: unknown): string {
  const text = write(value);
  if (text === undefined) throw new TypeError(`canonicalJson: a ${typeof value} is not JSON`);
  return text;
}

function write(input: unknown): string | undefined {
  let value = input;
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    value = (value as { toJSON(): unknown }).toJSON();
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('canonicalJson: a bigint is not JSON');
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? writeArray(value) : writeObject(value as Record<string, unknown>);
    default:
      return undefined;
  }
}

function writeArray(items: readonly unknown[]): string {
  let text = '[';
  for (let i = 0; i < items.length; i++) text += (i === 0 ? '' : ',') + (write(items[i]) ?? 'null');
  return `${text}]`;
}

function writeObject(object: Record<string, unknown>): string {
  const keys = Object.keys(object).sort();
  let text = '{';
  for (const key of keys) {
    const member = write(object[key]);
    if (member === undefined) continue;
    text += `${text.length === 1 ? '' : ','}${quotedName(key)}:${member}`;
  }
  return `${text}}`;
}

/** Member names repeat from event to event: quoted once (a bounded cache; names past the bound are quoted each time). */
const quotedNames = new Map<string, string>();
const maxQuotedNames = 10_000;

function quotedName(name: string): string {
  let quoted = quotedNames.get(name);
  if (quoted === undefined) {
    quoted = JSON.stringify(name);
    if (quotedNames.size < maxQuotedNames && name.length <= 64) quotedNames.set(name, quoted);
  }
  return quoted;
}
