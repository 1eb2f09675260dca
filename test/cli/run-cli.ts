import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createAjv, schemaIdBase } from '../../core/src/index.js';
import { jsonOutputSchemas } from '../../cli/src/ux/json-output-schemas.js';
import { runInProcess } from './in-process.js';

const isolatedConfigHome = mkdtempSync(path.join(os.tmpdir(), 'acctl-cli-config-'));

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The CLI as users install it, bundled by the global fixture from the sources as they are
 * (scripts/build-packages.ts); `acctl server …` runs the server package's bundle, linked into
 * node_modules as a workspace, as it runs when both packages are installed.
 */
const cliEntry = path.join(repoRoot, 'cli', 'bin', 'acctl.js');

export interface CliResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /**
   * stdout parsed as JSON (for --json runs), as the command's result: without the `format_version`
   * every JSON document of the CLI starts with (docs/cli-usage.md, "JSON output"), checked here to
   * be "1" wherever it is printed, so tests compare results and API documents as they are.
   */
  json<T = Record<string, unknown>>(): T;
  /** stdout parsed as JSON, as printed (format_version included). */
  document<T = Record<string, unknown>>(): T;
}

/**
 * Both readers check what a `--json` run printed against the published schema of its command
 * (cli/src/ux/json-output-schemas.ts; a failure against schemas/cli/error.json): so every --json
 * run of the tests checks the schemas against real outputs. One Ajv per test process: each
 * schema is compiled once, at its first use.
 */
let schemaChecker: Ajv2020 | undefined;

function validatorOf(name: string): ReturnType<Ajv2020['getSchema']> & object {
  schemaChecker ??= createAjv({ coerce: false });
  const validate = schemaChecker.getSchema(`${schemaIdBase}${name}.json`);
  if (validate === undefined) throw new Error(`no schema ${name}.json`);
  return validate;
}

