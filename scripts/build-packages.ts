// Builds the packages users install, with esbuild (no type check: `npm run typecheck` does that):
// - cli/: @acctl/cli, one ESM bundle per command with shared chunks and every dependency inside,
//   its oclif manifest (so a command imports only what it runs) and a copy of schemas/. It
//   depends on nothing at install time: no server framework, job queue or embedded PostgreSQL.
//   Beside the commands, `@acctl/cli/plan` (dist/plan/): the query-plan SQL helpers for
//   applications, one ESM file that imports nothing, and its declarations emitted by tsc.
// - server/: @acctl/server, the server and its commands (`acctl-server …`, `acctl server …`) as
//   two ESM entries, dist/cli.js and the cluster's dist/worker.js, with the chunks they share,
//   beside its SQL functions and a copy of schemas/; its dependencies (Fastify, Knex, pg,
//   pg-boss, embedded PostgreSQL) install with it.
// Run by `npm run build` (and so by `npm ci`, through `prepare`) and by the tests' global fixture,
// which spawn the built CLI as users run it.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import ts from 'typescript';
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
 * Removes what an earlier build left in `dir` and this one did not write (chunks of another hash),
 * after the new files are in place: a build never empties a folder that running processes load from.
 */
function removeAllBut(dir: string, kept: Iterable<string>): void {
  const keep = new Set([...kept].map((file) => path.resolve(file)));
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const full = path.resolve(dir, file);
    if (!keep.has(full) && statSync(full).isFile()) rmSync(full, { force: true });
  }
}

/**
 * Writes a file only when its content changes, through a rename, so that a process running the
 * CLI while the tests' fixture rebuilds it never reads half a file. Chunk names are content
 * hashes: an unchanged source gives the same files, and a process started before a change keeps
 * finding the chunks it names (`clean` removes those left over, once the new ones are written).
 */
