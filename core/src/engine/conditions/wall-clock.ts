/**
 * Local wall-clock time in an IANA zone. Intl applies the zone's offset for that very instant, so a DST
 * change day gives the time people read on their clocks. hourCycle h23 keeps midnight at 00 (with
 * `hour12: false` some ICU versions print 24).
 */

/** Building a formatter costs far more than using one; bounded so odd zone names cannot grow it without end. */
const formatterByZone = new Map<string, Intl.DateTimeFormat>();
const FORMATTER_CACHE_LIMIT = 1000;

/** A formatter for the zone, or undefined when the zone is not a known IANA name. */
export function wallClockIn(timeZone: string): Intl.DateTimeFormat | undefined {
  const cached = formatterByZone.get(timeZone);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    return undefined;
  }
  if (formatterByZone.size < FORMATTER_CACHE_LIMIT) formatterByZone.set(timeZone, formatter);
  return formatter;
}

/**
 * Every zone's offset has been a whole number of minutes since 1972 (Liberia's -0:44:30 was the
 * last with seconds), so from then on the local minute changes only when the UTC minute does.
 */
const wholeMinuteOffsetsSince = Date.UTC(1972, 0, 1);

/**
 * The last answer of each formatter, by UTC minute: decisions made together read the same clock,
 * and formatToParts costs microseconds per call (about 2% of a decision request's CPU, profiled).
 */
const lastMinuteByClock = new WeakMap<Intl.DateTimeFormat, { utcMinute: number; local: LocalTime | undefined }>();

/** The local day of the week (0 = Monday ... 6 = Sunday, ISO 8601's order) and minutes after local midnight. */
export interface LocalTime {
  day: number;
  minutes: number;
  /** `09:05` and `mon 09:05`, written once per clock and minute by the first reader that shows them. */
  shown?: string;
  shownWithDay?: string;
}

/** The week's days as policies name them, in ISO 8601's order (Monday first). */
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

const dayByShortName = new Map(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((name, index) => [name, index]));

/** Minutes after local midnight at `at` (seconds dropped), or undefined for an invalid date. */
export function minutesAfterMidnight(clock: Intl.DateTimeFormat, at: Date): number | undefined {
  return localTime(clock, at)?.minutes;
}

/** The local day and minutes at `at` (seconds dropped), or undefined for an invalid date. */
export function localTime(clock: Intl.DateTimeFormat, at: Date): LocalTime | undefined {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) return undefined;
  const time = at.getTime();
  if (time < wholeMinuteOffsetsSince) return readLocalTime(clock, at);
  const utcMinute = Math.floor(time / 60_000);
  const last = lastMinuteByClock.get(clock);
  if (last?.utcMinute === utcMinute) return last.local;
  const local = readLocalTime(clock, at);
  lastMinuteByClock.set(clock, { utcMinute, local });
  return local;
}

function readLocalTime(clock: Intl.DateTimeFormat, at: Date): LocalTime | undefined {
  let hour = Number.NaN;
  let minute = Number.NaN;
  let day: number | undefined;
  for (const part of clock.formatToParts(at)) {
    if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
    else if (part.type === 'weekday') day = dayByShortName.get(part.value);
  }
  return Number.isInteger(hour) && Number.isInteger(minute) && day !== undefined ? { day, minutes: hour * 60 + minute } : undefined;
}

/** 0-1439 as HH:MM. */
export function formatMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** HH:MM (24-hour, as the policy-condition schema's pattern) as minutes after midnight. */
export function parseMinutes(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}
