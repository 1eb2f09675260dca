import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, where README.md and docs/ are. */
export const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

const markers = (name: string): { start: string; end: string } => ({ start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` });

function locate(text: string, name: string): { from: number; to: number } {
  const { start, end } = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no block between ${start} and ${end}`);
  return { from: from + start.length, to };
}

/** The text between `<!-- name:start -->` and `<!-- name:end -->`, without the surrounding blank lines. */
export function readGeneratedBlock(text: string, name: string): string {
  const { from, to } = locate(text, name);
  return text.slice(from, to).trim();
}

/** `text` with the block's content replaced by `content`. */
export function replaceGeneratedBlock(text: string, name: string, content: string): string {
  const { from, to } = locate(text, name);
  return `${text.slice(0, from)}\n${content.trim()}\n${text.slice(to)}`;
}

/** Rewrites one generated block of a document (a path from the repository's root) in place; says whether it changed. */
export function updateGeneratedBlock(document: string, name: string, content: string): boolean {
  const file = path.join(repoRoot, document);
  const before = readFileSync(file, 'utf8');
  const after = replaceGeneratedBlock(before, name, content);
  if (after !== before) writeFileSync(file, after);
  return after !== before;
}
