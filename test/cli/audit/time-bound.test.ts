import { expect } from 'chai';
import { durationMs } from '../../../core/src/index.js';
import { parseInterval, parseTimeBound } from '../../../cli/src/audit/time-bound.js';
import { CommandError, exitCodes } from '../../../kit/src/index.js';

describe('--since / --until values', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');

  for (const [text, expected] of [
    ['30s', '2026-11-22T11:59:30.000Z'],
    ['15m', '2026-11-22T11:45:00.000Z'],
    ['1h', '2026-11-22T11:00:00.000Z'],
    ['7d', '2026-11-15T12:00:00.000Z'],
    ['2w', '2026-11-08T12:00:00.000Z'],
    ['1h30m', '2026-11-22T10:30:00.000Z'],
    [' 1h ', '2026-11-22T11:00:00.000Z'],
  ] as const) {
    it(`reads the duration ${JSON.stringify(text)} as that long before now`, () => {
      expect(parseTimeBound('since', text, now)).to.equal(expected);
    });
  }

  for (const [text, expected] of [
    ['2026-11-01T09:30:00Z', '2026-11-01T09:30:00.000Z'],
    ['2026-11-01t09:30:00.250z', '2026-11-01T09:30:00.250Z'],
    ['2026-11-01T09:30:00+02:00', '2026-11-01T07:30:00.000Z'],
    ['2026-11-01T00:30:00-05:00', '2026-11-01T05:30:00.000Z'],
    ['2026-11-01 09:30:00Z', '2026-11-01T09:30:00.000Z'],
  ] as const) {
    it(`reads the RFC 3339 timestamp ${text} as UTC`, () => {
      expect(parseTimeBound('until', text, now)).to.equal(expected);
    });
  }

  for (const text of [
    '',
    '1',
    'h',
    '1y',
    '-1h',
    '1.5h',
    'yesterday',
    '2026-11-01',
    '2026-11-01T09:30:00',
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-01T25:00:00Z',
  ]) {
    it(`refuses ${JSON.stringify(text)} as a usage error naming the flag`, () => {
      let error: unknown;
      try {
        parseTimeBound('since', text, now);
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(CommandError);
      expect((error as CommandError).exitCode).to.equal(exitCodes.usage_error);
      expect((error as CommandError).message).to.contain('--since expects a duration');
    });
  }

  it('reads polling intervals in milliseconds, and refuses ones under the minimum', () => {
    expect(durationMs('500ms')).to.equal(500);
    expect(durationMs('2m')).to.equal(120_000);
    expect(durationMs('soon')).to.equal(undefined);
    expect(parseInterval('interval', '1s')).to.equal(1000);
    expect(() => parseInterval('interval', '10ms')).to.throw(CommandError, '--interval expects a duration of at least 100ms');
  });
});
