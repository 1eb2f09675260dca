import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** The version ux/json-document.ts gives every document; json() refuses any other. */
const JSON_FORMAT_VERSION = '1';

/**
 * The environment a CLI run sees: this process's, without anything that would point it at another
 * database or key, plus `env`. NO_COLOR keeps the output plain.
 */
export function cliEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(ACCTL_|DATABASE_URL$|REDIS_URL$|PORT$|DEBUG$)/.test(name)));
  // A throw-away config folder, so no developer's stored acctl login leaks into a test.
  return { ...clean, NO_COLOR: '1', XDG_CONFIG_HOME: isolatedConfigHome, ...env };
}

/** Starts `acctl ...args` as a person would run it: the built CLI. */
export function spawnCli(args: readonly string[], env: Record<string, string | undefined> = {}, cwd = repoRoot): ChildProcess {
  return spawn(process.execPath, [cliEntry, ...args], { cwd, env: cliEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Runs the CLI to its end; `input` is written to its stdin; `cwd` is the repository unless given. */
export function runCli(args: readonly string[], options: { env?: Record<string, string | undefined>; input?: string; cwd?: string } = {}): Promise<CliResult> {
  const child = spawnCli(args, options.env, options.cwd);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin!.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode) => {
      resolve(cliResult(exitCode, stdout, stderr));
    });
  });
}

/** What a finished run printed, with its JSON readers: for runs started another way (spawnCli). */
export function cliResult(exitCode: number | null, stdout: string, stderr: string): CliResult {
  return {
    exitCode,
    stdout,
    stderr,
    document: <T>() => parseStdout(stdout, stderr, exitCode) as T,
    json: <T>() => resultOf(parseStdout(stdout, stderr, exitCode), stdout) as T,
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