function writeIfChanged(file: string, contents: Uint8Array | string): void {
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : Buffer.from(contents);
  if (existsSync(file) && readFileSync(file).equals(bytes)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/** Copies the files of `from` that end in `extension` to `to`, as writeIfChanged does; returns the files in `to`. */
function copyIfChanged(from: string, to: string, extension = '.json'): string[] {
  const copied: string[] = [];
  for (const file of readdirSync(from, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith(extension)) continue;
    writeIfChanged(path.join(to, file), readFileSync(path.join(from, file)));
    copied.push(path.join(to, file));
  }
  return copied;
}

/**
 * The commit a release is built from: GITHUB_SHA in the run of the tag v<version> (release.yml
 * builds there, through npm ci's prepare); '' in any other build, which cannot know the commit of a
 * tag not made yet.
 */
export function releaseCommitOf(version: string, env: NodeJS.ProcessEnv): string {
  return env.GITHUB_REF === `refs/tags/v${version}` && /^[0-9a-f]{40}$/.test(env.GITHUB_SHA ?? '') ? env.GITHUB_SHA! : '';
}

export async function buildCli(options: { clean?: boolean } = {}): Promise<number> {
  const cli = path.join(root, 'cli');
  const commands = path.join(cli, 'src', 'commands');
  const entryPoints = [
    ...sourcesUnder(commands, (file) => file.startsWith('server/')).map((file) => ({
      in: path.join(commands, file),
      out: `commands/${file.replace(/\.tsx?$/, '')}`,
    })),
    { in: path.join(cli, 'src', 'run.ts'), out: 'run' },
    { in: path.join(cli, 'src', 'server-package.ts'), out: 'server-package' },
  ];
  const version = (JSON.parse(readFileSync(path.join(cli, 'package.json'), 'utf8')) as { version: string }).version;
  const result = await build({
    ...common,
    // The commit of the release tag, which `acctl init` pins the acctl action to (policy-workflow.ts).
    define: { ...common.define, __ACCTL_RELEASE_COMMIT__: JSON.stringify(releaseCommitOf(version, process.env)) },
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
  const planFiles = await buildPlanHelpers(path.join(cli, 'dist', 'plan'));
  const schemas = copyIfChanged(path.join(root, 'schemas'), path.join(cli, 'schemas'));
  // A command whose source is gone goes from dist/commands at every build, clean or not: the
  // manifest is read from the bundle, and a test must not pass on a command that no longer exists.
  removeAllBut(
    path.join(cli, 'dist', 'commands'),
    result.outputFiles.map((output) => output.path),
  );
  if (options.clean) {
    removeAllBut(path.join(cli, 'dist'), [...result.outputFiles.map((output) => output.path), ...planFiles]);
    removeAllBut(path.join(cli, 'schemas'), schemas);
  }
  // The manifest, read from the bundle itself (never from a previous manifest): what users run is what is listed.
  // Config.load does not pass ignoreManifest to the root plugin (oclif 4.14): it would read the
  // previous manifest and never list a new command. The root plugin, loaded alone, takes it.
  const { Plugin } = await import('@oclif/core');
  const plugin = new Plugin({ ...cliLoadOptions(cli), isRoot: true, ignoreManifest: true }) as unknown as {
    load(): Promise<void>;
    manifest: { commands: Record<string, unknown> };
  };
  await plugin.load();
  const count = Object.keys(plugin.manifest.commands).length;
  if (count === 0) throw new Error('cli/: no commands found in the bundle');
  writeIfChanged(path.join(cli, 'oclif.manifest.json'), `${JSON.stringify(plugin.manifest)}\n`);
  return count;
}

/** The entry of `@acctl/cli/plan` (cli/package.json's `exports`), in core beside the helpers it lists. */
export const planEntry = path.join(root, 'core', 'src', 'engine', 'plan', 'package-entry.ts');

/**
 * `@acctl/cli/plan` into `outdir`: index.js, the helpers bundled with no import at all (knex and pg
 * are the application's: planToKnex takes its builder), and index.d.ts, which re-exports the
 * declarations tsc emits from the same sources, so they cannot drift from core's types. Throws when
 * the entry reaches a package: neither the bundle nor the declarations may need one. Returns the files written.
 */
export async function buildPlanHelpers(outdir: string): Promise<string[]> {
  const result = await build({
    ...common,
    banner: {},
    entryPoints: [{ in: planEntry, out: 'index' }],
    // The metafile's inputs are relative to it, whatever folder the build runs from.
    absWorkingDir: root,
    outdir,
    write: false,
    metafile: true,
  });
  const packages = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((imported) => imported.path));
  const outsideCore = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('core/src/'));
  if (packages.length > 0 || outsideCore.length > 0)
    throw new Error(`@acctl/cli/plan must import nothing: it imports ${[...packages, ...outsideCore].join(', ')}`);
  const written = result.outputFiles.map((output) => {
    writeIfChanged(output.path, output.contents);
    return output.path;
  });
  const declarations = path.join(outdir, 'types');
  const program = ts.createProgram([planEntry], {
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: path.join(root, 'core', 'src'),
    outDir: declarations,
    target: ts.ScriptTarget.ES2023,
    lib: ['lib.es2023.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    types: [],
  });
  const reached = program
    .getSourceFiles()
    .filter((file) => !program.isSourceFileDefaultLibrary(file))
    .map((file) => path.relative(root, file.fileName));
  const outside = reached.filter((file) => !file.startsWith(`core${path.sep}src${path.sep}`));
  if (outside.length > 0) throw new Error(`@acctl/cli/plan's declarations must need no package: they reach ${outside.join(', ')}`);
  const emitted = program.emit(undefined, (file, text) => {
    writeIfChanged(file, text);
    written.push(path.resolve(file));
  });
  const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (problems.length > 0)
    throw new Error(ts.formatDiagnostics(problems, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' }));
  const entryDeclaration = path.relative(outdir, path.join(declarations, path.relative(path.join(root, 'core', 'src'), planEntry))).replace(/\.ts$/, '.js');
  const index = path.join(outdir, 'index.d.ts');
  writeIfChanged(index, `export * from './${entryDeclaration.split(path.sep).join('/')}';\n`);
  written.push(index);
  return written;
}

/**
 * The server package. Split into chunks, so that a command loads what it runs: unsplit, every
 * package any command imports was imported at the top of the one file, and `acctl server user
 * list --help` loaded Fastify, Redis's client and the rest (0.8 s of CPU a run, 0.45 s split; a
 * command that opens the database still loads Knex, pg, pg-boss and the validators: 0.85 s, was
 * 0.95; bench/cli-startup.bench.ts measures it). The chunks stay in dist/ itself, as code finds
 * its files beside itself (import.meta.url): the cluster's primary forks worker.js, and the SQL
 * functions are read from functions/.
 * Dependencies stay packages (`packages: 'external'`), installed from server/package.json.
 */
export async function buildServer(options: { clean?: boolean } = {}): Promise<string[]> {
  const server = path.join(root, 'server');
  const result = await build({
    ...common,
    banner: {},
    entryPoints: [
      { in: path.join(server, 'src', 'cli', 'index.ts'), out: 'cli' },
      { in: path.join(server, 'src', 'cluster', 'worker.ts'), out: 'worker' },
    ],
    outdir: path.join(server, 'dist'),
    write: false,
    metafile: true,
    packages: 'external',
    minifySyntax: true,
    splitting: true,
  });
  for (const output of result.outputFiles) writeIfChanged(output.path, output.contents);
  const functions = copyIfChanged(path.join(server, 'src', 'db', 'functions'), path.join(server, 'dist', 'functions'), '.sql');
  const schemas = copyIfChanged(path.join(root, 'schemas'), path.join(server, 'schemas'));
  if (options.clean) {
    removeAllBut(path.join(server, 'dist'), [...result.outputFiles.map((output) => output.path), ...functions]);
    removeAllBut(path.join(server, 'schemas'), schemas);
  }
  // The packages the bundle imports: each must be a dependency in server/package.json (test/ship/server-package.test.ts).
  const imported = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) if (external && !specifier.startsWith('node:')) imported.add(packageName(specifier));
  }
  return [...imported].sort();
}

const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let started = Date.now();
  const commands = await buildCli({ clean: true });
  console.log(`cli/: ${commands} commands bundled in ${Date.now() - started} ms`);
  started = Date.now();
  const packages = await buildServer({ clean: true });
  console.log(`server/: bundled in ${Date.now() - started} ms, importing ${packages.length} packages`);
}
