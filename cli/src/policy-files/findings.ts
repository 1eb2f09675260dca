import type { LineCounter } from 'yaml';
import { lintRules, type LintRuleId, type Severity } from './lint-rules.js';
import { excerptOf, positionOf, type Span } from './source.js';

/** Another place a finding refers to, e.g. the first file that uses a duplicated policy name. */
export interface RelatedLocation {
  file: string;
  line: number;
  col: number;
}

/** One problem in one file, at a place in its source. */
export interface Finding {
  rule: LintRuleId;
  severity: Severity;
  message: string;
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  /** The source line with a caret under the span (see excerptOf). */
  excerpt: string;
  /** A replacement for the text at the span, when there is an obvious one (the nearest field name). */
  suggestion?: string;
  related?: RelatedLocation[];
}

/** What findings are made from: a file's path, text and line starts. */
export interface Locatable {
  path: string;
  text: string;
  lineCounter: LineCounter;
}

export function findingAt(
  file: Locatable,
  span: Span,
  rule: LintRuleId,
  message: string,
  extra: { suggestion?: string | undefined; related?: RelatedLocation[] } = {},
): Finding {
  const start = positionOf(file.lineCounter, span[0]);
  const end = positionOf(file.lineCounter, Math.max(span[1], span[0]));
  return {
    rule,
    severity: lintRules[rule].severity,
    message,
    file: file.path,
    line: start.line,
    col: start.col,
    endLine: end.line,
    endCol: end.col,
    excerpt: excerptOf(file.text, file.lineCounter, span),
    ...(extra.suggestion === undefined ? {} : { suggestion: extra.suggestion }),
    ...(extra.related === undefined ? {} : { related: extra.related }),
  };
}

/** File, then line, then column: the order people read them in. */
export function byLocation(a: Finding, b: Finding): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.rule.localeCompare(b.rule);
}

export interface FindingCounts {
  errors: number;
  warnings: number;
}

export function countFindings(findings: readonly Finding[]): FindingCounts {
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  return { errors, warnings: findings.length - errors };
}

/** `file:line:col`, the form editors and terminals turn into links. */
export function locationOf(finding: { file: string; line: number; col: number }): string {
  return `${finding.file}:${finding.line}:${finding.col}`;
}
