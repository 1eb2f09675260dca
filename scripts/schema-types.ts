import { compile } from 'json-schema-to-typescript';
import { loadSchemas, schemasDir } from '../server/src/schemas/registry.js';

/** TypeScript source for every schema, in name order (shared by the generator and its drift test). */
export async function generateSchemaTypes(): Promise<string> {
  const parts = ['// Generated from schemas/ by `npm run gen:types`. Do not edit by hand.', '/* eslint-disable */', ''];
  const schemas = [...loadSchemas().entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [name, schema] of schemas) {
    const { $id: _id, ...rest } = schema;
    const source = await compile(rest as never, schema.title ?? name, {
      bannerComment: '',
      cwd: schemasDir(),
      declareExternallyReferenced: false,
      additionalProperties: false,
      format: true,
      ignoreMinAndMaxItems: true,
      style: { singleQuote: true, printWidth: 120 },
    });
    parts.push(`// schemas/${name}.json`, source.trim(), '');
  }
  return parts.join('\n');
}
