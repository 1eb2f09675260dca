/**
 * What the server package's commands (`acctl server …`, server/src/cli/) stand on: the CLI's base
 * command (--json, errors to exit codes) and its display, so that both command lines keep one
 * failure contract and one look. Its one entry, as core/src/index.ts is core's: the server imports
 * nothing else of cli/ (eslint.config.js), and bundles what it imports (scripts/build-packages.ts).
 */
export { AcctlCommand } from './base/acctl-command.js';
export { CommandError, DatabaseUnavailable, NotFound, UsageError } from './errors.js';
export { exitAfterCommandLineError } from './process-exit.js';
export { readSecretLine } from './ux/read-line.js';
export { keyValueLines, style } from './ux/style.js';
export { renderTable } from './ux/table.js';
