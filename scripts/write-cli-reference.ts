/** `npm run docs:cli`: rewrites docs/cli.md from the oclif manifest of the CLI's commands. */
import { readFileSync, writeFileSync } from 'node:fs';
import { cliReferencePath, loadCliManifest, renderCliReference } from './cli-reference.js';

const { manifest, topics } = await loadCliManifest();
const rendered = renderCliReference(manifest, topics);
let current = '';
try {
  current = readFileSync(cliReferencePath, 'utf8');
} catch {
  // No docs/cli.md yet: write it.
}
if (rendered !== current) writeFileSync(cliReferencePath, rendered);
console.log(rendered === current ? 'docs/cli.md: already up to date' : `docs/cli.md: written (${Object.keys(manifest.commands).length} commands)`);
