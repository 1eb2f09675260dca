import { parseInstant } from '../conditions/time-instant.js';
import { parseMinutes } from '../conditions/wall-clock.js';

/**
 * The instants that stand for every instant of the analysis horizon, for a set of time conditions:
 * the 366 days from `now` (HORIZON_MS), with the time zone rules of this Node.js (its ICU
 * data, read through Intl as the engine reads its clocks).
 *
 * Why they stand for every instant: the truth of a `time between` window changes only when the
 * local clock of its zone passes its start or its end (a window across midnight belongs to the day
 * it starts, so midnight changes nothing), or when the zone's offset changes (a DST transition can
 * jump into or out of a window); `time before/after X` changes only at X. So the horizon is cut at
 * every offset change of the zones involved and at every X; within one piece every zone's offset is
 * constant, every local clock is UTC plus a constant, and the truths repeat every week. The first
 * week of each piece (all of it when shorter), cut at every window boundary, gives pieces of
 * constant truth, and the start of each stands for it. A piece whose offsets and before/after truths
 * an earlier full week already showed adds nothing and is skipped.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEK = 7 * DAY;
/**
 * 366 days: a year ahead whatever day it starts on (a leap day included), so every date of the
 * calendar, and every yearly offset change, falls in it. Documents state it as a number of days
 * (ACCESS_ANALYSIS_HORIZON_DAYS), never as "the coming year", which a 365-day reader would misread.
 */
export const HORIZON_MS = 366 * DAY;
/** Offsets change at most a few times a year; a scan every 6 hours sees each change, then halves to the minute. */
const SCAN_STEP = 6 * 60 * MINUTE;

/** The time conditions a group of rules holds, as read from their values (the engine reads them the same way). */
export interface TimeConditions {
  windows: Array<{ zone: string; start: number; end: number }>;
  instants: number[];
}

export function emptyTimeConditions(): TimeConditions {
  return { windows: [], instants: [] };
}

/** Adds a time condition's boundaries; a value the engine cannot read is unknown whatever the time, and adds none. */
export function addTimeCondition(found: TimeConditions, operator: unknown, value: unknown): void {
  if (operator === 'before' || operator === 'after') {
    const instant = parseInstant(value);
    if (instant !== undefined) found.instants.push(instant);
    return;
  }
  if (operator !== 'between' || value === null || typeof value !== 'object') return;
  const window = value as { start?: unknown; end?: unknown; timezone?: unknown };
  const start = parseMinutes(window.start);
  const end = parseMinutes(window.end);
  if (start === undefined || end === undefined || typeof window.timezone !== 'string' || zoneOffsetAt(window.timezone, 0) === undefined) return;
  found.windows.push({ zone: window.timezone, start, end });
}

/** Instants (milliseconds) from `now`, the first being `now` itself. */
export function candidateInstants(found: TimeConditions, now: number): number[] {
  const end = now + HORIZON_MS;
  const zones = [...new Set(found.windows.map((window) => window.zone))];
  const cuts = new Set<number>([now]);
  for (const zone of zones) for (const change of offsetChanges(zone, now, end)) cuts.add(change);
  for (const instant of found.instants) {
    if (instant > now && instant < end) cuts.add(instant);
    // The minute before: a readable "just before" example.
    if (instant - MINUTE > now && instant - MINUTE < end) cuts.add(instant - MINUTE);
  }
  const starts = [...cuts].sort((a, b) => a - b);
  const seenFullWeeks = new Set<string>();
  const result = new Set<number>();
  starts.forEach((start, index) => {
    const pieceEnd = starts[index + 1] ?? end;
    result.add(start);
    const offsets = zones.map((zone) => zoneOffsetAt(zone, start) ?? 0);
    const signature = `${offsets.join(',')}|${found.instants.map((instant) => (start < instant ? 0 : 1)).join('')}`;
    if (seenFullWeeks.has(signature)) return;
    const weekEnd = Math.min(pieceEnd, start + WEEK);
    if (weekEnd - start === WEEK) seenFullWeeks.add(signature);
    zones.forEach((zone, zoneIndex) => {
      const offset = offsets[zoneIndex]!;
      const windowMinutes = new Set(found.windows.filter((window) => window.zone === zone).flatMap((window) => [window.start, window.end]));
      for (let day = Math.floor((start + offset) / DAY) - 1; day <= Math.floor((weekEnd + offset) / DAY) + 1; day += 1) {
        for (const minute of windowMinutes) {
          const instant = day * DAY + minute * MINUTE - offset;
          if (instant > start && instant < weekEnd) result.add(instant);
        }
      }
    });
  });
  return [...result].sort((a, b) => a - b);
}

/**
 * Instants that stand for every instant, past and future (lint asks whether a rule can ever apply):
 * the truth of `time before/after X` changes only at X, so between two such instants (and before the
 * first, after the last) it is constant, and the year from each X (the year before the first X; the
 * year from `now` when there is none) shows every clock time, day and offset of the windows' zones
 * that the stretch can show. Assumes, as any reading of a zone does, that its rules of that year
 * repeat in the others. Each year scans the windows' zones (a few thousand clock readings), so
 * beside windows only EVER_YEARS_LIMIT years are taken, and `exact` says whether that was all.
 */
export function candidateInstantsEver(found: TimeConditions, now: number): { instants: number[]; exact: boolean } {
  const sorted = [...new Set(found.instants)].sort((a, b) => a - b);
  const anchors = sorted.length === 0 ? [now] : [sorted[0]! - HORIZON_MS, ...sorted];
  const exact = found.windows.length === 0 || anchors.length <= EVER_YEARS_LIMIT;
  const result = new Set<number>();
  for (const anchor of exact ? anchors : anchors.slice(0, EVER_YEARS_LIMIT)) for (const instant of candidateInstants(found, anchor)) result.add(instant);
  return { instants: [...result].sort((a, b) => a - b), exact };
}

export const EVER_YEARS_LIMIT = 16;

/** Scanned once per zone and horizon: every group of an analysis asks for the same ones. */
const changesByZone = new Map<string, number[]>();

/** The instants in (from, to) at which the zone's offset differs from a minute before. */
function offsetChanges(zone: string, from: number, to: number): number[] {
  const key = `${zone} ${from} ${to}`;
  let changes = changesByZone.get(key);
  if (changes === undefined) {
    changes = scanOffsetChanges(zone, from, to);
    if (changesByZone.size >= 1000) changesByZone.clear();
    changesByZone.set(key, changes);
  }
  return changes;
}

function scanOffsetChanges(zone: string, from: number, to: number): number[] {
  const changes: number[] = [];
  let previous = zoneOffsetAt(zone, from);
  for (let at = from + SCAN_STEP; at < to + SCAN_STEP; at += SCAN_STEP) {
    const offset = zoneOffsetAt(zone, at);
    if (offset === previous) continue;
    // Halve (at - SCAN_STEP, at] down to the first minute with the new offset.
    let low = at - SCAN_STEP;
    let high = at;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (zoneOffsetAt(zone, middle) === previous) low = middle;
      else high = middle;
    }
    if (high > from && high < to) changes.push(high);
    previous = offset;
  }
  return changes;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's offset from UTC at the instant, in milliseconds (whole minutes), or undefined for a zone Intl does not know. */
export function zoneOffsetAt(zone: string, at: number): number | undefined {
  let formatter = offsetFormatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      formatter = null;
    }
    if (offsetFormatters.size < 1000) offsetFormatters.set(zone, formatter);
  }
  if (formatter === null) return undefined;
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(at))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return local - Math.floor(at / MINUTE) * MINUTE;
}
