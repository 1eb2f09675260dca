import { loadSchemas, schemaIdBase } from './registry.js';

/**
 * One schema of schemas/ with every schema it references, directly or not, copied under `$defs`
 * (by name) and every `$ref` rewritten to a local `#/$defs/<name>...` pointer: a document that needs
 * nothing else to be read. The schema files reference each other by `$id`
 * (`https://acctl.dev/schemas/<name>.json`, or relative to it), which Ajv resolves from the
 * registry but an editor can only resolve by fetching that address; a bundle never sends it
 * there. The copies lose their `$id` and `$schema`: with every reference local, they are plain
 * subschemas of the bundle (JSON Schema 2020-12, section 9.3, lets a bundle keep them as embedded
 * resources instead, but an editor would then resolve against acctl.dev again).
 */
export function bundleSchema(name: string): Record<string, unknown> {
  const schemas = loadSchemas();
  const root = schemas.get(name);
  if (!root) throw new Error(`unknown schema "${name}"`);
  const defs = new Map<string, unknown>();
  const pending: string[] = [];

  /** The local pointer of a reference made inside the schema file `from`. */
  const localRef = (ref: string, from: string): string => {
    const target = new URL(ref, `${schemaIdBase}${from}.json`);
    const fragment = decodeURIComponent(target.hash.slice(1));
    if (fragment !== '' && !fragment.startsWith('/')) throw new Error(`schemas/${from}.json: $ref "${ref}": only JSON Pointer fragments can be bundled`);
    target.hash = '';
    if (!target.href.startsWith(schemaIdBase) || !target.href.endsWith('.json'))
      throw new Error(`schemas/${from}.json: $ref "${ref}" is not a schema of schemas/`);
    const targetName = target.href.slice(schemaIdBase.length, -'.json'.length);
    if (!schemas.has(targetName)) throw new Error(`schemas/${from}.json: $ref "${ref}": no schema named ${targetName}`);
    if (targetName === name) return `#${encodePointer(fragment)}`;
    if (!defs.has(targetName) && !pending.includes(targetName)) pending.push(targetName);
    return `#/$defs/${encodeSegment(targetName)}${encodePointer(fragment)}`;
  };

  /** A copy of `value` (part of schemas/<from>.json) with its references local; `depth` 0 is the file's top. */
  const rewrite = (value: unknown, from: string, prefix: string, depth: number): unknown => {
    if (Array.isArray(value)) return value.map((child) => rewrite(child, from, prefix, depth + 1));
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (depth === 0 && (key === '$id' || key === '$schema')) continue;
      if (key === '$ref' && typeof child === 'string') {
        // A reference inside the file itself (`#/...`) moves with the file under its $defs entry.
        out.$ref = child.startsWith('#') ? `#${encodePointer(prefix + decodeURIComponent(child.slice(1)))}` : localRef(child, from);
      } else out[key] = rewrite(child, from, prefix, depth + 1);
    }
    return out;
  };

  const bundled = rewrite(root, name, '', 0) as Record<string, unknown>;
  while (pending.length > 0) {
    const next = pending.shift()!;
    defs.set(next, rewrite(schemas.get(next), next, `/$defs/${encodeSegment(next)}`, 0));
  }
  if (defs.size === 0) return bundled;
  const own = (bundled.$defs ?? {}) as Record<string, unknown>;
  for (const defName of defs.keys())
    if (defName in own) throw new Error(`schemas/${name}.json: its $defs already has "${defName}", the name of a bundled schema`);
  const sorted = [...defs.entries()].sort(([a], [b]) => a.localeCompare(b));
  return { ...bundled, $defs: { ...own, ...Object.fromEntries(sorted) } };
}

/** Every `$ref` of a schema, anywhere in it. */
export function schemaRefs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const child of value) schemaRefs(child, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else schemaRefs(child, found);
    }
  }
  return found;
}

/** RFC 6901: `~` and `/` in a reference token are escaped. */
const encodeSegment = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** A decoded JSON Pointer, percent-encoded where a URI fragment needs it (RFC 6901, section 6). */
const encodePointer = (pointer: string): string => encodeURI(pointer).replaceAll('#', '%23');
