import { Errors } from '@oclif/core';
import type { Problem } from '../../core/src/index.js';
import { nearestName } from './suggest.js';

/**
 * Exit codes of every acctl command, by the stable error code a `--json` error carries. Scripts
 * switch on these; docs/cli-usage.md lists the same table.
 */
export const exitCodes = {
  /** The command did what it was asked. */
  ok: 0,
  /** An unexpected failure (a bug, or an error the CLI does not classify). */
  internal_error: 1,
  /**
   * The policy files have lint errors: `acctl policy plan`, `apply` and `diff` refuse them with the
   * exit code `acctl policy lint` has for them (1), so a CI step means the same by it in each command.
   */
  lint_failed: 1,
  /** `acctl policy apply` in a terminal: the answer to "Enter a value" was not `yes`; nothing was changed (Terraform's "Apply cancelled", exit 1). */
  apply_cancelled: 1,
  /** `acctl policy delete` or `acctl agent grant revoke` in a terminal: the answer to its question was not `yes`; nothing was deleted or revoked. */
  delete_cancelled: 1,
  /** Bad flags or arguments, or values that break a rule (an unknown scope, a short password); no database found for an admin command. */
  usage_error: 2,
  /** Missing or invalid configuration: DATABASE_URL, ACCTL_KEY_ENCRYPTION_KEY, a port in use; an acctl.yaml that is not valid when it is to name the server. */
  config_error: 3,
  /** The named client or user does not exist. */
  not_found: 4,
  /** It already exists (a username taken, a duplicate id). */
  conflict: 5,
  /** The database cannot be reached, or the embedded PostgreSQL cannot run here or its data folder is in use. */
  database_unavailable: 6,
  /** No credentials for the server, or the server refused them (401), or they lack a scope (403). */
  auth_error: 7,
  /**
   * The acctl server the command talks to (--server, ACCTL_SERVER, acctl.yaml, the profile) cannot
   * be reached, or what answers there is not acctl (api/server-identity.ts).
   */
  server_unreachable: 8,
  /** `acctl policy apply`: the server changed since the plan (a stale plan.json, or a concurrent apply won) and refused its change set; nothing was applied. */
  stale_plan: 9,
  /** `acctl decision evaluate --exit-code`: the call succeeded and the answer is deny. */
  denied: 10,
  /** `acctl webhook test`: the server sent the event and the receiver did not answer 2xx. */
  delivery_failed: 11,
  /** `acctl audit verify`: the server answered and a hash chain of the audit log is broken. */
  chain_broken: 12,
  /**
   * The server still answered 429 (rate limited) after the client's retries, or asked for a longer
   * wait than the client makes (api/retry-policy.ts): nothing is wrong but the pace; the message
   * says the limit class and when to try again (Retry-After).
   */
  rate_limited: 13,
  /**
   * `acctl policy plan --fail-on-widen` (and `policy diff FOLDER FOLDER --fail-on-widen`): the
   * change widens access, or whether it does could not be decided (never taken as a no).
   */
  access_widens: 14,
} as const;

export type FailureCode = Exclude<keyof typeof exitCodes, 'ok'>;

/**
 * Exit codes of the commands that gate a script or a CI job (`acctl policy simulate`, `acctl policy
 * impact`), as `terraform plan -detailed-exitcode` has them: 2 means the command worked and found
 * what the gate stops on (a deny, a decision that would flip), so every failure exits 1 there and
 * 2 never means bad usage. The error's `code` (with --json) still says which failure it was.
 */
export const gateExitCodes = {
  /** Every request allowed; no decision would flip. */
  passed: 0,
  /** Any failure: bad usage, credentials, an unreachable server, invalid input. */
  error: 1,
  /** A request was denied; decisions would flip. */
  flagged: 2,
} as const;

/** An error a command raises on purpose: its code picks the exit code; suggestions say what to do next. */
export class CommandError extends Error {
  override name = 'CommandError';
  readonly code: FailureCode;
  readonly suggestions: readonly string[];
  /** The server's problem+json, when the error is its answer: a command that must read its `code` or `errors` (a refused change set) finds them here. */
  readonly problem?: Partial<Problem>;

