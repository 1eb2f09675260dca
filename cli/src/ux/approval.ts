import { UsageError } from '../../../kit/src/index.js';

/**
 * Terraform's rule for a command that changes a server, shared by `acctl policy apply` and the
 * destructive commands (`acctl policy delete`): a person's `yes` at a terminal, or a flag that
 * gives it beforehand; without either (no terminal, or --json) the command refuses before it
 * reads or changes anything.
 */
export function refuseWithoutApproval(command: string, json: boolean, remedy: string, nothingDone: string): void {
  if (!json && process.stdin.isTTY) return;
  throw new UsageError(`${command} cannot ask for approval ${json ? 'with --json' : 'without a terminal'}: ${remedy}; ${nothingDone}`);
}

/** Asks at the terminal; only `yes` approves (Terraform: "Only 'yes' will be accepted to approve."). */
export async function approvedAtTerminal(question: string): Promise<boolean> {
  const { askLine } = await import('./ask-line.js');
  return (await askLine(question))?.trim() === 'yes';
}
