import { locationOf, type Finding } from '../findings.js';
import { ratioText } from './human.js';
import { groupFlips } from '../impact.js';
import { flipLine } from './github.js';
import { causeText, changesText, countsText, directionText, impactSummary, plural, type ImpactOutcome, type LintOutcome, type TestOutcome } from './outcome.js';

/** Files listed in the summary table; the rest are counted. */
const FILES_LISTED = 50;

/** GitHub refuses comments longer than this (characters). */
export const MARKDOWN_LIMIT = 65_535;

/**
 * A pull-request comment: the summary first, details folded in <details>. Detail entries are added
 * while they fit under the limit, then a line says how many were left out.
 */
export function fitted(head: string, detailTitle: string, entries: readonly string[], limit = MARKDOWN_LIMIT): string {
  if (entries.length === 0) return head;
  const open = `\n<details><summary>${detailTitle}</summary>\n\n`;
  const close = '\n</details>\n';
  const reserve = 200;
  let body = '';
  let shown = 0;
  for (const entry of entries) {
    if (head.length + open.length + body.length + entry.length + close.length + reserve > limit) break;
    body += `${entry}\n`;
    shown += 1;
  }
  if (shown < entries.length) body += `\n…and ${entries.length - shown} more not shown here; run the command locally to see them all.\n`;
  return `${head}${open}${body}${close}`;
}

/**
 * The hidden line a pull-request comment ends with, `<!-- acctl:plan owner=… server=… -->`: a
 * workflow that posts the report finds the comment carrying the same line and edits it, so a
 * re-run replaces its own comment and leaves every other one alone (`gh pr comment --edit-last`
 * would edit whatever comment the token wrote last). `scope` tells apart the reports of one kind
 * a workflow posts (two folders, two servers). At the end, not the start: the summary stays the
 * first line, and what `fitted` cuts never reaches it. Values are percent-encoded, so none can
 * close the comment (`-->`) or hold `--`.
 */
export function commentMarker(report: 'lint' | 'test' | 'impact' | 'plan' | 'diff', scope: Record<string, string | null | undefined> = {}): string {
  const parts = Object.entries(scope)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([name, value]) => ` ${name}=${encodeURIComponent(value).replace(/-(?=-)/g, '%2D')}`);
  return `<!-- acctl:${report}${parts.join('')} -->`;
}

/** A comment body with its marker as the last line. */
export function withMarker(body: string, marker: string): string {
  return `${body.replace(/\n*$/, '\n')}\n${marker}\n`;
}

export function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

export function codeSpan(text: string): string {
  return `\`${text.replaceAll('`', "'").replaceAll('\n', ' ')}\``;
}

function fence(text: string): string {
  const ticks = text.includes('```') ? '~~~~' : '```';
  return `${ticks}text\n${text}\n${ticks}`;
}

function findingEntry(finding: Finding): string {
  return `**\`${locationOf(finding)}\`** ${finding.severity} \`${finding.rule}\`: ${finding.message}\n\n${fence(finding.excerpt)}\n`;
}

export function lintMarkdown({ report, failed }: LintOutcome, limit = MARKDOWN_LIMIT): string {
  const icon = failed ? '❌' : report.warnings > 0 ? '⚠️' : '✅';
  let head = `### ${icon} acctl policy lint: ${countsText(report.errors, report.warnings)} in ${plural(report.files.length, 'file')}\n`;
  const files = [...new Set(report.findings.map((finding) => finding.file))];
  if (files.length > 0) {
    head += '\n| File | Errors | Warnings |\n| --- | ---: | ---: |\n';
    for (const file of files.slice(0, FILES_LISTED)) {
      const inFile = report.findings.filter((finding) => finding.file === file);
      const errors = inFile.filter((finding) => finding.severity === 'error').length;
      head += `| \`${cell(file)}\` | ${errors} | ${inFile.length - errors} |\n`;
    }
    if (files.length > FILES_LISTED) head += `\n…and ${plural(files.length - FILES_LISTED, 'more file')} with findings.\n`;
  }
  return withMarker(fitted(head, `Findings (${report.findings.length})`, report.findings.map(findingEntry), limit), commentMarker('lint'));
}

