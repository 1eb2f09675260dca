import { alwaysFails, fails, holds, showName, type PreparedCondition } from './condition.js';
import { formatMinutes, minutesAfterMidnight, parseMinutes, wallClockIn } from './wall-clock.js';

/**
 * `time` / `between` {start, end, timezone} (spec, "Condition"): the request time, read on a clock in
 * `timezone`, is in the daily window [start, end). An end before the start is a window across midnight,
 * [start, 24:00) or [00:00, end). start = end is an empty window: it never holds, and says so.
 */
export function prepareTimeBetween(value: unknown): PreparedCondition {
  const window = (value !== null && typeof value === 'object' ? value : {}) as { start?: unknown; end?: unknown; timezone?: unknown };
  const start = parseMinutes(window.start);
  const end = parseMinutes(window.end);
  if (start === undefined || end === undefined) {
    return alwaysFails(`time window ${showName(window.start)}-${showName(window.end)} is not HH:MM-HH:MM`);
  }
  const zone = typeof window.timezone === 'string' ? window.timezone : undefined;
  const clock = zone === undefined ? undefined : wallClockIn(zone);
  if (zone === undefined || clock === undefined) {
    return alwaysFails(`time zone ${showName(window.timezone)} is not a known IANA time zone`);
  }
  const label = `${formatMinutes(start)}-${formatMinutes(end)}`;
  if (start === end) return alwaysFails(`time window ${label} ${zone} is empty (start equals end), so it never holds`);

  const crossesMidnight = end < start;
  return (_request, at) => {
    const now = minutesAfterMidnight(clock, at);
    if (now === undefined) return fails('time unknown: the request time is not a valid date');
    const within = crossesMidnight ? now >= start || now < end : now >= start && now < end;
    const line = `time ${formatMinutes(now)} ${zone} ${within ? 'within' : 'not within'} ${label}`;
    return within ? holds(line) : fails(line);
  };
}
