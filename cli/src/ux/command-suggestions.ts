import { editDistance } from '../../../kit/src/index.js';

/**
 * "Did you mean" for a command acctl does not have, as gh and kubectl offer it: `acctl polcy lint`
 * -> `policy lint`. oclif stops at the first word it cannot place (`polcy`), so the words typed after
 * it are read too: the longest run of words that is near a command id (Levenshtein, with spaces as
 * the separator, as people type them) wins, then a topic alone (`acctl polcy` -> `policy`). The one
 * place for this rule: run.ts (unknown commands, with and without --json) uses it.
 */
export function suggestCommand(typed: readonly string[], commandIds: Iterable<string>): string[] {
  const commands = [...commandIds].map((id) => id.replaceAll(':', ' '));
  const topics = new Set(
    commands.flatMap((command) =>
      command
        .split(' ')
        .slice(0, -1)
        .map((_, index, words) => words.slice(0, index + 1).join(' ')),
    ),
  );
  const known = new Set([...commands, ...topics]);
  // Flags and what follows `--` are not part of a command's name.
  const end = typed.indexOf('--');
  const words = (end === -1 ? typed : typed.slice(0, end)).flatMap((word) => word.split(':')).filter((word) => word !== '' && !word.startsWith('-'));
  const depth = Math.max(0, ...commands.map((command) => command.split(' ').length));
  for (let count = Math.min(depth, words.length); count >= 1; count -= 1) {
    const phrase = words.slice(0, count).join(' ');
    const near = nearest(
      phrase,
      [...known].filter((candidate) => candidate.split(' ').length === count),
    );
    if (near !== undefined) return [near];
  }
  // A command typed without its topic (`acctl rollback`): the commands whose last words these are
  // (`policy rollback`; `acctl plan`: `decision plan` or `policy plan`); a word many topics share
  // (`list`, in more than three) names none.
  for (let count = Math.min(depth - 1, words.length); count >= 1; count -= 1) {
    const phrase = words.slice(0, count).join(' ');
    const endingSo = commands.filter((command) => command.endsWith(` ${phrase}`)).sort();
    if (endingSo.length >= 1 && endingSo.length <= 3) return endingSo;
  }
  return [];
}

/** The nearest candidate within a third of the phrase's length in edits (at least one); ties to the first in order. */
function nearest(phrase: string, candidates: readonly string[]): string | undefined {
  const limit = Math.max(1, Math.floor(phrase.length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of [...candidates].sort()) {
    const distance = editDistance(phrase.toLowerCase(), candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit && bestDistance > 0 ? best : undefined;
}
