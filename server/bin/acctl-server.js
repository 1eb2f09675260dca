#!/usr/bin/env node
// The installed entry of @acctl/server: `acctl-server start`, `acctl-server client create`, …
// The same commands run as `acctl server …` when the CLI is installed beside this package.
const { runServerCommand } = await import('../dist/cli.js');
await runServerCommand(process.argv.slice(2));
