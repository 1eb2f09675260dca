import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Finding a policy folder's acctl.yaml, and nothing more: no YAML or schema, so a command that only
 * needs to know whether it runs in a policy repository (flags/server-choice.ts) loads no parser.
 */

export const configFileNames = ['acctl.yaml', 'acctl.yml'] as const;

/**
 * The nearest acctl.yaml (or acctl.yml) from `dir` upward, with its folder; undefined up to the root.
 * Only a file counts: a folder of that name would fail the read (EISDIR), and a FIFO would block it.
 */
export function configFileAbove(dir: string): { dir: string; file: string } | undefined {
  for (let current = dir; ;) {
    const name = configFileNames.find((candidate) => statSync(path.join(current, candidate), { throwIfNoEntry: false })?.isFile() === true);
    if (name !== undefined) return { dir: current, file: path.join(current, name) };
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** Where the search for a path's policy folder starts: the folder itself, else (a file, or a path that does not exist) its parent. */
export function searchStartOf(given: string, cwd: string): string {
  const absolute = path.resolve(cwd, given);
  return existsSync(absolute) && statSync(absolute).isDirectory() ? absolute : path.dirname(absolute);
}
