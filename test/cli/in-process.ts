import { Console } from 'node:console';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

/**
 * `acctl …` run inside the test process, through the entry the binary uses: the built bundle's
 * run() (cli/bin/acctl.js calls the same with process.argv), so a run costs milliseconds instead
 * of a Node start and a bundle load (about 0.5 s of CPU each, and the suite runs hundreds).
 *
 * A run has the process to itself while it lasts: its arguments, environment, working directory,
 * standard input, stdout and stderr (console included: oclif prints through it), process.exit and
 * process.exitCode are swapped in, and restored after. Runs in one test process therefore take
 * turns (a queue), so `Promise.all` of runs is one after another here. What a process brings and
 * this cannot, real processes test: exit through a pipe, signals, concurrent commands racing on a
 * lock or a file (runCli's `process: true`, spawnCli), and every `acctl server …` command.
 */
export interface InProcessRun {
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  input: string;
  cliRoot: string;
}

/** Thrown by the swapped process.exit: it ends the command where a process would have ended. */
class CommandExited extends Error {
  constructor(readonly code: number) {
    super(`acctl exited with ${code}`);
  }
}

let queue: Promise<unknown> = Promise.resolve();

export function runInProcess(run: InProcessRun): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const turn = queue.then(() => runAlone(run));
  queue = turn.catch(() => undefined);
  return turn;
}

type RunCli = (packageRoot: URL, argv: readonly string[]) => Promise<void>;
let loaded: Promise<RunCli> | undefined;

function loadRun(cliRoot: string): Promise<RunCli> {
  loaded ??= import(pathToFileURL(path.join(cliRoot, 'dist', 'run.js')).href).then((module: { run: RunCli }) => module.run);
  return loaded;
}

/** A stream that keeps what is written to it, as a pipe a test reads to its end would. */
function captured(): { stream: NodeJS.WriteStream; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, encoding, done) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

async function runAlone(run: InProcessRun): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const runCli = await loadRun(run.cliRoot);
  const stdout = captured();
  const stderr = captured();
  const stdin = Readable.from(run.input === '' ? [] : [Buffer.from(run.input)]);

  const saved = {
    argv: process.argv,
    env: process.env,
    cwd: process.cwd(),
    exit: process.exit,
    exitCode: process.exitCode,
    console: globalThis.console,
    stdin: Object.getOwnPropertyDescriptor(process, 'stdin'),
    stdout: Object.getOwnPropertyDescriptor(process, 'stdout'),
    stderr: Object.getOwnPropertyDescriptor(process, 'stderr'),
  };
  let exited!: (code: number) => void;
  const exitCalled = new Promise<number>((resolve) => (exited = resolve));
  try {
    process.argv = [process.execPath, path.join(run.cliRoot, 'bin', 'acctl.js'), ...run.args];
    process.env = { ...run.env };
    process.chdir(run.cwd);
    process.exitCode = undefined;
    process.exit = ((code?: number | string | null) => {
      const number = code === undefined || code === null ? Number(process.exitCode ?? 0) : Number(code);
      exited(number);
      throw new CommandExited(number);
    }) as typeof process.exit;
    Object.defineProperty(process, 'stdin', { value: stdin, configurable: true, writable: true });
    Object.defineProperty(process, 'stdout', { value: stdout.stream, configurable: true, writable: true });
    Object.defineProperty(process, 'stderr', { value: stderr.stream, configurable: true, writable: true });
    globalThis.console = new Console({ stdout: stdout.stream, stderr: stderr.stream });

    const ran = runCli(pathToFileURL(`${run.cliRoot}${path.sep}`), run.args).then(
      () => Number(process.exitCode ?? 0),
      (error: unknown) => {
        if (error instanceof CommandExited) return error.code;
        throw error;
      },
    );
    // process.exit called from a callback outside run()'s chain ends the command all the same.
    const exitCode = await Promise.race([ran, exitCalled]);
    ran.catch(() => undefined);
    return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    globalThis.console = saved.console;
    for (const name of ['stdin', 'stdout', 'stderr'] as const) {
      const descriptor = saved[name];
      if (descriptor) Object.defineProperty(process, name, descriptor);
      else delete (process as unknown as Record<string, unknown>)[name];
    }
    process.exit = saved.exit;
    process.exitCode = saved.exitCode;
    process.chdir(saved.cwd);
    process.env = saved.env;
    process.argv = saved.argv;
  }
}
