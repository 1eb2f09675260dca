import { durationMs } from '../../../core/src/index.js';
import { UsageError } from '../../../kit/src/index.js';

// RFC 3339 section 5.6 date-time: a time zone is required (the API refuses local times).
const timestampPattern = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/**
 * A `--since` / `--until` value as the ISO 8601 UTC time the API expects: a duration back from
 * `now` (`30s`, `15m`, `1h`, `7d`, `2w`, or combined like `1h30m`, as journalctl and kubectl logs
 * --since read them) or an RFC 3339 timestamp with its time zone.
 */
export function parseTimeBound(flag: string, text: string, now: Date): string {
  const value = text.trim();
  const ms = durationMs(value);
  if (ms !== undefined) {
    const time = new Date(now.getTime() - ms);
    if (Number.isNaN(time.getTime())) throw invalid(flag, text);
    return time.toISOString();
  }
  if (timestampPattern.test(value)) {
    const time = new Date(value.replace(' ', 'T'));
    // Date accepts 2026-02-30 and rolls it over: refuse a day or month that does not exist.
    if (Number.isNaN(time.getTime()) || !sameCalendarDate(value, time)) throw invalid(flag, text);
    return time.toISOString();
  }
  throw invalid(flag, text);
}

/** A polling interval flag: a duration of at least `minMs`. */
export function parseInterval(flag: string, text: string, minMs = 100): number {
  const ms = durationMs(text);
  if (ms === undefined || ms < minMs) throw new UsageError(`--${flag} expects a duration of at least ${minMs}ms (500ms, 1s, 5s), got: ${text}`);
  return ms;
}

/** Whether the date part written is the date the parsed time has in the written time zone. */
function sameCalendarDate(written: string, time: Date): boolean {
  const zone = /([Zz]|[+-]\d{2}:\d{2})$/.exec(written)![1]!;
  const offsetMinutes = /^[Zz]$/.test(zone) ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const local = new Date(time.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
  return local === written.slice(0, 10);
}

function invalid(flag: string, text: string): UsageError {
  return new UsageError(`--${flag} expects a duration (30s, 15m, 1h, 7d) or an RFC 3339 timestamp, got: ${text}`, [
    `For example: --${flag} 1h, or --${flag} 2026-11-22T09:00:00Z`,
  ]);
}
