import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Finding } from '../findings.js';
import { lintRules, type LintRuleId } from '../lint-rules.js';
import { repositoryPath, repositoryRoot } from './ci-paths.js';
import { ratioText } from './human.js';
import type { LintOutcome, TestOutcome } from './outcome.js';

/**
 * SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html), the format GitHub
 * code scanning takes (github/codeql-action/upload-sarif): one run, its tool with every rule it can
 * report (id, descriptions, default level, helpUri into the manual), and one result per problem at
 * its place in a file. URIs are relative to the repository's root, named by the base id %SRCROOT%
 * (§3.14.14), as GitHub resolves them against the checkout; originalUriBaseIds says where that
 * root was on the machine that ran the command.
 */

const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const SRCROOT = '%SRCROOT%';
const INFORMATION_URI = 'https://github.com/acctl/acctl';

/** The manual at the CLI's own version: a rule's help says what that version does. */
function docsUri(version: string, page: string, anchor: string): string {
  return `${INFORMATION_URI}/blob/v${version}/docs/${page}#${anchor}`;
}

export type Level = 'error' | 'warning' | 'note';

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  helpUri: string;
  help: { text: string };
  defaultConfiguration: { level: Level };
}

interface SarifLocation {
  physicalLocation: {
    artifactLocation: { uri: string; uriBaseId?: string };
    region: { startLine: number; startColumn: number; endLine?: number; endColumn?: number };
  };
  message?: { text: string };
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: { text: string };
  locations: SarifLocation[];
  relatedLocations?: Array<SarifLocation & { id: number }>;
  partialFingerprints?: Record<string, string>;
}

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: Array<{
    tool: { driver: { name: string; version: string; semanticVersion: string; informationUri: string; rules: SarifRule[] } };
    originalUriBaseIds: Record<string, { uri: string }>;
    results: SarifResult[];
    invocations: Array<{ executionSuccessful: boolean }>;
  }>;
}

/** `rules` of `acctl policy test` beyond the lint rules of its files. */
const testRules = {
  'test-failed': { severity: 'error', summary: 'A policy test got another decision, or other matched rules, than it expects.' },
  'not-covered': {
    severity: 'error',
    summary: 'A rule that never applied, or a condition outcome never seen, while coverage is below --min-coverage.',
  },
} as const;

export type RuleCatalog = Record<string, { severity: Level; summary: string }>;

function sarifRules(catalog: RuleCatalog, version: string, page: string, anchor: string): SarifRule[] {
  return Object.entries(catalog).map(([id, rule]) => ({
    id,
    name: id
      .split('-')
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join(''),
    shortDescription: { text: rule.summary.replace(/:.*$|\s\(.*$/, '').replace(/\.?$/, '.') },
    fullDescription: { text: rule.summary },
    helpUri: docsUri(version, page, anchor),
    help: { text: rule.summary },
    defaultConfiguration: { level: rule.severity },
  }));
}

/** A file as SARIF names it: relative to %SRCROOT% when inside the root, else an absolute file URI. */
function artifactLocation(file: string, root: string): { uri: string; uriBaseId?: string } {
  const relative = repositoryPath(file, { GITHUB_WORKSPACE: root }, process.cwd());
  if (path.isAbsolute(relative)) return { uri: pathToFileURL(relative).href };
  return { uri: relative.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

function location(root: string, at: { file: string; line: number; col: number; endLine?: number; endCol?: number }): SarifLocation {
  return {
    physicalLocation: {
      artifactLocation: artifactLocation(at.file, root),
      region: {
        startLine: at.line,
        startColumn: at.col,
        ...(at.endLine === undefined || at.endCol === undefined ? {} : { endLine: at.endLine, endColumn: at.endCol }),
      },
    },
  };
}

function findingResult(finding: Finding, rules: readonly SarifRule[], root: string): SarifResult {
  return {
    ruleId: finding.rule,
    ruleIndex: rules.findIndex((rule) => rule.id === finding.rule),
    level: finding.severity,
    message: { text: finding.suggestion === undefined ? finding.message : `${finding.message} (suggested: ${finding.suggestion})` },
    locations: [location(root, finding)],
    ...(finding.related === undefined
      ? {}
      : { relatedLocations: finding.related.map((related, index) => ({ id: index + 1, ...location(root, related), message: { text: 'related' } })) }),
  };
}

function sarifLog(version: string, rules: SarifRule[], results: SarifResult[], successful: boolean, root: string): SarifLog {
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'acctl', version, semanticVersion: version, informationUri: INFORMATION_URI, rules } },
        originalUriBaseIds: { [SRCROOT]: { uri: `${pathToFileURL(root).href.replace(/\/?$/, '/')}` } },
        results,
        invocations: [{ executionSuccessful: successful }],
      },
    ],
  };
}

