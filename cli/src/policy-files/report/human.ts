import { locationOf, type Finding } from '../findings.js';
import type { CoverageRatio } from '../coverage.js';
import type { Direction, Flip } from '../impact.js';
import { principalText, resourceText } from '../../ux/request-text.js';
import {
  causeText,
  changesText,
  countsText,
  directionText,
  impactSummary,
  plural,
  type ImpactOutcome,
  type LintOutcome,
  type Paint,
  type TestOutcome,
} from './outcome.js';

/** One finding: `file:line:col severity message (rule)`, then the excerpt with its caret. */
export function findingText(finding: Finding, paint: Paint): string {
  const colour = finding.severity === 'error' ? paint.red : paint.yellow;
  const excerpt = finding.excerpt
    .split('\n')
    .map((line, index) => `  ${index === 1 ? line.replace(/\^+$/, (carets) => colour(carets)) : line}`)
    .join('\n');
  return `${paint.bold(locationOf(finding))} ${colour(finding.severity)} ${finding.message} ${paint.dim(`(${finding.rule})`)}\n${excerpt}`;
}

export function lintHuman({ report, failed }: LintOutcome, paint: Paint): string {
  const blocks = report.findings.map((finding) => findingText(finding, paint));
  const summary = `${countsText(report.errors, report.warnings)} in ${plural(report.files.length, 'file')}`;
  blocks.push(failed ? paint.red(`✘ ${summary}`) : report.warnings > 0 ? paint.yellow(`⚠ ${summary}`) : paint.green(`✔ ${summary}`));
  return `${blocks.join('\n\n')}\n`;
}

export function testHuman(outcome: TestOutcome, paint: Paint): string {
  const lines: string[] = [];
  if (outcome.blocking.length > 0) {
    for (const finding of outcome.blocking) lines.push(findingText(finding, paint), '');
    lines.push(paint.red(`✘ No test ran: fix the ${plural(outcome.blocking.length, 'error')} above first`));
    return `${lines.join('\n')}\n`;
  }
  const run = outcome.run!;
  let currentFile: string | undefined;
  for (const result of run.results) {
    if (result.file !== currentFile) {
      if (currentFile !== undefined) lines.push('');
      currentFile = result.file;
      lines.push(`${paint.bold(result.file)} ${paint.dim(`(${result.suite})`)}`);
    }
    if (result.passed) {
      lines.push(`  ${paint.green('✔')} ${result.name} ${paint.dim(`(${plural(result.checks.length, 'check')})`)}`);
      continue;
    }
    lines.push(`  ${paint.red('✘')} ${result.name} ${paint.dim(`${result.file}:${result.line}:${result.col}`)}`);
    for (const check of result.checks.filter((candidate) => !candidate.passed)) {
      lines.push(`      ${check.principal} × ${check.resource} × ${check.action}: ${paint.red(check.failure ?? '')}`);
      lines.push(`        ${check.explanation}`);
      for (const reason of check.reasons) lines.push(paint.dim(`        ${reason}`));
    }
  }
  const { summary, coverage } = run;
  lines.push('');
  const counts = [paint.green(`${summary.passed} passed`), summary.failed > 0 ? paint.red(`${summary.failed} failed`) : '', `${summary.tests} total`]
    .filter(Boolean)
    .join(', ');
  lines.push(`Tests:    ${counts} ${paint.dim(`(${plural(summary.checks, 'check')} in ${plural(summary.files, 'file')})`)}`);
  lines.push(`Coverage: rules ${ratioText(coverage.rules)}, condition outcomes ${ratioText(coverage.conditions)}`);
  if (coverage.uncovered.length > 0) {
    lines.push(paint.dim('Not covered:'));
    for (const item of coverage.uncovered) lines.push(paint.dim(`  ${item.file}:${item.line}:${item.col} ${item.message}`));
  }
  if (!outcome.coverageMet) lines.push(paint.red(`✘ Coverage is below --min-coverage ${outcome.minCoverage}%`));
  lines.push(outcome.failed ? paint.red('✘ Policy tests failed') : paint.green('✔ Policy tests passed'));
  return `${lines.join('\n')}\n`;
}

export function ratioText(ratio: CoverageRatio): string {
  return `${ratio.covered}/${ratio.total} (${ratio.percent}%)`;
}

/** Flips listed per direction in the terminal; --json and the other formats have them all. */
const FLIPS_SHOWN = 100;

export function impactHuman(outcome: ImpactOutcome, paint: Paint): string {
  const lines = [`Local policies: ${changesText(outcome.changes)}`];
  for (const direction of ['deny_to_allow', 'allow_to_deny'] as const satisfies readonly Direction[]) {
    const flips = outcome.run.flips.filter((flip) => flip.direction === direction);
    if (flips.length === 0) continue;
    const colour = direction === 'deny_to_allow' ? paint.red : paint.yellow;
    lines.push('', colour(paint.bold(`${directionText[direction].toUpperCase()} (${flips.length})`)));
    const rows = flips
      .slice(0, FLIPS_SHOWN)
      .map((flip: Flip) => [
        flip.timestamp.slice(0, 19).replace('T', ' '),
        principalText(flip.request),
        flip.request.action,
        resourceText(flip.request),
        causeText(flip.cause),
      ]);
    const header = ['TIME', 'PRINCIPAL', 'ACTION', 'RESOURCE', 'CAUSE'];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]): string =>
      `  ${cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')}`;
    lines.push(paint.bold(line(header)), ...rows.map(line));
    if (flips.length > FLIPS_SHOWN) lines.push(paint.dim(`  …and ${flips.length - FLIPS_SHOWN} more (--json lists them all)`));
  }
  if (outcome.run.drifted > 0)
    lines.push(
      '',
      paint.dim(`${plural(outcome.run.drifted, 'decision')} came out differently when recorded: the server's policies changed since (not counted as flips).`),
    );
  const summary = impactSummary(outcome);
  lines.push('', outcome.flagged ? paint.red(`✘ ${summary}`) : paint.green(`✔ ${summary}`));
  return `${lines.join('\n')}\n`;
}
