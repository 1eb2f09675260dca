import { expect } from 'chai';
import { simulatePolicy } from '../../../core/src/index.js';
import type { PolicyCondition } from '../../../core/src/index.js';
import { aPolicy, aRequest, aRule, timeBetween } from './support/builders.js';

/** The one condition's outcome at `instant`: whether the rule applied, and the line that says why. */
function timeCheck(condition: PolicyCondition, instant: string): { holds: boolean; line: string } {
  const result = simulatePolicy(aPolicy([aRule({ conditions: [condition] })]), aRequest(), new Date(instant));
  const matched = result.matched_rules[0];
  return matched ? { holds: true, line: matched.conditions_met[0] ?? '' } : { holds: false, line: result.reasons[0] ?? '' };
}

describe('engine: the time/between condition', () => {
  it('holds inside the window and reads the local time in the given zone', () => {
    expect(timeCheck(timeBetween('09:00', '17:00', 'Europe/Berlin'), '2026-06-15T12:05:00Z')).to.deep.equal({
      holds: true,
      line: 'time 14:05 Europe/Berlin within 09:00-17:00',
    });
  });

  it('includes the start minute and excludes the end minute', () => {
    expect(timeCheck(timeBetween('09:00', '17:00', 'UTC'), '2026-06-15T09:00:00Z').holds).to.equal(true);
    expect(timeCheck(timeBetween('09:00', '17:00', 'UTC'), '2026-06-15T16:59:59Z').holds).to.equal(true);
    expect(timeCheck(timeBetween('09:00', '17:00', 'UTC'), '2026-06-15T17:00:00Z').holds).to.equal(false);
  });

  it('fails outside the window and says where the local time was', () => {
    const check = timeCheck(timeBetween('09:00', '17:00', 'Europe/Berlin'), '2026-06-15T16:30:00Z');
    expect(check.holds).to.equal(false);
    expect(check.line).to.include('time 18:30 Europe/Berlin not within 09:00-17:00');
  });

  it('uses a zone far from UTC with a half-hour offset (Asia/Kolkata is UTC+05:30)', () => {
    const check = timeCheck(timeBetween('09:00', '10:00', 'Asia/Kolkata'), '2026-01-10T03:45:00Z');
    expect(check).to.deep.equal({ holds: true, line: 'time 09:15 Asia/Kolkata within 09:00-10:00' });
  });

  it('uses a zone across the date line (Pacific/Kiritimati is UTC+14): 23:00 UTC is 13:00 the next day', () => {
    expect(timeCheck(timeBetween('12:00', '14:00', 'Pacific/Kiritimati'), '2026-01-10T23:00:00Z')).to.deep.equal({
      holds: true,
      line: 'time 13:00 Pacific/Kiritimati within 12:00-14:00',
    });
  });

  it('reads the wall clock on the spring-forward day in New York (2026-03-08: 02:00 EST becomes 03:00 EDT)', () => {
    // 06:59 UTC is 01:59 EST; one minute later the clocks read 03:00 EDT.
    expect(timeCheck(timeBetween('01:00', '02:00', 'America/New_York'), '2026-03-08T06:59:00Z').line).to.equal(
      'time 01:59 America/New_York within 01:00-02:00',
    );
    expect(timeCheck(timeBetween('03:00', '04:00', 'America/New_York'), '2026-03-08T07:00:00Z').line).to.equal(
      'time 03:00 America/New_York within 03:00-04:00',
    );
  });

  it('never sees the skipped hour on the spring-forward day, so a window inside it does not hold', () => {
    for (const instant of ['2026-03-08T06:30:00Z', '2026-03-08T07:30:00Z']) {
      expect(timeCheck(timeBetween('02:00', '03:00', 'America/New_York'), instant).holds, instant).to.equal(false);
    }
  });

  it('reads the wall clock on the fall-back day in Berlin (2026-10-25: 03:00 CEST becomes 02:00 CET)', () => {
    // 00:30 UTC is 02:30 CEST, and 01:30 UTC is 02:30 CET: the local hour 02 happens twice.
    for (const instant of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
      expect(timeCheck(timeBetween('02:00', '03:00', 'Europe/Berlin'), instant).line, instant).to.equal('time 02:30 Europe/Berlin within 02:00-03:00');
    }
    expect(timeCheck(timeBetween('02:00', '03:00', 'Europe/Berlin'), '2026-10-25T02:00:00Z').line).to.include('time 03:00 Europe/Berlin not within');
  });

  it('holds in an overnight window (22:00-06:00) at 23:30 and at 05:59', () => {
    expect(timeCheck(timeBetween('22:00', '06:00', 'UTC'), '2026-06-15T23:30:00Z').holds).to.equal(true);
    expect(timeCheck(timeBetween('22:00', '06:00', 'UTC'), '2026-06-16T05:59:00Z').holds).to.equal(true);
  });

  it('does not hold in an overnight window (22:00-06:00) at 06:00 or at 12:00', () => {
    expect(timeCheck(timeBetween('22:00', '06:00', 'UTC'), '2026-06-16T06:00:00Z').holds).to.equal(false);
    expect(timeCheck(timeBetween('22:00', '06:00', 'UTC'), '2026-06-16T12:00:00Z').holds).to.equal(false);
  });

  it('never holds when start equals end, and the reason says the window is empty', () => {
    const check = timeCheck(timeBetween('09:00', '09:00', 'UTC'), '2026-06-15T09:00:00Z');
    expect(check.holds).to.equal(false);
    expect(check.line).to.include('time window 09:00-09:00 UTC is empty (start equals end)');
  });

  it('fails closed on an unknown time zone, naming it', () => {
    const check = timeCheck(timeBetween('00:00', '23:59', 'Mars/Olympus_Mons'), '2026-06-15T12:00:00Z');
    expect(check.holds).to.equal(false);
    expect(check.line).to.include('time zone Mars/Olympus_Mons is not a known IANA time zone');
  });

  it('fails closed on a malformed start or end', () => {
    const check = timeCheck(timeBetween('9:00', '17:00', 'UTC'), '2026-06-15T12:00:00Z');
    expect(check.holds).to.equal(false);
    expect(check.line).to.include('time window 9:00-17:00 is not HH:MM-HH:MM');
  });

  it('fails closed when the request time is not a valid date', () => {
    const check = timeCheck(timeBetween('00:00', '23:59', 'UTC'), 'not a date');
    expect(check.holds).to.equal(false);
    expect(check.line).to.include('the request time is not a valid date');
  });
});
