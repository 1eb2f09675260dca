#!/usr/bin/env node
// The installed entry of @acctl/cli: the bundle that `npm run build` writes to dist/, with the
// oclif manifest beside it, so a command imports only what it runs (scripts/build-packages.ts).
// `acctl server …` is the server package's (cli/src/server-package.ts), help included.
if (process.argv[2] === 'server') {
  const { runServerPackage } = await import('../dist/server-package.js');
  await runServerPackage(process.argv.slice(3));
} else {
  const { run } = await import('../dist/run.js');
  await run(new URL('..', import.meta.url));
}
