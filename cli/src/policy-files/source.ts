import type { LineCounter } from 'yaml';

/** A file as read: its path as shown to people (relative to the working directory, `/`-separated) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** 1-based line and column (UTF-16 code units, as editors and GitHub annotations count them). */
export interface Position {
  line: number;
  col: number;
}

/** A stretch of a file, as offsets into its text: [start, end). */
export type Span = readonly [start: number, end: number];

/** Line and column of an offset, from the line starts the YAML parser recorded while reading the file. */
export function positionOf(lineCounter: LineCounter, offset: number): Position {
  const { line, col } = lineCounter.linePos(Math.max(0, offset));
  return { line, col };
}

/**
 * The line a span starts on, with a caret line under the span (to the end of that line when the span
 * runs further), prefixed by a line-number gutter:
 *
 *     6 |     acitons: [read]
 *       |     ^^^^^^^
 */
export function excerptOf(text: string, lineCounter: LineCounter, span: Span): string {
  const { line, col } = positionOf(lineCounter, span[0]);
  const lineStart = lineCounter.lineStarts[line - 1] ?? 0;
  let lineEnd = text.indexOf('\n', lineStart);
  if (lineEnd === -1) lineEnd = text.length;
  const lineText = text.slice(lineStart, lineEnd).replace(/\r$/, '');
  const caretStart = Math.min(col - 1, lineText.length);
  const caretEnd = Math.min(Math.max(span[1], span[0] + 1) - lineStart, Math.max(lineText.length, caretStart + 1));
  const gutter = String(line);
  // Tabs stay tabs under the text so the caret lines up whatever the tab width.
  const padding = lineText.slice(0, caretStart).replace(/[^\t]/g, ' ');
  return `${gutter} | ${lineText}\n${' '.repeat(gutter.length)} | ${padding}${'^'.repeat(Math.max(1, caretEnd - caretStart))}`;
}
