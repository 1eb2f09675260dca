import { durationMs } from '../../../core/src/index.js';
import { UsageError } from '../../../kit/src/index.js';

/** A lifetime flag (--expires-in): a duration in whole seconds (`90d`, `12h`, `1h30m`) or plain seconds, as a number of seconds. */
export function parseDurationSeconds(flag: string, text: string): number {
  const value = text.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : durationMs(value);
  if (ms === undefined || ms % 1000 !== 0)
    throw new UsageError(`--${flag}: "${text}" is not a duration in whole seconds`, ['For example 3600, 30m, 12h, 1h30m, 90d or 2w']);
  return ms / 1000;
}
