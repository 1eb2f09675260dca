/**
 * @acctl/kit: what both command lines stand on, the CLI (`acctl`) and the server package's commands
 * (`acctl server …`, `acctl-server`): the base command (--json, errors to exit codes), the failure
 * contract (stable codes, exit codes, suggestions), the JSON document every --json run prints, the
 * exit that waits for its output, the display, and "did you mean" (one edit distance for flags,
 * commands, policy fields and scopes). One entry, an explicit list (as core's): the
 * packages import nothing else of kit/ (eslint.config.js), and each bundles what it imports
 * (scripts/build-packages.ts), so neither package installs it. Salesforce's sf-plugins-core, which
 * the `sf` CLI and its plugins share, is the model.
 */
export { AcctlCommand } from './acctl-command.js';
export {
  CommandError,
  DatabaseUnavailable,
  describeFailure,
  exitCodes,
  gateExitCodes,
  NotFound,
  UsageError,
  type Failure,
  type FailureCode,
} from './errors.js';
export { jsonDocument, JSON_FORMAT_VERSION } from './json-document.js';
export { exitAfterCommandLineError, exitAfterOutput } from './process-exit.js';
export { readSecretLine } from './read-line.js';
export { didYouMean, editDistance, nearestName } from './suggest.js';
export { errorStyle, keyValueLines, style } from './style.js';
export { renderTable, type Column } from './table.js';
