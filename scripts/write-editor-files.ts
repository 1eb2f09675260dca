/**
 * `npm run gen:editor-files`: writes what an editor needs into policies-example/ (the schemas in
 * .schemas/, bundled from schemas/, and .vscode/), as `acctl init` writes them into a new
 * policy repository. test/schemas/editor-schemas.test.ts fails when the committed copies differ.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { editorFiles } from '../cli/src/scaffold/policy-repository.js';
import { editorSchemaText } from '../core/src/index.js';

const exampleDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'policies-example');
for (const file of editorFiles(editorSchemaText)) {
  const target = path.join(exampleDir, file.path);
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // Not there yet: written below.
  }
  if (current === file.text) continue;
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, file.text);
  console.log(`policies-example/${file.path}: written`);
}
