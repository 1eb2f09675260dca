import { pathToFileURL } from 'node:url';
import { Config, type Interfaces } from '@oclif/core';
import { findServerPackage } from '../server-package.js';
import type { CompletedCommand } from './scripts.js';

/** What the server package exports to load its commands with oclif (server/src/cli/index.ts). */
interface ServerCommandsModule {
  serverLoadOptions?(options: { bin?: string }): { root: string; pjson: Interfaces.PJSON };
}

/**
 * The commands of `acctl server …` (start, migrate, client …, user …, keys rotate) as completion
 * lists them, ids prefixed with `server:`: read from the server package installed where `acctl
 * server` would run it (cli/src/server-package.ts), when `acctl autocomplete` writes the script, so
 * the script completes what is installed and `acctl server <TAB>` costs nothing at completion time.
 * Without the server package, none: completion stops at `server`, as `acctl server` then only says
 * how to install it. Loaded by oclif from the package's own command table, as `acctl server --help` does.
 */
export async function serverCommandsForCompletion(): Promise<CompletedCommand[]> {
  const entry = findServerPackage();
  if (entry === undefined) return [];
  const server = (await import(pathToFileURL(entry).href)) as ServerCommandsModule;
  if (typeof server.serverLoadOptions !== 'function') return [];
  const config = await Config.load(server.serverLoadOptions({ bin: 'acctl server' }));
  return (config.commands as unknown as CompletedCommand[]).map((command) => ({ ...command, id: `server:${command.id}` }));
}
