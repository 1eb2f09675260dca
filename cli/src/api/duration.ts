import { UsageError } from '../errors.js';

const unitSeconds: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** `90d`, `12h`, `30m`, `45s`, `2w` or plain seconds, as a number of seconds (for --expires-in). */
export function parseDurationSeconds(flag: string, text: string): number {
  const match = /^(\d+)\s*([smhdw]?)$/.exec(text.trim());
  if (!match) throw new UsageError(`--${flag}: "${text}" is not a duration`, ['For example 3600, 30m, 12h, 90d or 2w']);
  return Number(match[1]) * unitSeconds[match[2] || 's']!;
}
