import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What the server package exports for `acctl server …` (server/src/cli/index.ts). */
interface ServerPackage {
  runServerCommand(argv: string[], options: { bin: string }): Promise<void>;
}

/** Exit status when `acctl server …` finds no server package: the shell's "command not found". */
export const serverPackageMissingExitCode = 127;

/**
 * `acctl server …` comes with the server package (@acctl/server), so that the CLI a policy
 * repository installs carries no server framework, job queue or embedded PostgreSQL; as git runs
 * `git-foo` for `git foo`. The package is looked for beside this one (the same global prefix or
 * node_modules), then from the current folder, and runs in this process with its own oclif
 * commands, help included. Without it, one sentence says how to get it.
 */
export async function runServerPackage(argv: string[]): Promise<void> {
  const entry = findServerPackage();
  if (!entry) {
    process.stderr.write(
      'acctl: `acctl server` commands come with the server package: npm install --global @acctl/server (or run npx @acctl/server instead of acctl server)\n',
    );
    process.exitCode = serverPackageMissingExitCode;
    return;
  }
  const server = (await import(pathToFileURL(entry).href)) as ServerPackage;
  await server.runServerCommand(argv, { bin: 'acctl server' });
}

/** The server package's entry (dist/cli.js), when it is installed where `acctl server …` would find it. */
export function findServerPackage(): string | undefined {
  for (const base of [fileURLToPath(import.meta.url), path.join(process.cwd(), 'package.json')]) {
    try {
      const manifest = createRequire(base).resolve('@acctl/server/package.json');
      const entry = path.join(path.dirname(manifest), 'dist', 'cli.js');
      if (existsSync(entry)) return entry;
    } catch {
      // not installed there
    }
  }
  return undefined;
}
