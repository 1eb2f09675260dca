import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type CodeOptions, type ErrorObject } from 'ajv/dist/2020.js';
import { schemaFormats } from './formats.js';

/** Every schema's $id is `${schemaIdBase}<file name>`, so relative $refs work in Ajv and on disk alike. */
export const schemaIdBase = 'https://acctl.dev/schemas/';

export type JsonSchema = Record<string, unknown> & { $id: string; title?: string; description?: string };

/**
 * The `schemas/` folder: the repository's when running from source, the one a package's build
 * copied beside its dist/ when installed (cli/, server/): the nearest one up from here.
 */
export function schemasDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'schemas', 'scope.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('schemas/ folder not found');
    dir = parent;
  }
  return path.join(dir, 'schemas');
}

let cached: Map<string, JsonSchema> | undefined;

/** All schemas of schemas/ (recursively), by name: the file path without `.json`, e.g. `problem`. */
export function loadSchemas(): Map<string, JsonSchema> {
  if (cached) return cached;
  const root = schemasDir();
  const schemas = new Map<string, JsonSchema>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) {
        const name = path.relative(root, full).slice(0, -'.json'.length).split(path.sep).join('/');
        const schema = JSON.parse(readFileSync(full, 'utf8')) as JsonSchema;
        if (schema.$id !== `${schemaIdBase}${name}.json`) throw new Error(`schemas/${name}.json: $id must be ${schemaIdBase}${name}.json`);
        schemas.set(name, schema);
      }
    }
  };
  walk(root);
  cached = schemas;
  return schemas;
}

/** A `$ref` to a named schema, for route definitions. */
export function schemaRef(name: string): { $ref: string } {
  if (!loadSchemas().has(name)) throw new Error(`unknown schema "${name}"`);
  return { $ref: `${schemaIdBase}${name}.json` };
}

/**
 * Ajv (JSON Schema 2020-12) loaded with every schema. Bodies are validated as sent; query strings
 * and path parameters are coerced from text first (`?page=2` is the integer 2), as Fastify does.
 * `code` is for scripts/schema-validators.ts, which writes some of its validators out as source
 * (the precompiled validators of validators.ts).
 */
export function createAjv(options: { coerce: boolean; code?: CodeOptions }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    discriminator: true,
    coerceTypes: options.coerce ? 'array' : false,
    useDefaults: options.coerce,
    removeAdditional: false,
    ...(options.code ? { code: options.code } : {}),
  });
  // The formats as ajv-formats' plugin adds them (its full set), and ours; not the plugin itself:
  // bundled, its module would load all of Ajv's compiler into the CLI, which needs none of it. Its
  // formatMinimum keywords are used by no schema, and strict mode refuses a schema that would.
  for (const [name, format] of Object.entries(schemaFormats)) ajv.addFormat(name, format);
  for (const schema of loadSchemas().values()) ajv.addSchema(schema);
  return ajv;
}

export type { ErrorObject };
