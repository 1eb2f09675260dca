#!/usr/bin/env node
// Development entry: `acctl …` from the TypeScript sources through tsx, with no build: the CLI's
// commands (cli/src/commands) and, for `acctl server …`, the server package's (server/src/cli).
//
// Why not oclif's own mapping (dist/ -> sources through tsconfig outDir/rootDir): @oclif/core 4
// only maps after registering tsx or ts-node itself, its tsx registration fails with tsx 4.23
// (it imports tsx's CommonJS API, which then looks for `esm/api/esm/index.mjs`), and without
// ts-node installed it falls back to dist/, silently. So tsx is registered here (resolved from this
// file, so it works from any directory; `node --import tsx` is not repeated, which would transform
// twice), and the command folder is pointed at the sources.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execute } from '@oclif/core';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsxPreloaded = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => /(^|[\s=])tsx(\s|$)/.test(arg));
if (!tsxPreloaded) {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: `${root}tsconfig.json` });
}

if (process.argv[2] === 'server') {
  const { runServerCommand } = await import('../server/src/cli/index.ts');
  await runServerCommand(process.argv.slice(3), { bin: 'acctl server' });
} else {
  const cli = `${root}cli/`;
  const pjson = JSON.parse(readFileSync(`${cli}package.json`, 'utf8'));
  pjson.name = pjson.oclif.bin;
  pjson.oclif.commands = './src/commands';
  await execute({ development: true, loadOptions: { root: cli, pjson } });
}
