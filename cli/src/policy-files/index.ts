/**
 * Policy files on disk: reading them with their source positions, linting, formatting and running
 * their tests offline with the server's engine. Pure except workspace.ts (the only module that reads
 * the disk); the commands in cli/src/commands/policy/ load this module lazily, so other commands do
 * not pay for YAML, Ajv and the engine at start.
 */
export { collectPolicyFiles, type PolicyFileSet } from './workspace.js';
export type { SourceFile, Position, Span } from './source.js';
export { parseYamlFile, fileKindOf, schemaNameOfKind, type FileKind, type ParsedFile } from './yaml-file.js';
export { lintRules, type LintRuleId, type Severity } from './lint-rules.js';
export { countFindings, locationOf, type Finding } from './findings.js';
export { checkSchema } from './schema-check.js';
export { lintFiles, lintFails, type LintReport } from './lint.js';
export { formatFile, type FormatResult } from './format.js';
export { prepareTests, type PreparedTests } from './prepare-tests.js';
export { runTests, type TestRun, type TestCaseResult, type CheckResult } from './test-runner.js';
export { meetsMinimum, type CoverageReport } from './coverage.js';
export { editDistance, nearestName } from '../../../kit/src/index.js';
export { globMatcher } from './glob.js';
export type { LintOutcome, TestOutcome, Paint } from './report/outcome.js';
export { lintHuman, testHuman } from './report/human.js';
export { lintJson, testJson, type LintJson, type TestJson } from './report/json.js';
export { lintGithub, testGithub } from './report/github.js';
export { lintJunit, testJunit } from './report/junit.js';
export { lintMarkdown, testMarkdown, MARKDOWN_LIMIT } from './report/markdown.js';
export { lintSarif, testSarif } from './report/sarif.js';
export { loadFiles } from './load.js';
export { duplicateNames } from './policy-checks.js';
export { plannedPolicies, replayDecisions, groupFlips, type ServerPolicy, type Flip, type ImpactRun, type PlannedPolicies } from './impact.js';
export type { ImpactOutcome } from './report/outcome.js';
export { impactHuman } from './report/human.js';
export { impactJson, type ImpactJson } from './report/json.js';
export { impactGithub } from './report/github.js';
export { impactJunit } from './report/junit.js';
export { impactMarkdown } from './report/markdown.js';
