import { loadSchemas, schemaIdBase, type JsonSchema } from '../../../core/src/index.js';
import type { DocumentPath } from './yaml-file.js';

type Schema = Record<string, unknown>;

/**
 * The schema that applies at a place in a document, read from the same schema files Ajv validates with:
 * `$ref`s followed, and for a `oneOf` with a `discriminator` the branch the document's tag selects (a
 * `time` condition's `value` has start, end and timezone). Used to name what is allowed where a value
 * is wrong (the fields to suggest for a typo, the values of an enum). Undefined where it cannot tell.
 */
export function schemaAt(schemaName: string, document: unknown, path: DocumentPath): Schema | undefined {
  let schema: Schema | undefined = loadSchemas().get(schemaName);
  let value: unknown = document;
  for (const segment of path) {
    schema = selectBranch(resolve(schema), value);
    if (schema === undefined) return undefined;
    schema = childSchema(schema, segment);
    value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[segment] : undefined;
  }
  return selectBranch(resolve(schema), value);
}

/** The property names a schema allows (`$schema`, an editor hint, left out). */
export function allowedProperties(schema: Schema | undefined): string[] {
  const properties = schema?.properties;
  return properties !== null && typeof properties === 'object' ? Object.keys(properties).filter((name) => !name.startsWith('$')) : [];
}

/** The tag values of a discriminated oneOf (the condition types: time, risk_score, ...; a time condition's operators). */
export function discriminatorValues(schema: Schema | undefined): string[] {
  const tag = discriminatorTag(schema);
  if (tag === undefined || !Array.isArray(schema?.oneOf)) return [];
  return schema.oneOf.flatMap((branch: unknown) => tagValues(resolve(branch as Schema), tag));
}

/** The values a branch's tag property takes: its `const`, or its `enum` (a branch for several operators). */
function tagValues(branch: Schema | undefined, tag: string): string[] {
  const property = (branch?.properties as Record<string, Schema> | undefined)?.[tag];
  const values: unknown[] = property?.const !== undefined ? [property.const] : Array.isArray(property?.enum) ? property.enum : [];
  return values.filter((value): value is string => typeof value === 'string');
}

function discriminatorTag(schema: Schema | undefined): string | undefined {
  const discriminator = schema?.discriminator as { propertyName?: unknown } | undefined;
  return typeof discriminator?.propertyName === 'string' ? discriminator.propertyName : undefined;
}

function resolve(schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current !== undefined && typeof current.$ref === 'string' && hops < 20; hops += 1) {
    const ref = current.$ref;
    const id = ref.startsWith(schemaIdBase) ? ref : `${schemaIdBase}${ref}`;
    current = schemasById().get(id);
  }
  return current;
}

/** The branch the value's tags select, through nested discriminators (a condition's type, then a time condition's operator). */
function selectBranch(schema: Schema | undefined, value: unknown): Schema | undefined {
  let current = schema;
  for (let depth = 0; depth < 5; depth += 1) {
    const tag = discriminatorTag(current);
    if (tag === undefined || !Array.isArray(current?.oneOf)) return current;
    const tagValue = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[tag] : undefined;
    const chosen = (current.oneOf as Schema[]).map(resolve).find((branch) => typeof tagValue === 'string' && tagValues(branch, tag).includes(tagValue));
    if (chosen === undefined) return current;
    current = chosen;
  }
  return current;
}

function childSchema(schema: Schema, segment: string | number): Schema | undefined {
  if (typeof segment === 'number') return isSchema(schema.items) ? schema.items : undefined;
  const properties = schema.properties as Record<string, unknown> | undefined;
  const property = properties?.[segment];
  if (isSchema(property)) return property;
  return isSchema(schema.additionalProperties) ? schema.additionalProperties : undefined;
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

let byId: Map<string, JsonSchema> | undefined;

function schemasById(): Map<string, JsonSchema> {
  byId ??= new Map([...loadSchemas().values()].map((schema) => [schema.$id, schema]));
  return byId;
}
