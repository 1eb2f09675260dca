/**
 * Writes what is generated from schemas/ into core/src/generated/, never written by hand:
 * - schema-types.ts: one TypeScript type per schema, so types are never written beside the schemas;
 * - schema-validators.ts: the precompiled validators of a policy repository's files (policy, test
 *   file, acctl.yaml), so the CLI checks them without compiling schemas at start.
 * `npm run gen:types` after changing a schema; test/schemas/generated-types.test.ts and
 * generated-validators.test.ts fail when the committed files are stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSchemaTypes } from './schema-types.js';
import { generateSchemaValidators } from './schema-validators.js';

const generated = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'core', 'src', 'generated');
for (const [file, source] of [
  ['schema-types.ts', await generateSchemaTypes()],
  ['schema-validators.ts', generateSchemaValidators()],
] as const) {
  const out = path.join(generated, file);
  writeFileSync(out, source);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
