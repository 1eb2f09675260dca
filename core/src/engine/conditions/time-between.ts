import { alwaysFails, alwaysUnknown, outcome, showName, unknown, type PreparedCondition } from './condition.js';
import { formatMinutes, localTime, parseMinutes, wallClockIn, weekdays } from './wall-clock.js';

/**
 * `time` / `between` {start, end, timezone, days?} (spec, "Condition"): the request time, read on a
 * clock in `timezone`, is in the daily window [start, end), on one of `days` when given. An end before
 * the start is a window across midnight, [start, 24:00) or [00:00, end), and belongs to the day it
 * starts: Friday's 22:00-06:00 holds until Saturday 06:00. start = end is an empty window: it never
 * holds, and says so.
 */
export function prepareTimeBetween(value: unknown): PreparedCondition {
  const window = (value !== null && typeof value === 'object' ? value : {}) as { start?: unknown; end?: unknown; timezone?: unknown; days?: unknown };
  const start = parseMinutes(window.start);
  const end = parseMinutes(window.end);
  if (start === undefined || end === undefined) {
    return alwaysUnknown(`time window ${showName(window.start)}-${showName(window.end)} is not HH:MM-HH:MM`);
  }
  const zone = typeof window.timezone === 'string' ? window.timezone : undefined;
  const clock = zone === undefined ? undefined : wallClockIn(zone);
  if (zone === undefined || clock === undefined) {
    return alwaysUnknown(`time zone ${showName(window.timezone)} is not a known IANA time zone`);
  }
  const days = parseDays(window.days);
  if (days === null) return alwaysUnknown(`time window days ${showName(window.days)} are not a list of mon, tue, wed, thu, fri, sat, sun`);
  const label = `${formatMinutes(start)}-${formatMinutes(end)}${days === undefined ? '' : ` ${formatDays(days)}`}`;
  if (start === end) return alwaysFails(`time window ${label} ${zone} is empty (start equals end), so it never holds`);

  const crossesMidnight = end < start;
  const within = ` ${zone} within ${label}`;
  const notWithin = ` ${zone} not within ${label}`;
  return (_request, at) => {
    const now = localTime(clock, at);
    if (now === undefined) return unknown('time unknown: the request time is not a valid date');
    // The day the window opened: today, or yesterday for the small hours of a window across midnight.
    const openedOn = crossesMidnight && now.minutes < end ? (now.day + 6) % 7 : now.day;
    const inWindow = crossesMidnight ? now.minutes >= start || now.minutes < end : now.minutes >= start && now.minutes < end;
    const holds = inWindow && (days === undefined || days.has(openedOn));
    const clockText =
      days === undefined ? (now.shown ??= formatMinutes(now.minutes)) : (now.shownWithDay ??= `${weekdays[now.day]} ${formatMinutes(now.minutes)}`);
    return outcome(holds, `time ${clockText}${holds ? within : notWithin}`);
  };
}

/** The days as a set of 0 (mon) to 6 (sun); undefined when absent (every day), null when not a list of day names. */
export function parseDays(value: unknown): ReadonlySet<number> | undefined | null {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) return null;
  const days = new Set<number>();
  for (const name of value) {
    const index = weekdays.indexOf(name as (typeof weekdays)[number]);
    if (index === -1) return null;
    days.add(index);
  }
  return days;
}

/** Days in the week's order, runs of three or more as a range: `mon-fri`, `sat,sun`, `mon,wed-fri`. */
export function formatDays(days: ReadonlySet<number>): string {
  const sorted = [...days].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let index = 0; index < sorted.length;) {
    let last = index;
    while (last + 1 < sorted.length && sorted[last + 1] === sorted[last]! + 1) last += 1;
    if (last - index >= 2) parts.push(`${weekdays[sorted[index]!]}-${weekdays[sorted[last]!]}`);
    else for (let day = index; day <= last; day += 1) parts.push(weekdays[sorted[day]!]!);
    index = last + 1;
  }
  return parts.join(',');
}
