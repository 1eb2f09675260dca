import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { requestKindOf, type PathKind } from '../../../../core/src/engine/analysis/request-kinds.js';

type Schema = {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  items?: Schema;
  $ref?: string;
};

const schemas = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../schemas');
const load = (file: string): Schema => JSON.parse(readFileSync(path.join(schemas, file), 'utf8')) as Schema;
const request = load('simulation-request.json');

/** The schema of a request path, following properties, then additionalProperties, then a file $ref. */
function schemaAt(pathName: string): Schema {
  let schema = request;
  for (const segment of pathName.split('.')) {
    const next = schema.properties?.[segment] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    if (!next) throw new Error(`the request schema has nothing at ${pathName}`);
    schema = next.$ref ? load(next.$ref) : next;
  }
  return schema;
}

/** The kind the analysis must give a path, read off its schema (the one source). */
function kindFromSchema(pathName: string, schema: Schema): PathKind {
  const types = schema.anyOf ? schema.anyOf.flatMap((branch) => [branch.type ?? []].flat()) : [schema.type ?? []].flat();
  const maxLength = schema.maxLength ?? schema.anyOf?.find((branch) => branch.maxLength !== undefined)?.maxLength ?? 0;
  // A list of strings only (context.delegation.actors); a list of scalars or a scalar (resource attributes).
  if (types.length === 1 && types[0] === 'array' && [schema.items?.type].flat().join() === 'string')
    return { kind: 'string-list', maxLength: schema.items?.maxLength ?? 0 };
  if (types.includes('array')) return { kind: 'scalar-or-list', maxLength };
  if (types.includes('number') && types.includes('string')) return { kind: 'scalar', maxLength };
  if (types.length === 1 && types[0] === 'number') return { kind: 'number', maxLength: 0 };
  if (types.length === 1 && types[0] === 'boolean') return { kind: 'boolean', maxLength: 0 };
  if (schema.format === 'date-time') return { kind: 'date-time', maxLength: 0 };
  // The one string the ip_address condition reads as an address (conditions/ip-address.ts).
  if (pathName === 'context.ip_address') return { kind: 'address', maxLength };
  return { kind: (schema.minLength ?? 0) >= 1 ? 'name' : 'string', maxLength };
}

/**
 * request-kinds.ts copies the request schema's kinds and limits by hand (core reads no schema file
 * at run time); this holds each copy equal to schemas/simulation-request.json, so a limit changed in
 * the schema and not in the analysis (which would then search values the API refuses, or miss ones
 * it accepts) fails here.
 */
describe('request kinds follow the decision request schema', () => {
  // A context member that is an object (context.delegation) is read field by field: its fields are the paths.
  const contextNames = Object.entries(schemaAt('context').properties ?? {}).flatMap(([name, member]) => {
    const object = member.$ref ? load(member.$ref) : member;
    return object.properties ? Object.keys(object.properties).map((field) => `${name}.${field}`) : [name];
  });
  const paths = [
    'principal.id',
    'principal.type',
    'principal.attributes.department',
    'resource.type',
    'resource.identifier',
    'resource.attributes.owner',
    'action',
    ...contextNames.map((name) => `context.${name}`),
    'context.any_other_name',
  ];

  for (const pathName of paths)
    it(`${pathName}: kind and maxLength as the schema says`, () => {
      expect(requestKindOf(pathName)).to.deep.equal(kindFromSchema(pathName, schemaAt(pathName)));
    });

  it('covers every property the schema names in the context', () => {
    expect(contextNames).to.include.members(['ip_address', 'timestamp', 'risk_score', 'device_trusted', 'mfa_verified']);
  });
});
