import { ApiCommand } from './api-command.js';
import { gateExitCodes } from '../../../kit/src/index.js';

/**
 * An API command that gates a script or CI job: exit 0 when it passes, 2 when it found what the
 * gate stops on, 1 on any failure (errors.ts, gateExitCodes). The exit is made explicit, as in
 * PolicyCheckCommand: process.exitCode does not survive a dependency's process.exit(0) on beforeExit.
 */
export abstract class GateCommand extends ApiCommand {
  protected override exitCodeOf(): number {
    return gateExitCodes.error;
  }

  /** Returns the result, or, when the gate stops, prints it (with --json) and exits 2. */
  protected finishGate<T>(result: T, flagged: boolean): T {
    return flagged ? this.exitWith(result, gateExitCodes.flagged) : result;
  }
}
