import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
// From the registry, not core's entry: the entry loads the generated validators, which gen:types also writes.
import { loadSchemas, schemaIdBase } from '../core/src/schemas/registry.js';

/** `name` as one JSON Pointer token (RFC 6901): schemas in folders (`cli/error`) hold a `/`. */
const pointerToken = (name: string): string => name.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Rewrites `$ref`s to `#/$defs/<name>` inside one combined document: between schema files (resolved
 * from the folder of `name`, the schema they are in), and within one (`#/$defs/x` of `name`).
 */
function localRefs(value: unknown, name: string): unknown {
  if (Array.isArray(value)) return value.map((item) => localRefs(item, name));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') {
      const [file = '', fragment = ''] = child.split('#');
      const target = file === '' ? name : path.posix.join(path.posix.dirname(name), file.replace(schemaIdBase, '').replace(/\.json$/, ''));
      out.$ref = `#/$defs/${pointerToken(target)}${fragment}`;
    } else if (key !== '$id' && key !== '$schema' && key !== 'discriminator') out[key] = localRefs(child, name);
  }
  // An object of named properties, one of them an object of its own (RequestContext's delegation),
  // beside scalar others: TypeScript holds every property to the index signature's type, so the
  // index is `unknown` there (what the engine's EngineContext has); validation is unchanged.
  const properties = (value as { properties?: unknown }).properties;
  if (properties && typeof properties === 'object' && Object.values(properties).some((child) => (child as { $ref?: unknown })?.$ref !== undefined))
    if (out.additionalProperties && typeof out.additionalProperties === 'object') out.additionalProperties = { ...out.additionalProperties, tsType: 'unknown' };
  return out;
}

/**
 * TypeScript source for every schema of schemas/ (shared by the generator and its drift test).
 * All schemas are compiled as one document so that each type is declared exactly once.
 */
export async function generateSchemaTypes(): Promise<string> {
  const defs = Object.fromEntries([...loadSchemas().entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, schema]) => [name, localRefs(schema, name)]));
  const source = await compile({ title: 'AcctlSchemas', type: 'object', $defs: defs, additionalProperties: false } as never, 'AcctlSchemas', {
    bannerComment: '// Generated from schemas/ by `npm run gen:types`. Do not edit by hand.\n/* eslint-disable */',
    declareExternallyReferenced: true,
    unreachableDefinitions: true,
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    strictIndexSignatures: true,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  // The wrapper type exists only to carry the definitions.
  return source.replace(/export interface AcctlSchemas \{\s*\}\n?/, '');
}
