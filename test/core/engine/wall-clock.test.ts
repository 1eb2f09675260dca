import { expect } from 'chai';
import fc from 'fast-check';
import { minutesAfterMidnight, wallClockIn } from '../../../core/src/engine/conditions/wall-clock.js';

/** The local minute read straight from a formatter of its own, which nothing has cached. */
function readFresh(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  return Number(parts.find((part) => part.type === 'hour')?.value) * 60 + Number(parts.find((part) => part.type === 'minute')?.value);
}

const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Africa/Monrovia', 'Pacific/Chatham'];

describe('engine: the wall clock of time conditions', () => {
  it('answers the local minute a fresh formatter reads, for instants in any order, within a minute and across DST changes', () => {
    // Instants around DST changes and within single minutes, so answers kept per minute are tried
    // where they could go wrong; Monrovia before 1972 had an offset with seconds (-0:44:30).
    const instants = fc.oneof(
      fc.integer({ min: Date.UTC(1960, 0, 1), max: Date.UTC(2040, 0, 1) }),
      fc.constantFrom(
        Date.UTC(2026, 2, 8, 6, 59, 59),
        Date.UTC(2026, 2, 8, 7, 0, 0),
        Date.UTC(2026, 9, 25, 0, 59, 59),
        Date.UTC(2026, 9, 25, 1, 0, 0),
        Date.UTC(1970, 5, 1, 12, 0, 10),
        Date.UTC(1970, 5, 1, 12, 0, 40),
      ),
      fc.integer({ min: 0, max: 59_999 }).map((ms) => Date.UTC(2026, 9, 25, 0, 59, 0) + ms),
    );
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.array(instants, { minLength: 1, maxLength: 20 }), (zone, times) => {
        const clock = wallClockIn(zone)!;
        for (const time of times)
          expect(minutesAfterMidnight(clock, new Date(time)), `${zone} at ${new Date(time).toISOString()}`).to.equal(readFresh(zone, new Date(time)));
      }),
      { numRuns: 300 },
    );
  });

  it('reads 20:15 in Monrovia at 21:00 UTC in 1960 (-0:44:30), and 21:00 in 1980 (UTC)', () => {
    const clock = wallClockIn('Africa/Monrovia')!;
    expect(minutesAfterMidnight(clock, new Date('1960-06-01T21:00:00Z'))).to.equal(20 * 60 + 15);
    expect(minutesAfterMidnight(clock, new Date('1980-06-01T21:00:00Z'))).to.equal(21 * 60);
  });
});
