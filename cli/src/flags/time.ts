import { UsageError } from '../../../kit/src/index.js';

const units: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * A point in time given to a flag: a duration back from `now` (`30m`, `24h`, `7d`, `2w`, as
 * `kubectl logs --since` and `docker logs --since` take them) or an ISO 8601 time with a zone.
 */
export function parseTimeFlag(flag: string, value: string, now: Date): Date {
  const duration = /^(\d{1,6})([smhdw])$/.exec(value.trim());
  if (duration) return new Date(now.getTime() - Number(duration[1]) * units[duration[2]!]!);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(value.trim())) {
    const time = new Date(value.trim());
    if (!Number.isNaN(time.getTime())) return time;
  }
  throw new UsageError(`--${flag}: ${value} is neither a duration (30m, 24h, 7d) nor an ISO 8601 time with a zone (2026-11-21T09:00:00Z)`);
}
