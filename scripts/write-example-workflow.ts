/**
 * `npm run gen:example-workflow`: writes .github/workflows/example-policy-repository.yml from the
 * workflow `acctl init` writes (cli/src/scaffold/policy-workflow.ts), so the example and init's
 * workflow are one text. test/gitops/example-workflow.test.ts fails when the committed file differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleWorkflowFile, exampleWorkflowText } from '../cli/src/scaffold/policy-workflow.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
const target = path.join(root, exampleWorkflowFile);
const text = exampleWorkflowText(version);
if (readFileSync(target, 'utf8') !== text) {
  writeFileSync(target, text);
  console.log(`${exampleWorkflowFile}: written`);
}
