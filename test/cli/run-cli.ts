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
  /** stdout parsed as JSON (for --json runs). */
  json<T = Record<string, unknown>>(): T;
}

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
      resolve({
        exitCode,
        stdout,
        stderr,
        json<T>() {
          try {
            return JSON.parse(stdout) as T;
          } catch {
            throw new Error(`stdout is not JSON (exit ${exitCode}):\n${stdout}\nstderr:\n${stderr}`);
          }
        },
      });
    });
  });
}
