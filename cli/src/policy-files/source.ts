import type { LineCounter } from 'yaml';
import { overLimitReason, type BoundedInput } from '../bounded-input.js';
import type { FileKind } from './yaml-file.js';

/** A file as read: its path as shown to people (relative to the working directory, `/`-separated) and its text. */
export interface SourceFile {
  path: string;
  text: string;
  /** What the file is, when its path cannot say (standard input, `<stdin>`); otherwise told by its name (yaml-file.ts fileKindOf). */
  kind?: FileKind;
  /** Why the file was not read as text (binary, not UTF-8, too large): lint reports it in one finding and shows none of it. */
  unreadable?: string;
}

/**
 * The largest policy or test file read: 1 MiB, the server's default request body limit (ACCTL_BODY_LIMIT),
 * so a policy lint passes can also be applied. docs/policy-files.md says so.
 */
export const maxPolicyFileBytes = 1_048_576;

/** Why `bytes` are not a policy file's text, or undefined when they are: a NUL byte (binary), or not UTF-8. */
export function unreadableReason(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return 'it is a binary file (it contains NUL bytes), not YAML';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'it is not UTF-8 text';
  }
  return undefined;
}

/**
 * A file as read (within maxPolicyFileBytes, bounded-input.ts) as its text, or, with no text, why it
 * is not one (over the limit, binary, not UTF-8).
 */
export function sourceOfInput(input: BoundedInput): Pick<SourceFile, 'text' | 'unreadable'> {
  if (input.over !== undefined) return { text: '', unreadable: `${overLimitReason(input.over)} of a policy file` };
  const unreadable = unreadableReason(input.bytes);
  return unreadable === undefined ? { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(input.bytes) } : { text: '', unreadable };
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
 * The widest stretch of a line an excerpt shows: a line longer than this (a minified file, a 900 KB
 * line) is shown as the stretch around the span's start, with `…` where it was cut, so a finding
 * stays a few lines whatever the file (and its caret line as short).
 */
export const excerptWidth = 200;

/**
 * The line a span starts on, with a caret line under the span (to the end of that line when the span
 * runs further), prefixed by a line-number gutter:
 *
 *     6 |     acitons: [read]
 *       |     ^^^^^^^
 *
 * Of a line longer than excerptWidth, the excerptWidth characters around the span's start.
 */
export function excerptOf(text: string, lineCounter: LineCounter, span: Span): string {
  const { line, col } = positionOf(lineCounter, span[0]);
  const lineStart = lineCounter.lineStarts[line - 1] ?? 0;
  let lineEnd = text.indexOf('\n', lineStart);
  if (lineEnd === -1) lineEnd = text.length;
  const fullLine = text.slice(lineStart, lineEnd).replace(/\r$/, '');
  const fullCaretStart = Math.min(col - 1, fullLine.length);
  const fullCaretEnd = Math.min(Math.max(span[1], span[0] + 1) - lineStart, Math.max(fullLine.length, fullCaretStart + 1));
  const shown = windowOf(fullLine, fullCaretStart);
  const lineText = shown.text;
  const caretStart = fullCaretStart - shown.offset;
  const caretEnd = Math.min(fullCaretEnd - shown.offset, Math.max(lineText.length, caretStart + 1));
  const gutter = String(line);
  // Tabs stay tabs under the text so the caret lines up whatever the tab width.
  const padding = lineText.slice(0, caretStart).replace(/[^\t]/g, ' ');
  return `${gutter} | ${lineText}\n${' '.repeat(gutter.length)} | ${padding}${'^'.repeat(Math.max(1, caretEnd - caretStart))}`;
}

/**
 * The part of `line` an excerpt shows: all of it, or excerptWidth characters from a little before
 * `column` (never splitting a surrogate pair), marked `…` where cut. `offset` is what to subtract
 * from a column of the line to get its column in `text`.
 */
function windowOf(line: string, column: number): { text: string; offset: number } {
  if (line.length <= excerptWidth) return { text: line, offset: 0 };
  let start = Math.max(0, Math.min(column - excerptWidth / 4, line.length - excerptWidth));
  let end = start + excerptWidth;
  if (isLowSurrogate(line.charCodeAt(start))) start += 1;
  if (isLowSurrogate(line.charCodeAt(end))) end -= 1;
  const before = start > 0 ? '…' : '';
  const after = end < line.length ? '…' : '';
  return { text: `${before}${line.slice(start, end)}${after}`, offset: start - before.length };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