function problemsAgainst(name: string, value: unknown): string[] {
  const validate = validatorOf(name);
  return validate(value)
    ? []
    : (validate.errors ?? []).map((error) => `${name}.json: ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
}

/** The command `args` run (`policy lint`, `server user create`), when the table knows it: its leading words, longest match first. */
export function commandOfArgs(args: readonly string[]): string | undefined {
  const words: string[] = [];
  for (const arg of args) {
    if (arg.startsWith('-')) break;
    words.push(...arg.split(':'));
  }
  for (let count = words.length; count > 0; count--) {
    const id = words.slice(0, count).join(' ');
    if (Object.hasOwn(jsonOutputSchemas, id)) return id;
  }
  return undefined;
}

/** Why `document`, printed by `acctl ...args --json`, does not match its command's schema; empty when it does. */
export function schemaProblems(args: readonly string[], document: unknown): string[] {
  const isError =
    typeof document === 'object' &&
    document !== null &&
    'error' in document &&
    Object.keys(document).every((key) => key === 'error' || key === 'format_version');
  if (isError) return problemsAgainst('cli/error', document);
  const id = commandOfArgs(args);
  const entry = id === undefined ? undefined : jsonOutputSchemas[id];
  if (entry === undefined) return [];
  // An NDJSON command's schema is that of one line (ndjsonLines reads a stream line by line).
  if ('cli' in entry) return problemsAgainst(`cli/${entry.cli}`, document);
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return [`${id}: not a JSON object`];
  const { format_version: version, ...answer } = document as Record<string, unknown>;
  if (version !== JSON_FORMAT_VERSION) return [`${id}: format_version is ${JSON.stringify(version)}`];
  const problems = entry.api.map((name) => problemsAgainst(name, answer));
  return problems.some((list) => list.length === 0) ? [] : problems.flat();
}

/**
 * The documents of an NDJSON stream that `acctl ...args --json` printed (`audit tail`), each line
 * checked against its command's schema; a last line without its newline is not complete yet and
 * is left out. Throws on a line that is not JSON or does not match.
 */
export function ndjsonLines<T = Record<string, unknown>>(args: readonly string[], stdout: string): T[] {
  const id = commandOfArgs(args);
  const entry = id === undefined ? undefined : jsonOutputSchemas[id];
  if (entry === undefined || !('ndjson' in entry && entry.ndjson)) throw new Error(`acctl ${args.join(' ')} is not a command that prints NDJSON`);
  const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1);
  return complete
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const document = JSON.parse(line) as unknown;
      const problems = schemaProblems(args, document);
      if (problems.length > 0) throw new Error(`acctl ${args.join(' ')} printed a line that does not match its schema:\n${problems.join('\n')}\n${line}`);
      return document as T;
    });
}

/** The version ux/json-document.ts gives every document; json() refuses any other. */
const JSON_FORMAT_VERSION = '1';

/**
 * The environment a CLI run sees: this process's, without anything that would point it at another
 * database or key, plus `env`. NO_COLOR keeps the output plain.
 */
export function cliEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(ACCTL_|DATABASE_URL$|REDIS_URL$|PORT$|DEBUG$)/.test(name)));
  // A throw-away config folder, so no developer's stored acctl login leaks into a test.
  // The server commands (`acctl server user create`) hash passwords at the tests' cost (helpers/app.ts).
  return { ...clean, NO_COLOR: '1', XDG_CONFIG_HOME: isolatedConfigHome, ACCTL_PASSWORD_HASH_COST: '12', ...env };
}

/** Starts `acctl ...args` as a person would run it: the built CLI. */
export function spawnCli(args: readonly string[], env: Record<string, string | undefined> = {}, cwd = repoRoot): ChildProcess {
  return spawn(process.execPath, [cliEntry, ...args], { cwd, env: cliEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
}

export interface RunCliOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
  /**
   * A real `node cli/bin/acctl.js` process, for what only a process shows: commands racing each
   * other on a lock or a file, exit through a pipe, signals. `acctl server …` always runs so, as do
   * all runs with ACCTL_TEST_CLI_PROCESS=1 (to check the in-process runs against real ones).
   */
  process?: boolean;
}

/**
 * Runs the CLI to its end; `input` is written to its stdin; `cwd` is the repository unless given.
 * In the test process (in-process.ts) unless `process` asks for a real one.
 */
export async function runCli(args: readonly string[], options: RunCliOptions = {}): Promise<CliResult> {
  if (options.process || args[0] === 'server' || process.env.ACCTL_TEST_CLI_PROCESS === '1') return runCliProcess(args, options);
  const result = await runInProcess({
    args,
    env: cliEnv(options.env),
    cwd: options.cwd ?? repoRoot,
    input: options.input ?? '',
    cliRoot: path.join(repoRoot, 'cli'),
  });
  return cliResult(result.exitCode, result.stdout, result.stderr, args);
}

/** Runs `node cli/bin/acctl.js …args` to its end, as a person runs it. */
export function runCliProcess(args: readonly string[], options: RunCliOptions = {}): Promise<CliResult> {
  const child = spawnCli(args, options.env, options.cwd);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin!.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode) => {
      resolve(cliResult(exitCode, stdout, stderr, args));
    });
  });
}

/**
 * Runs the CLI with its stdout a pipe (a FIFO: the kernel pipe of `acctl … | jq`, which holds 64 KiB
 * on Linux, where spawn's stdio is a socket pair that holds far more) read as a slow consumer reads
 * it: nothing for `pauseMs`, so the CLI finds the pipe full with output still to write, then 16 KiB at
 * a time with a pause after each. What a run prints must not depend on how fast it is read.
 */
export async function runCliReadSlowly(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; input?: string; cwd?: string; pauseMs?: number } = {},
): Promise<CliResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-pipe-'));
  const fifo = path.join(dir, 'stdout');
  execFileSync('mkfifo', [fifo]);
  try {
    // Opening one end waits for the other: the read end opens in the thread pool while this thread opens the write end.
    const opening = open(fifo, 'r');
    const writeEnd = openSync(fifo, 'w');
    const reader = await opening;
    let child: ChildProcess;
    try {
      child = spawn(process.execPath, [cliEntry, ...args], { cwd: options.cwd ?? repoRoot, env: cliEnv(options.env), stdio: ['pipe', writeEnd, 'pipe'] });
    } finally {
      closeSync(writeEnd);
    }
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin!.end(options.input ?? '');
    const exited = new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    const chunks: Buffer[] = [];
    try {
      await delay(options.pauseMs ?? 300);
      const buffer = Buffer.alloc(16_384);
      // Until end of file: every write end closed, the CLI's included.
      for (let read = await reader.read(buffer, 0, buffer.length, null); read.bytesRead > 0; read = await reader.read(buffer, 0, buffer.length, null)) {
        chunks.push(Buffer.from(buffer.subarray(0, read.bytesRead)));
        await delay(5);
      }
    } finally {
      await reader.close();
    }
    return cliResult(await exited, Buffer.concat(chunks).toString('utf8'), stderr, args);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What a finished run printed, with its JSON readers: for runs started another way (spawnCli).
 * With `args`, a --json run's document is checked against its command's schema when read.
 */
export function cliResult(exitCode: number | null, stdout: string, stderr: string, args: readonly string[] = []): CliResult {
  const checked = (): unknown => {
    const document = parseStdout(stdout, stderr, exitCode);
    const problems = args.includes('--json') ? schemaProblems(args, document) : [];
    if (problems.length > 0) throw new Error(`acctl ${args.join(' ')} printed a document that does not match its schema:\n${problems.join('\n')}\n${stdout}`);
    return document;
  };
  return {
    exitCode,
    stdout,
    stderr,
    document: <T>() => checked() as T,
    json: <T>() => resultOf(checked(), stdout) as T,
  };
}

function parseStdout(stdout: string, stderr: string, exitCode: number | null): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    throw new Error(`stdout is not JSON (exit ${exitCode}):\n${stdout}\nstderr:\n${stderr}`);
  }
}

/** A document without its format_version, checked to be the one the CLI prints. */
function resultOf(document: unknown, stdout: string): unknown {
  if (typeof document !== 'object' || document === null || Array.isArray(document) || !('format_version' in document)) return document;
  const { format_version: version, ...result } = document as Record<string, unknown>;
  if (version !== JSON_FORMAT_VERSION) throw new Error(`format_version is ${JSON.stringify(version)}, not "${JSON_FORMAT_VERSION}":\n${stdout}`);
  return result;
}
