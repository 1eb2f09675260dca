import type { LineCounter } from 'yaml';
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

/** A file's bytes as its text, or, with no text, why they are not one (too large, binary, not UTF-8). */
export function sourceOfBytes(bytes: Uint8Array): Pick<SourceFile, 'text' | 'unreadable'> {
  const unreadable = tooLargeReason(bytes.length) ?? unreadableReason(bytes);
  return unreadable === undefined ? { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) } : { text: '', unreadable };
}

/** The reason a file of `size` bytes is not read at all. */
export function tooLargeReason(size: number): string | undefined {
  return size > maxPolicyFileBytes ? `it is ${size} bytes, over the ${maxPolicyFileBytes}-byte (1 MiB) limit of a policy file` : undefined;
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