  constructor(code: FailureCode, message: string, options: { suggestions?: readonly string[]; cause?: unknown; problem?: Partial<Problem> } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.suggestions = options.suggestions ?? [];
    if (options.problem !== undefined) this.problem = options.problem;
  }

  get exitCode(): number {
    return exitCodes[this.code];
  }
}

export class UsageError extends CommandError {
  constructor(message: string, suggestions: readonly string[] = []) {
    super('usage_error', message, { suggestions });
  }
}

export class NotFound extends CommandError {
  constructor(message: string, suggestions: readonly string[] = []) {
    super('not_found', message, { suggestions });
  }
}

export class DatabaseUnavailable extends CommandError {
  constructor(message: string, cause: unknown) {
    super('database_unavailable', message, { cause, suggestions: ['Check --database-url / DATABASE_URL, or --data-dir for the embedded database'] });
  }
}

/** What a failure looks like to the person or script that ran the command. */
export interface Failure {
  code: FailureCode;
  exitCode: number;
  message: string;
  suggestions: string[];
}

/** Classifies any error thrown by a command: one place for the error-to-exit-code mapping. */
export function describeFailure(error: unknown): Failure {
  const failure = (code: FailureCode, message: string, suggestions: readonly string[] = []): Failure => ({
    code,
    exitCode: exitCodes[code],
    message,
    suggestions: [...suggestions],
  });
  if (error instanceof CommandError) return failure(error.code, error.message, error.suggestions);
  // The server's errors by name, not class: importing them would load the server's code with
  // every command (server/src/config/config-error.ts, domains/principals/users.ts).
  if (error instanceof Error && error.name === 'ConfigError') return failure('config_error', error.message);
  // The embedded PostgreSQL cannot run here or its data folder is in use (server/src/db/database-unreachable.ts): its message says what to do.
  if (error instanceof Error && error.name === 'DatabaseUnreachable') return failure('database_unavailable', error.message);
  if (error instanceof Error && error.name === 'UserExists') return failure('conflict', error.message);
  if (isParseError(error)) {
    // oclif's parser writes "The following errors occurred:", the problems, then "See more help with --help".
    const lines = error.message
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !/^The following errors? occurred:?$/.test(line));
    const hints = lines.filter((line) => /^See more help/.test(line));
    return failure('usage_error', lines.filter((line) => !hints.includes(line)).join('; ') || 'Invalid arguments', [...flagSuggestions(error), ...hints]);
  }
  if (hasCode(error, '23505')) return failure('conflict', `Already exists: ${(error as { detail?: string }).detail ?? (error as Error).message}`);
  const message = error instanceof Error ? error.message : String(error);
  return failure('internal_error', message || 'Unexpected error', ['Run again with DEBUG=1 to see the stack trace']);
}

/**
 * "Did you mean --status?" for each flag the command does not have (oclif's NonExistentFlagsError
 * names them; the parse input holds the command's flags): the nearest name within a third of its
 * length in edits, as gh and git suggest. `-h` is help (package.json, oclif.additionalHelpFlags).
 */
function flagSuggestions(error: Errors.CLIError): string[] {
  const unknown = (error as { flags?: unknown }).flags;
  const defined = (error as { parse?: { input?: { flags?: Record<string, { char?: string; hidden?: boolean }> } } }).parse?.input?.flags;
  if (!Array.isArray(unknown) || defined === undefined) return [];
  const names = Object.entries(defined)
    .filter(([, flag]) => !flag.hidden)
    .map(([name]) => name);
  return unknown.flatMap((typed) => {
    if (typeof typed !== 'string' || !typed.startsWith('--')) return [];
    const name = typed.slice(2).split('=')[0]!;
    const near = nearestName(name, names);
    return near === undefined ? [] : [`Did you mean --${near}?`];
  });
}

/** Flag and argument errors from oclif's parser (they carry the parse input). */
function isParseError(error: unknown): error is Errors.CLIError {
  return error instanceof Errors.CLIError && 'parse' in error;
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
