// Builds the packages users install, with esbuild (no type check: `npm run typecheck` does that):
// - cli/: @acctl/cli, one ESM bundle per command with shared chunks and every dependency inside,
//   its oclif manifest (so a command imports only what it runs) and a copy of schemas/. It
//   depends on nothing at install time: no server framework, job queue or embedded PostgreSQL.
// Run by `npm run build` (and so by `npm ci`, through `prepare`) and by the tests' global fixture,
// which spawn the built CLI as users run it.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { cliLoadOptions } from '../cli/src/run.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Bundled ESM still meets CommonJS dependencies that call require() for Node's own modules.
const requireShim = "import { createRequire as __acctlCreateRequire } from 'node:module'; const require = __acctlCreateRequire(import.meta.url);";

const common: BuildOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  tsconfig: path.join(root, 'tsconfig.json'),
  banner: { js: requireShim },
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
};

function sourcesUnder(dir: string, skip: (file: string) => boolean = () => false): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !skip(file.split(path.sep).join('/')))
    .map((file) => file.split(path.sep).join('/'));
}

/**
 * Writes a file only when its content changes, through a rename, so that a process running the
 * CLI while the tests' fixture rebuilds it never reads half a file. Chunk names are content
 * hashes: an unchanged source gives the same files, and a process started before a change keeps
 * finding the chunks it names (`clean` removes those left over).
 */
function writeIfChanged(file: string, contents: Uint8Array | string): void {
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : Buffer.from(contents);
  if (existsSync(file) && readFileSync(file).equals(bytes)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

function copyIfChanged(from: string, to: string): void {
  for (const file of readdirSync(from, { recursive: true, encoding: 'utf8' })) {
    const source = path.join(from, file);
    if (file.endsWith('.json')) writeIfChanged(path.join(to, file), readFileSync(source));
  }
}

export async function buildCli(options: { clean?: boolean } = {}): Promise<number> {
  const cli = path.join(root, 'cli');
  if (options.clean) for (const made of ['dist', 'schemas', 'oclif.manifest.json']) rmSync(path.join(cli, made), { recursive: true, force: true });
  const commands = path.join(cli, 'src', 'commands');
  const entryPoints = [
    ...sourcesUnder(commands, (file) => file.startsWith('server/')).map((file) => ({
      in: path.join(commands, file),
      out: `commands/${file.replace(/\.tsx?$/, '')}`,
    })),
    { in: path.join(cli, 'src', 'run.ts'), out: 'run' },
    { in: path.join(cli, 'src', 'server-package.ts'), out: 'server-package' },
  ];
  const result = await build({
    ...common,
    entryPoints,
    outdir: path.join(cli, 'dist'),
    write: false,
    metafile: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    minifyWhitespace: true,
    minifySyntax: true,
    // Optional at runtime and never used by acctl: ink's React devtools, and the TypeScript
    // compilers oclif looks for only in development.
    external: ['react-devtools-core', 'typescript', 'ts-node', 'tsx', 'tsx/*'],
  });
  for (const output of result.outputFiles) writeIfChanged(output.path, output.contents);
  // Which bundled files hold which packages, for the tests that check what a command loads; not shipped.
  writeIfChanged(path.join(root, 'node_modules', '.cache', 'acctl', 'cli-metafile.json'), JSON.stringify(result.metafile));
  copyIfChanged(path.join(root, 'schemas'), path.join(cli, 'schemas'));
  // The manifest, read from the bundle itself (never from a previous manifest): what users run is what is listed.
  const { Config } = await import('@oclif/core');
  const config = await Config.load({ ...cliLoadOptions(cli), ignoreManifest: true } as Parameters<typeof Config.load>[0]);
  const plugin = config.plugins.get(config.pjson.name) as unknown as { manifest: { commands: Record<string, unknown> } } | undefined;
  const count = Object.keys(plugin?.manifest.commands ?? {}).length;
  if (count === 0) throw new Error('cli/: no commands found in the bundle');
  writeIfChanged(path.join(cli, 'oclif.manifest.json'), `${JSON.stringify(plugin!.manifest)}\n`);
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const commands = await buildCli({ clean: true });
  console.log(`cli/: ${commands} commands bundled in ${Date.now() - started} ms`);
}
