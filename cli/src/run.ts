import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execute, type Interfaces } from '@oclif/core';

/**
 * How oclif loads the CLI whose package (package.json, oclif.manifest.json, dist/) is at `root`.
 * oclif names a CLI after its package: the npm name is @acctl/cli, but `acctl --version` says
 * acctl/<version>, as it always has.
 */
export function cliLoadOptions(root: string): { root: string; pjson: Interfaces.PJSON } {
  const pjson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Interfaces.PJSON;
  return { root, pjson: { ...pjson, name: pjson.oclif.bin ?? pjson.name } };
}

/** Runs the CLI whose package is at `packageRoot`. */
export async function run(packageRoot: URL): Promise<void> {
  await execute({ loadOptions: cliLoadOptions(fileURLToPath(packageRoot)) });
}
