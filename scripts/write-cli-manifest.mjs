// Written by `npm run build` after tsc: dist/oclif.manifest.json, the list of commands with their
// flags, so that bin/run.js (whose oclif root is dist/) imports only the command it runs. Without
// it oclif imports every command file to list them, and `acctl --version` loads the whole server.
// bin/dev.js and the tests keep the repository root, where there is no manifest: they always see
// the sources as they are.
import { writeFileSync } from 'node:fs';
import { Config } from '@oclif/core';
import { cliLoadOptions } from '../bin/load-options.js';

const options = cliLoadOptions();
const config = await Config.load(options);
const plugin = config.plugins.get(options.pjson.name);
if (!plugin || Object.keys(plugin.manifest.commands).length === 0) throw new Error('no commands found under dist/: run tsc first');
const file = new URL('../dist/oclif.manifest.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(plugin.manifest)}\n`);
console.log(`dist/oclif.manifest.json: ${Object.keys(plugin.manifest.commands).length} commands`);