/** A result of another command (plan, diff), at its place in a file when it has one. */
export interface SarifEntry {
  ruleId: string;
  level: Level;
  message: string;
  at?: { file: string; line: number; col: number };
  /** What identifies the result across runs beside its rule and place (GitHub's partialFingerprints), e.g. the policy and rule. */
  fingerprint?: string;
}

/** A rule catalog and where the manual describes its rules. */
export interface SarifCatalog {
  rules: RuleCatalog;
  page: string;
  anchor: string;
}

/**
 * The one SARIF log of every command that writes one: the rules of its catalogs, and each entry a
 * result (at its place; GitHub code scanning refuses a result without a file, so an entry with no
 * place goes where `fallback` says, the policy folder's acctl.yaml for plan and diff).
 */
export function renderSarif(
  version: string,
  catalogs: readonly SarifCatalog[],
  entries: readonly SarifEntry[],
  options: { root?: string; fallback?: { file: string; line: number; col: number } } = {},
): string {
  const root = options.root ?? repositoryRoot();
  const rules = catalogs.flatMap((catalog) => sarifRules(catalog.rules, version, catalog.page, catalog.anchor));
  const results = entries.map((entry): SarifResult => {
    const at = entry.at ?? options.fallback;
    return {
      ruleId: entry.ruleId,
      ruleIndex: rules.findIndex((rule) => rule.id === entry.ruleId),
      level: entry.level,
      message: { text: entry.message },
      locations: at === undefined ? [] : [location(root, at)],
      ...(entry.fingerprint === undefined ? {} : { partialFingerprints: { 'acctlRule/v1': entry.fingerprint } }),
    };
  });
  return `${JSON.stringify(sarifLog(version, rules, results, true, root), null, 2)}\n`;
}

/** `acctl policy lint --format sarif`: one result per finding. */
export function lintSarif({ report }: LintOutcome, version: string, root = repositoryRoot()): string {
  const rules = sarifRules(lintRules, version, 'policy-files.md', 'what-lint-checks');
  const results = report.findings.map((finding) => findingResult(finding, rules, root));
  return `${JSON.stringify(sarifLog(version, rules, results, true, root), null, 2)}\n`;
}

/**
 * `acctl policy test --format sarif`: errors in the files (lint rules), one result per failing test
 * at the test, and with coverage below --min-coverage, one per rule or condition outcome not covered.
 */
export function testSarif(outcome: TestOutcome, version: string, root = repositoryRoot()): string {
  const rules = [...sarifRules(lintRules, version, 'policy-files.md', 'what-lint-checks'), ...sarifRules(testRules, version, 'policy-files.md', 'test-files')];
  const index = (id: LintRuleId | keyof typeof testRules): number => rules.findIndex((rule) => rule.id === id);
  const results = outcome.blocking.map((finding) => findingResult(finding, rules, root));
  const { run } = outcome;
  for (const result of run?.results ?? []) {
    const failures = result.checks.filter((check) => !check.passed);
    if (failures.length === 0) continue;
    const details = failures.map((check) => `${check.principal} × ${check.resource} × ${check.action}: ${check.failure}. ${check.explanation}`);
    results.push({
      ruleId: 'test-failed',
      ruleIndex: index('test-failed'),
      level: 'error',
      message: { text: `Policy test failed: ${result.name} (${result.suite})\n${details.join('\n')}` },
      locations: [location(root, result)],
    });
  }
  if (run !== undefined && !outcome.coverageMet) {
    const totals = `rules ${ratioText(run.coverage.rules)}, condition outcomes ${ratioText(run.coverage.conditions)}`;
    for (const item of run.coverage.uncovered) {
      results.push({
        ruleId: 'not-covered',
        ruleIndex: index('not-covered'),
        level: 'error',
        message: { text: `${item.message}; coverage ${totals} is below --min-coverage ${outcome.minCoverage}%` },
        locations: [location(root, item)],
      });
    }
  }
  return `${JSON.stringify(sarifLog(version, rules, results, true, root), null, 2)}\n`;
}
