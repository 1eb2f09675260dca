import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, type Interfaces } from '@oclif/core';
import { exitAfterCommandLineError } from '../../../kit/src/index.js';
import ClientCreate from './commands/client/create.js';
import ClientDelete from './commands/client/delete.js';
import ClientList from './commands/client/list.js';
import ClientRotateSecret from './commands/client/rotate-secret.js';
import KeysRotate from './commands/keys/rotate.js';
import Migrate from './commands/migrate.js';
import ServerStart from './commands/start.js';
import UserCreate from './commands/user/create.js';
import UserDelete from './commands/user/delete.js';
import UserList from './commands/user/list.js';
import UserSetPassword from './commands/user/set-password.js';

/**
 * The server package's commands, by id. Listed here (oclif's "explicit" command discovery) because
 * the package ships as one entry (scripts/build-packages.ts), not a file per command; each id is
 * still its file's path under commands/ (test/cli/server-commands.test.ts holds the two together).
 */
export const commands = {
  start: ServerStart,
  migrate: Migrate,
  'client:create': ClientCreate,
  'client:delete': ClientDelete,
  'client:list': ClientList,
  'client:rotate-secret': ClientRotateSecret,
  'keys:rotate': KeysRotate,
  'user:create': UserCreate,
  'user:delete': UserDelete,
  'user:list': UserList,
  'user:set-password': UserSetPassword,
};

export interface ServerCommandOptions {
  /**
   * How the person typed the command, for help and examples: `acctl-server` (this package's own
   * binary) or `acctl server` (the CLI hands `acctl server …` to this package, cli/src/server-package.ts).
   */
  bin?: string;
}

/**
 * Runs one server command (`start`, `client create`, …) with oclif, as its own binary or under `acctl
 * server`, and ends as the CLI's commands do (cli/src/run.ts): a command that fails or exits with a
 * code exits once its output is out, never with a pipe's worth of it unwritten.
 */
export async function runServerCommand(argv: string[], options: ServerCommandOptions = {}): Promise<void> {
  try {
    await run(argv, serverLoadOptions(options));
  } catch (error) {
    await exitAfterCommandLineError(error);
  }
}

/** How oclif loads this package: its package.json, with the commands of this module (the bundle, or these sources in development). */
export function serverLoadOptions(options: ServerCommandOptions = {}): { root: string; pjson: Interfaces.PJSON } {
  const here = fileURLToPath(import.meta.url);
  const root = packageRoot(path.dirname(here));
  const pjson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Interfaces.PJSON;
  const bin = options.bin ?? pjson.oclif.bin ?? 'acctl-server';
  const target = `./${path.relative(root, here).split(path.sep).join('/')}`;
  return {
    root,
    // oclif names a command line after its package; `acctl server --version` says acctl server/<version>.
    pjson: { ...pjson, name: bin, oclif: { ...pjson.oclif, bin, commands: { strategy: 'explicit', target, identifier: 'commands' } } },
  };
}

/** server/, from this file in server/src/cli/ (the sources) or server/dist/ (the bundle). */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@acctl/server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no @acctl/server package.json above ${from}`);
  }
}
