import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run test:changed`: the tests of what a change touches, the inner loop of docs/development.md.
 * A test file is chosen when it, or a module it imports (followed through every relative import,
 * static or dynamic), is changed; a changed file that is not a module (a JSON Schema, SQL, a doc)
 * chooses the test files whose import closure names it. The change is the working tree against
 * HEAD with untracked files, or all since --base REV. The whole suite still runs in CI (.ci/run).
 *
 *   npm run test:changed                 run them (mocha --parallel, as npm test)
 *   npm run test:changed -- --list       only list them
 *   npm run test:changed -- --base main  the change since main
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const codeExtensions = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function git(args: string[]): string[] {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export function changedFiles(base: string | undefined): string[] {
  const tracked =
    base === undefined
      ? git(['diff', '--name-only', 'HEAD'])
      : git(['diff', '--name-only', `${base}...HEAD`, '--']).concat(git(['diff', '--name-only', 'HEAD']));
  const untracked = git(['ls-files', '--others', '--exclude-standard']);
  return [...new Set([...tracked, ...untracked])].filter((file) => existsSync(path.join(root, file)) || tracked.includes(file)).sort();
}

const importPattern = /(?:^|[^.\w])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/**
 * The CLI's bundle (cli/src), and the server package's for `acctl server …` (server/src/cli), are
 * built by the global fixture and run by test/cli/run-cli.ts: no test imports the commands it runs.
 * A test module reaches them by the command lines it writes (`['policy', 'lint', …]`): each
 * command's file, and the entry every command runs through.
 */
const commandLine = /\[\s*'([a-z][a-z-]*)'(?:\s*,\s*'([a-z][a-z-]*)')?(?:\s*,\s*'([a-z][a-z-]*)')?/g;
const everyCommandRunsThrough = ['cli/src/run.ts', 'cli/bin/acctl.js', 'cli/src/server-package.ts'];

function commandsNamedIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(commandLine)) {
    const words = match.slice(1).filter((word): word is string => word !== undefined);
    if (words[0] === 'server') words.shift();
    const folder = match[1] === 'server' ? 'server/src/cli/commands' : 'cli/src/commands';
    for (let count = words.length; count > 0; count--) {
      const file = resolveModule(path.join(root, folder, ...words.slice(0, count)));
      if (file !== undefined) {
        found.add(file);
        break;
      }
    }
  }
  if (found.size > 0) for (const entry of everyCommandRunsThrough) found.add(path.join(root, entry));
  return [...found];
}

/** The repository files a module imports through relative specifiers (`./x.js` is `./x.ts` in the sources), and the commands it runs. */
function importsOf(file: string, text: string): string[] {
  const found: string[] = file.includes(`${path.sep}test${path.sep}`) ? commandsNamedIn(text) : [];
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier === undefined || !specifier.startsWith('.')) continue;
    const resolved = resolveModule(path.resolve(path.dirname(file), specifier));
    if (resolved !== undefined) found.push(resolved);
  }
  return found;
}

function resolveModule(absolute: string): string | undefined {
  const withoutJs = absolute.replace(/\.(m?js|jsx)$/, '');
  const candidates = [absolute, ...codeExtensions.map((extension) => `${withoutJs}${extension}`), path.join(absolute, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Every module `entry` reaches through relative imports, itself included, with its text. */
function closureOf(entry: string, texts: Map<string, string>, imports: Map<string, string[]>): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let text = texts.get(file);
    if (text === undefined) texts.set(file, (text = readFileSync(file, 'utf8')));
    let next = imports.get(file);
    if (next === undefined) imports.set(file, (next = importsOf(file, text)));
    pending.push(...next);
  }
  return seen;
}

export function testFilesFor(changed: readonly string[]): string[] {
  const testFiles = readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('results'))
    .map((file) => path.join(root, 'test', file))
    .sort();
  const changedAbsolute = changed.map((file) => path.join(root, file));
  const changedModules = new Set(changedAbsolute.filter((file) => codeExtensions.includes(path.extname(file))));
  // What .mocharc.cjs loads around every file (global fixtures, root hooks) is reached by every test.
  const loadedByMocha = (createRequire(import.meta.url)(path.join(root, '.mocharc.cjs')) as { require: string[] }).require;
  if (changed.some((file) => loadedByMocha.includes(file) || file === '.mocharc.cjs')) return testFiles.map((file) => path.relative(root, file));
  // A file that is not a module is named by the modules that read it: by its path from the root, or
  // its file name when it has an extension (`policy.json`; a bare `run` would match every module).
  const changedOther = changed.filter((file) => !codeExtensions.includes(path.extname(file)));
  const names = (file: string): string[] => (path.extname(file) === '' ? [file] : [file, path.basename(file)]);
  const texts = new Map<string, string>();
  const imports = new Map<string, string[]>();
  return testFiles
    .filter((testFile) => {
      const closure = closureOf(testFile, texts, imports);
      if ([...closure].some((file) => changedModules.has(file))) return true;
      return changedOther.some((file) => names(file).some((name) => [...closure].some((module) => texts.get(module)!.includes(name))));
    })
    .map((file) => path.relative(root, file));
}

function main(argv: string[]): void {
  const baseIndex = argv.indexOf('--base');
  const base = baseIndex >= 0 ? argv[baseIndex + 1] : undefined;
  if (baseIndex >= 0 && base === undefined) throw new Error('--base takes a revision: npm run test:changed -- --base main');
  const changed = changedFiles(base);
  const tests = testFilesFor(changed);
  if (argv.includes('--list') || tests.length === 0) {
    console.error(`${changed.length} changed file(s); ${tests.length} test file(s) reach them${tests.length > 0 ? ':' : '.'}`);
    for (const file of tests) console.log(file);
    return;
  }
  console.error(`${changed.length} changed file(s); running the ${tests.length} test file(s) that reach them`);
  const jobs = String(Math.min(4, tests.length));
  const mocha = path.join(root, 'node_modules', '.bin', 'mocha');
  const child = spawn(mocha, tests.length > 1 ? ['--parallel', '--jobs', jobs, ...tests] : tests, { cwd: root, stdio: 'inherit' });
  child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
