import { expect } from 'chai';
import { parseDurationSeconds } from '../../cli/src/flags/duration.js';
import { UsageError } from '../../kit/src/index.js';

describe('CLI: --expires-in durations', () => {
  it('reads plain seconds, one unit, and combined units, as --since does', () => {
    expect(parseDurationSeconds('expires-in', '3600')).to.equal(3600);
    expect(parseDurationSeconds('expires-in', '90d')).to.equal(90 * 86_400);
    expect(parseDurationSeconds('expires-in', '2w')).to.equal(14 * 86_400);
    expect(parseDurationSeconds('expires-in', ' 1h30m ')).to.equal(5400);
  });

  it('refuses what is not a whole number of seconds, naming the flag', () => {
    for (const text of ['soon', '1.5h', '500ms', '-1h', '']) {
      expect(() => parseDurationSeconds('expires-in', text), text).to.throw(UsageError, '--expires-in');
    }
  });
});
