import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The CLI's npm package as a release ships it: `npm pack` into a fresh temporary folder, whose
 * tarball's path is returned (the caller removes its folder). That is the CLI workspace
 * (acctl-cli-<version>.tgz, as .github/workflows/release.yml packs it) where cli/package.json
 * exists, and the root package (acctl-<version>.tgz) before the workspaces were split.
 *
 * --ignore-scripts: it packs the build that is there (the tests' global fixture and `npm run build`
 * make it), instead of rebuilding in a checkout that other tests and processes read.
 */
export async function packCli(): Promise<string> {
  const destination = mkdtempSync(path.join(os.tmpdir(), 'acctl-packed-cli-'));
  const cwd = existsSync(path.join(repoRoot, 'cli', 'package.json')) ? path.join(repoRoot, 'cli') : repoRoot;
  const { stdout } = await promisify(execFile)('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
    cwd,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
  if (!packed) throw new Error(`npm pack printed no package: ${stdout}`);
  return path.join(destination, packed.filename);
}
