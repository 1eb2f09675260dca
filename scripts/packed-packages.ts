// The packages as a release ships them, packed and installed the way users install them, for the
// tests (test/ship) and the benchmarks (bench/cli-startup.bench.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

/**
 * `npm pack` of a workspace (`cli`: acctl-cli-<version>.tgz, `server`: acctl-server-<version>.tgz,
 * as .github/workflows/release.yml packs them) into a fresh temporary folder; the tarball's path
 * (the caller removes its folder).
 *
 * --ignore-scripts: it packs the build that is there (the tests' global fixture and `npm run build`
 * make it), instead of rebuilding in a checkout that other tests and processes read.
 */
export async function packWorkspace(workspace: 'cli' | 'server'): Promise<string> {
  const destination = mkdtempSync(path.join(os.tmpdir(), `acctl-packed-${workspace}-`));
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
    cwd: path.join(repoRoot, workspace),
    maxBuffer: 16 * 1024 * 1024,
  });
  const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
  if (!packed) throw new Error(`npm pack printed no package: ${stdout}`);
  return path.join(destination, packed.filename);
}

export const packCli = (): Promise<string> => packWorkspace('cli');

export interface Installation {
  prefix: string;
  /** What npm printed on stderr (its warnings). */
  warnings: string;
  /** Bytes under the prefix. */
  bytes: number;
}

/**
 * `npm install --global --prefix <prefix> <tarballs…>`, as docs/install.md installs a release: the
 * packages' dependencies come from the registry (or npm's cache, which the checkout's `npm ci` filled).
 */
export async function installGlobally(prefix: string, tarballs: readonly string[]): Promise<Installation> {
  const { stderr } = await run('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', ...tarballs], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const bytes = Number((await run('du', ['-sb', prefix])).stdout.split('\t')[0]);
  return { prefix, warnings: stderr, bytes };
}

/** `npm install <tarballs…>` in `folder` (a package.json there), as an application adds a dependency. */
export async function installLocally(folder: string, tarballs: readonly string[]): Promise<void> {
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs], { cwd: folder, maxBuffer: 16 * 1024 * 1024 });
}