export function testMarkdown(outcome: TestOutcome, limit = MARKDOWN_LIMIT): string {
  const { run } = outcome;
  if (run === undefined) {
    const head = `### ❌ acctl policy test: no test ran, ${plural(outcome.blocking.length, 'error')} in the files\n`;
    return withMarker(fitted(head, `Errors (${outcome.blocking.length})`, outcome.blocking.map(findingEntry), limit), commentMarker('test'));
  }
  const { summary, coverage } = run;
  const icon = outcome.failed ? '❌' : '✅';
  let head = `### ${icon} acctl policy test: ${summary.passed} passed, ${summary.failed} failed (${plural(summary.checks, 'check')} in ${plural(summary.files, 'file')})\n\n`;
  head += `Coverage: rules ${ratioText(coverage.rules)}, condition outcomes ${ratioText(coverage.conditions)}`;
  head +=
    outcome.minCoverage === undefined
      ? '\n'
      : outcome.coverageMet
        ? ` (minimum ${outcome.minCoverage}%: met)\n`
        : ` — **below the minimum of ${outcome.minCoverage}%**\n`;
  const failures = run.results
    .filter((result) => !result.passed)
    .map((result) => {
      const checks = result.checks
        .filter((check) => !check.passed)
        .map(
          (check) =>
            `- ${check.principal} × ${check.resource} × ${check.action}: ${check.failure}\n\n${fence([check.explanation, ...check.reasons].join('\n'))}`,
        );
      return `**${cell(result.name)}** (\`${result.file}:${result.line}:${result.col}\`)\n\n${checks.join('\n')}\n`;
    });
  const uncovered = coverage.uncovered.map((item) => `- \`${item.file}:${item.line}:${item.col}\` ${item.message}`);
  const withFailures = fitted(head, `Failures (${failures.length})`, failures, limit - Math.min(limit / 4, uncovered.join('\n').length + 200));
  return withMarker(fitted(withFailures, `Not covered (${uncovered.length})`, uncovered, limit), commentMarker('test'));
}

/** Rules listed in the summary table of an impact comment; the rest are counted. */
const GROUPS_LISTED = 30;

/**
 * A pull-request comment: the verdict and the rules that flip decisions first, every flip in a
 * folded list (deny → allow first), cut to fit GitHub's limit with a count of what was left out.
 */
export function impactMarkdown(outcome: ImpactOutcome, limit = MARKDOWN_LIMIT): string {
  const icon = outcome.flagged ? (outcome.run.flips.some((flip) => flip.direction === 'deny_to_allow') ? '🚨' : '⚠️') : '✅';
  let head = `### ${icon} acctl policy impact\n\n${impactSummary(outcome)}.\n\nLocal policies: ${changesText(outcome.changes)}.\n`;
  const groups = groupFlips(outcome.run.flips);
  if (groups.length > 0) {
    head += '\n| Flip | Decisions | Rule |\n| --- | ---: | --- |\n';
    for (const group of groups.slice(0, GROUPS_LISTED))
      head += `| ${directionText[group.direction]} | ${group.flips.length} | ${cell(causeText(group.cause))} |\n`;
    if (groups.length > GROUPS_LISTED) head += `\n…and ${plural(groups.length - GROUPS_LISTED, 'more rule')}.\n`;
  }
  if (outcome.run.drifted > 0)
    head += `\n${plural(outcome.run.drifted, 'decision')} came out differently when recorded (the server's policies changed since); not counted as flips.\n`;
  // Requests carry what callers sent: in code spans, they cannot mention people or inject markup.
  const entries = outcome.run.flips.map((flip) => `- **${directionText[flip.direction]}** ${codeSpan(flipLine(flip))}: ${cell(causeText(flip.cause))}`);
  return withMarker(fitted(head, `Decisions that would flip (${entries.length})`, entries, limit), commentMarker('impact'));
}
