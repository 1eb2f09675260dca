/**
 * `npm run bench` (see suite.ts for what it measures; its arguments, such as `--only cerbos`, are the suite's). The suite runs in a child process so that
 * Ctrl-C always lets it stop its servers and drop its databases: tsx's command line kills its own
 * child outright when that child does not acknowledge a signal within 30 ms, which a process busy
 * generating load cannot promise, and this one is idle. A signal here is passed on; the suite's
 * exit code is this process's.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './lib/paths.js';

const suite = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench', 'suite.ts'), ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => suite.kill(signal));
suite.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
