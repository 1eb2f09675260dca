import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { uuidV7, uuidV7Time } from '../../server/src/db/uuid-v7.js';

describe('uuidV7 (time-ordered ids of decisions and audit events)', () => {
  it('is an RFC 9562 version 7 UUID carrying its millisecond', () => {
    const at = Date.UTC(2026, 10, 22, 6, 0, 0, 123);
    const id = uuidV7(at);
    expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).to.equal(at);
  });

  it('sorts by time as text (what keeps btree inserts at the right edge), and never repeats', () => {
    const start = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 5000 }, (_, n) => uuidV7(start + Math.floor(n / 10)));
    for (let n = 10; n < ids.length; n += 10) expect(ids[n]! > ids[n - 1]!, `${ids[n]} after ${ids[n - 1]}`).to.equal(true);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('gives back its millisecond (what lookups by id use to read one monthly partition), and nothing for other versions', () => {
    const at = new Date('2026-11-22T06:50:01.234Z');
    expect(uuidV7Time(uuidV7(at.getTime()))?.toISOString()).to.equal(at.toISOString());
    expect(uuidV7Time(randomUUID())).to.equal(undefined);
    expect(uuidV7Time('not-a-uuid')).to.equal(undefined);
  });
});
