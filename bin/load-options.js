// How bin/run.js loads oclif: its root is dist/ (where `npm run build` writes the compiled commands
// and oclif.manifest.json), with the package.json of the repository. See scripts/write-cli-manifest.mjs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function cliLoadOptions() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const pjson = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  pjson.oclif.commands = './cli/src/commands';
  return { root: `${root}dist`, pjson };
}
