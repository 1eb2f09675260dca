/**
 * Failures that belong to the rows a statement wrote rather than to the database or the write
 * itself: SQLSTATE class 22 (data exception: text PostgreSQL cannot store, such as a NUL or a lone
 * surrogate in JSON, a number out of range), 23 (integrity constraint violation) and 54 (program
 * limit exceeded: a value too large for its index or for jsonb). Writing the same rows again fails
 * again; writing the others without them succeeds. A shared write (group commit) bisects on these
 * so that one caller's row fails only that caller. Anything else (a lost connection, a deadlock)
 * is the write's failure and fails it as a whole.
 */
export function isRowFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(code);
}
