import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';

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
 */
export function createAjv(options: { coerce: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    discriminator: true,
    coerceTypes: options.coerce ? 'array' : false,
    useDefaults: options.coerce,
    removeAdditional: false,
  });
  // ajv-formats is CommonJS: its module is the plugin, and `.default` the same plugin again.
  ajvFormats.default(ajv);
  ajv.addFormat('iana-time-zone', { type: 'string', validate: isIanaTimeZone });
  for (const schema of loadSchemas().values()) ajv.addSchema(schema);
  return ajv;
}

let knownTimeZones: Set<string> | undefined;

/** An IANA zone name the runtime knows (Intl's list omits aliases such as UTC, so those are tried). */
export function isIanaTimeZone(name: string): boolean {
  knownTimeZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (knownTimeZones.has(name)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

let standalone: Ajv2020 | undefined;

/** A compiled validator for a named schema (the CLI and tests use this; the server goes through Fastify). */
export function validatorFor(name: string): ValidateFunction {
  standalone ??= createAjv({ coerce: false });
  const validate = standalone.getSchema(`${schemaIdBase}${name}.json`);
  if (!validate) throw new Error(`unknown schema "${name}"`);
  return validate;
}

export type { ErrorObject };
