import { Command, Errors } from '@oclif/core';
import { describeFailure, type Failure } from './errors.js';
import { jsonDocument } from './json-document.js';
import { errorStyle } from './style.js';

/**
 * What every acctl command shares: `--json` (the value `run()` returns is printed as the JSON
 * document), status lines on stderr, and one way to fail: a one-line message (a JSON `error`
 * object with --json) and the exit code of errors.ts. Stack traces only with DEBUG set. JSON
 * documents carry `format_version` (ux/json-document.ts).
 */
export abstract class AcctlCommand extends Command {
  static override enableJsonFlag = true;

  /** A progress or status line for a person: stderr, and nothing with --json. */
  protected say = (line: string): void => {
    this.logToStderr(errorStyle.dim(line));
  };

  /** The exit code of a failure: errors.ts's, unless a command keeps a contract of its own (gate commands and plan: 1 for any error). */
  protected exitCodeOf(failure: Failure): number {
    return failure.exitCode;
  }

  /**
   * Ends a command whose answer carries its own exit code (gates, reports, plan): prints the
   * result with --json, as a returned value would be, then exits with `code` once the output is
   * written out (run.ts: process-exit.ts).
   */
  protected exitWith<T>(result: T, code: number): never {
    if (this.jsonEnabled()) this.logJson(result);
    return this.exit(code);
  }

  /** Every JSON document a command prints (its result, or the error object) carries `format_version`. */
  override logJson(json: unknown): void {
    super.logJson(jsonDocument(json));
  }

  protected override async catch(error: Error): Promise<never> {
    // A deliberate exit (exitWith, this.exit) has said what it had to say.
    if (error instanceof Errors.ExitError) throw error;
    const described = describeFailure(error);
    const failure = { ...described, exitCode: this.exitCodeOf(described) };
    if (this.jsonEnabled()) {
      this.logJson({ error: { code: failure.code, exit_code: failure.exitCode, message: failure.message, suggestions: failure.suggestions } });
    } else {
      process.stderr.write(`${errorStyle.red.bold('Error:')} ${failure.message}\n`);
      for (const suggestion of failure.suggestions) process.stderr.write(`  ${errorStyle.dim(suggestion)}\n`);
    }
    if (process.env.DEBUG && error.stack) process.stderr.write(`${errorStyle.dim(error.stack)}\n`);
    // run.ts exits with this code once the output is written out, and prints nothing more.
    return this.exit(failure.exitCode);
  }
}
