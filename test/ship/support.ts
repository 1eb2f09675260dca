import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ProcessResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * This process's environment without what a GitHub runner, npm or an acctl setting would add
 * (INPUT_*, GITHUB_*, RUNNER_*, npm_*, ACCTL_*, DATABASE_URL), plus `env`: when the tests run in a
 * workflow, the action's script must not write to the real job's GITHUB_PATH.
 */
export function isolatedEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !/^(INPUT_|GITHUB_|RUNNER_|npm_|ACCTL_|DATABASE_URL$)/i.test(name));
  return { ...Object.fromEntries(kept), NO_COLOR: '1', FORCE_COLOR: '0', ...env };
}

/** Runs a program to its end, with no input, and collects what it printed. */
export function runProcess(command: string, args: readonly string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): Promise<ProcessResult> {
  const child = spawn(command, args, { cwd: options.cwd ?? repoRoot, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}
