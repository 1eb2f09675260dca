import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { cliEnv, repoRoot } from '../run-cli.js';

export interface TerminalRun {
  child: ChildProcess;
  /** Everything the terminal showed so far (stdout and stderr together, as on a screen). */
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Runs the CLI in a pseudo-terminal of 120x30 (util-linux `script`), as a person's shell runs it:
 * stdin, stdout and stderr are all TTYs. Keys written to `child.stdin` reach it as typed.
 */
export function runInTerminal(args: readonly string[], env: Record<string, string>, cwd = repoRoot): TerminalRun {
  const argv = [process.execPath, path.join(repoRoot, 'bin', 'dev.js'), ...args];
  // A pseudo-terminal has no size of its own: give it a person's.
  const command = `stty cols 120 rows 30 && exec ${argv.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ')}`;
  const child = spawn('script', ['-qefc', command, '/dev/null'], { cwd, env: cliEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
