import { Chalk, supportsColor, supportsColorStderr } from 'chalk';

/**
 * Colours for human output, one instance per stream: chalk turns colour off when the stream is not
 * a terminal; NO_COLOR (https://no-color.org: set and not empty) turns it off everywhere, which
 * chalk 5 alone does not do.
 */
const noColor = Boolean(process.env.NO_COLOR);

export const style = new Chalk({ level: noColor || !supportsColor ? 0 : supportsColor.level });
export const errorStyle = new Chalk({ level: noColor || !supportsColorStderr ? 0 : supportsColorStderr.level });

/** `label    value` lines, labels padded to one column. */
export function keyValueLines(pairs: ReadonlyArray<readonly [string, string]>, indent = '  '): string[] {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${indent}${style.dim(label.padEnd(width))}  ${value}`);
}
