import { expect } from 'chai';
import { configFromEnv, makeConfig } from '../../server/src/config/config.js';
import { MemoryWindowCounter } from '../../server/src/plugins/rate-limits/window-counter.js';

describe('The in-memory rate-limit counter', () => {
  it('counts per key within a window, and starts again at the next window', () => {
    const counter = new MemoryWindowCounter();
    expect([counter.hit('a', 7), counter.hit('a', 7), counter.hit('b', 7)]).to.deep.equal([1, 2, 1]);
    expect(counter.hit('a', 8)).to.equal(1);
    expect(counter.size, 'the previous window is dropped').to.equal(1);
  });

  it('keeps at most maxKeys clients, forgetting the oldest first', () => {
    const counter = new MemoryWindowCounter(3);
    for (const key of ['a', 'b', 'c', 'd']) counter.hit(key, 1);
    expect(counter.size).to.equal(3);
    expect(counter.hit('d', 1), 'a recent client keeps its count').to.equal(2);
    expect(counter.hit('a', 1), 'the oldest was forgotten').to.equal(1);
  });
});

describe('Rate-limit configuration', () => {
  const base = { databaseUrl: 'postgres://localhost/acctl', keyEncryptionKey: Buffer.alloc(32).toString('base64') };

  it('reads per-client overrides from ACCTL_RATE_LIMIT_OVERRIDES as JSON', () => {
    const config = makeConfig({
      ...base,
      ...configFromEnv({ ACCTL_RATE_LIMIT_OVERRIDES: '{"billing":{"decision":50000}}', REDIS_URL: 'redis://127.0.0.1:6379' }),
    });
    expect(config.rateLimitOverrides).to.deep.equal({ billing: { decision: 50000 } });
    expect(config.redisUrl).to.equal('redis://127.0.0.1:6379');
  });

  it('refuses to start with overrides that are not JSON, or name an unknown class', () => {
    expect(() => makeConfig({ ...base, ...configFromEnv({ ACCTL_RATE_LIMIT_OVERRIDES: '{billing: 5}' }) })).to.throw(/rateLimitOverrides/);
    expect(() => makeConfig({ ...base, ...configFromEnv({ ACCTL_RATE_LIMIT_OVERRIDES: '{"billing":{"everything":5}}' }) })).to.throw(/rateLimitOverrides/);
    expect(() => makeConfig({ ...base, ...configFromEnv({ ACCTL_RATE_LIMIT_OVERRIDES: '{"billing":{"standard":0}}' }) })).to.throw(/rateLimitOverrides/);
  });
});
