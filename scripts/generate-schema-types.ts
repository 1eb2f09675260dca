/**
 * Writes core/src/generated/schema-types.ts: one TypeScript type per schema of schemas/, so
 * types are never written by hand beside the schemas. `npm run gen:types` after changing a
 * schema; test/schemas/generated-types.test.ts fails when the committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSchemaTypes } from './schema-types.js';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'core', 'src', 'generated', 'schema-types.ts');
writeFileSync(out, await generateSchemaTypes());
console.log(`wrote ${path.relative(process.cwd(), out)}`);
