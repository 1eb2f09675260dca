/**
 * A unified diff (POSIX `diff -u`, as `gofmt -d` and `git diff` print it) between two texts, for
 * `acctl policy fmt --diff`. Lines are compared whole; the edit script is Myers' O(ND) shortest
 * one (E. Myers, "An O(ND) Difference Algorithm and Its Variations", 1986), the algorithm git and
 * GNU diff use, so the hunks read as theirs do. `a/` and `b/` before the path let `git apply` take it.
 */

/** Lines of context around each change, as diff -u and git diff default to. */
const contextLines = 3;

type Edit = { kind: ' ' | '-' | '+'; line: string };

/** The unified diff of `before` into `after` for `file`, or '' when they are equal. */
export function unifiedDiff(file: string, before: string, after: string): string {
  if (before === after) return '';
  const edits = editScript(splitLines(before), splitLines(after));
  const out = [`--- a/${file}`, `+++ b/${file}`];
  for (const hunk of hunks(edits)) {
    out.push(`@@ -${range(hunk.oldStart, hunk.oldCount)} +${range(hunk.newStart, hunk.newCount)} @@`);
    for (const edit of hunk.edits) {
      // Lines keep their newline, so a last line without one differs from the same text with one.
      if (edit.line.endsWith('\n')) out.push(`${edit.kind}${edit.line.slice(0, -1)}`);
      else out.push(`${edit.kind}${edit.line}`, '\\ No newline at end of file');
    }
  }
  return `${out.join('\n')}\n`;
}

/** The lines of `text`, each with its newline (the last may have none). */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** `start,count` as diff -u writes it: a count of 1 is left out, and an empty range starts at the line before. */
function range(start: number, count: number): string {
  if (count === 1) return String(start);
  return `${count === 0 ? start - 1 : start},${count}`;
}

/**
 * Rounds of Myers' search at most: past this many inserted and deleted lines, the middle of the
 * files (between their common start and end) is shown as replaced whole. Keeps time and memory
 * bounded on a hostile or huge file, where the smallest diff would not be read anyway.
 */
const maxEditDistance = 2000;

/** The edits that turn `a` into `b`: their common start and end as context, Myers' shortest script between. */
function editScript(a: string[], b: string[]): Edit[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const oldMiddle = a.slice(start, a.length - end);
  const newMiddle = b.slice(start, b.length - end);
  const middle = myers(oldMiddle, newMiddle) ?? [
    ...oldMiddle.map((line): Edit => ({ kind: '-', line })),
    ...newMiddle.map((line): Edit => ({ kind: '+', line })),
  ];
  return [...a.slice(0, start).map((line): Edit => ({ kind: ' ', line })), ...middle, ...a.slice(a.length - end).map((line): Edit => ({ kind: ' ', line }))];
}

/** Myers' greedy forward search, keeping each round's furthest points to walk the path back; undefined past maxEditDistance. */
function myers(a: string[], b: string[]): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEditDistance);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: the furthest x on diagonals -d..d after round d (index k + d).
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return walkBack(a, b, trace);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

/** From (n, m) back to (0, 0): each round d added one insertion or deletion after a diagonal run. */
function walkBack(a: string[], b: string[], trace: Int32Array[]): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const previous = trace[d - 1]!;
    const at = (k: number): number => previous[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      y--;
      edits.push({ kind: ' ', line: a[--x]! });
    }
    if (down) edits.push({ kind: '+', line: b[--y]! });
    else edits.push({ kind: '-', line: a[--x]! });
  }
  while (x > 0) {
    y--;
    edits.push({ kind: ' ', line: a[--x]! });
  }
  return edits.reverse();
}

interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  edits: Edit[];
}

/** Groups the changes with up to 3 lines of context each side; changes closer than 6 lines share a hunk. */
function hunks(edits: Edit[]): Hunk[] {
  const result: Hunk[] = [];
  const changed = edits.map((edit, index) => (edit.kind === ' ' ? -1 : index)).filter((index) => index >= 0);
  let i = 0;
  while (i < changed.length) {
    const first = changed[i]!;
    let last = first;
    while (i + 1 < changed.length && changed[i + 1]! - last <= 2 * contextLines + 1) last = changed[++i]!;
    i++;
    const from = Math.max(0, first - contextLines);
    const to = Math.min(edits.length - 1, last + contextLines);
    let oldLine = 1;
    let newLine = 1;
    for (let index = 0; index < from; index++) {
      if (edits[index]!.kind !== '+') oldLine++;
      if (edits[index]!.kind !== '-') newLine++;
    }
    const slice = edits.slice(from, to + 1);
    const oldCount = slice.filter((edit) => edit.kind !== '+').length;
    const newCount = slice.filter((edit) => edit.kind !== '-').length;
    result.push({ oldStart: oldLine, oldCount, newStart: newLine, newCount, edits: slice });
  }
  return result;
}
