import type { Finding } from '../findings.js';
import { repositoryPath } from './ci-paths.js';
import { ratioText } from './human.js';
import { groupFlips, type Flip } from '../impact.js';
import { principalText, resourceText } from '../../ux/request-text.js';
import { causeText, countsText, directionText, impactSummary, plural, type ImpactOutcome, type LintOutcome, type TestOutcome } from './outcome.js';

/**
 * GitHub Actions workflow commands (`::error file=...,line=...,col=...::message`): each becomes an
 * annotation on the pull request's diff. Data and properties are escaped as the runner expects
 * (https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts). `file` is made
 * relative to the repository (repositoryPath), as GitHub places annotations by that path.
 */
export function annotation(level: 'error' | 'warning' | 'notice', message: string, properties: Record<string, string | number | undefined>): string {
  const props = Object.entries(properties)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]): [string, string | number | undefined] => [name, name === 'file' ? repositoryPath(String(value)) : value])
    .map(([name, value]) => `${name}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${level}${props ? ` ${props}` : ''}::${escapeData(message)}`;
}

function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

export function findingAnnotation(finding: Finding): string {
  return annotation(finding.severity, finding.message, {
    file: finding.file,
    line: finding.line,
    col: finding.col,
    endLine: finding.endLine,
    endColumn: finding.endLine === finding.line ? finding.endCol : undefined,
    title: `acctl policy lint (${finding.rule})`,
  });
}

export function lintGithub({ report, failed }: LintOutcome): string {
  const lines = report.findings.map(findingAnnotation);
  lines.push(
    `${failed ? 'acctl policy lint failed' : 'acctl policy lint passed'}: ${countsText(report.errors, report.warnings)} in ${plural(report.files.length, 'file')}`,
  );
  return `${lines.join('\n')}\n`;
}

export function testGithub(outcome: TestOutcome): string {
  const lines = outcome.blocking.map(findingAnnotation);
  const { run } = outcome;
  if (run === undefined) {
    lines.push(`acctl policy test: no test ran (${plural(outcome.blocking.length, 'error')} in the files)`);
    return `${lines.join('\n')}\n`;
  }
  for (const result of run.results) {
    const failures = result.checks.filter((check) => !check.passed);
    if (failures.length === 0) continue;
    const details = failures.map((check) => `${check.principal} × ${check.resource} × ${check.action}: ${check.failure}\n${check.explanation}`);
    lines.push(annotation('error', details.join('\n'), { file: result.file, line: result.line, col: result.col, title: `policy test failed: ${result.name}` }));
  }
  if (!outcome.coverageMet) {
    lines.push(
      annotation('error', `rules ${ratioText(run.coverage.rules)}, condition outcomes ${ratioText(run.coverage.conditions)}`, {
        title: `coverage below --min-coverage ${outcome.minCoverage}%`,
      }),
    );
  }
  lines.push(
    `acctl policy test ${outcome.failed ? 'failed' : 'passed'}: ${run.summary.passed} passed, ${run.summary.failed} failed; coverage: rules ${ratioText(run.coverage.rules)}, condition outcomes ${ratioText(run.coverage.conditions)}`,
  );
  return `${lines.join('\n')}\n`;
}

/** Examples of flips named in one annotation; the job summary has the list. */
const EXAMPLES_PER_ANNOTATION = 5;

export function flipLine(flip: Flip): string {
  return `${flip.timestamp.slice(0, 19).replace('T', ' ')} ${principalText(flip.request)} ${flip.request.action} ${resourceText(flip.request)} (decision ${flip.decision_id})`;
}

/**
 * One annotation per rule that flips decisions, on that rule's line: an error for deny → allow (access
 * widens), a warning for allow → deny. GitHub shows a limited number of annotations per step, so
 * flips are grouped, never one annotation each.
 */
export function impactGithub(outcome: ImpactOutcome): string {
  const lines = groupFlips(outcome.run.flips).map((group) => {
    const examples = group.flips.slice(0, EXAMPLES_PER_ANNOTATION).map(flipLine);
    if (group.flips.length > examples.length) examples.push(`…and ${group.flips.length - examples.length} more`);
    const message = `${plural(group.flips.length, 'recorded decision')} would flip ${directionText[group.direction]} (${causeText(group.cause)}):\n${examples.join('\n')}`;
    return annotation(group.direction === 'deny_to_allow' ? 'error' : 'warning', message, {
      file: group.cause.file ?? undefined,
      line: group.cause.line ?? undefined,
      col: group.cause.col ?? undefined,
      title: `acctl policy impact: ${directionText[group.direction]}`,
    });
  });
  lines.push(`acctl policy impact: ${impactSummary(outcome)}`);
  return `${lines.join('\n')}\n`;
}
