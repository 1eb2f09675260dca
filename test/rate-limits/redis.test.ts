import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';
import { clockInOneWindow, rateLimitOf } from './support.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('Rate limits shared through Redis', () => {
  let first: TestApp;
  let client: TestClient;
  let token: string;

  before(async () => {
    first = await startTestApp();
    client = await registerClient(first.app, ['admin:all']);
    token = await accessToken(first.app, client);
  });
  after(() => first.close());

  /** The replicas' rate-limit clock, standing in one window: set before each test, shared by its replicas. */
  let clock: () => number;
  beforeEach(() => (clock = clockInOneWindow()));

  /** A replica on the same database, with its own rate-limit settings. */
  function replica(config: { redisUrl: string; rateLimitKeyPrefix?: string; logLevel?: 'warn' }, lines?: string[]): Promise<TestApp> {
    return startTestApp({
      databaseUrl: first.config.databaseUrl,
      config: { keyEncryptionKey: first.config.keyEncryptionKey, rateLimitOverrides: { [client.clientId]: { standard: 4 } }, ...config },
      buildOptions: { rateLimitClock: clock, ...(lines ? { logStream: { write: (line: string) => void lines.push(line) } } : {}) },
    });
  }

  it('counts the requests of one client on every replica against one limit', async () => {
    const rateLimitKeyPrefix = `acctl-test:${randomBytes(6).toString('hex')}:`;
    const [a, b] = await Promise.all([replica({ redisUrl, rateLimitKeyPrefix }), replica({ redisUrl, rateLimitKeyPrefix })]);
    try {
      const call = (app: TestApp) => app.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(token) });
      const remaining = [];
      for (const app of [a, b, a, b]) {
        const response = await call(app);
        expect(response.statusCode).to.equal(200);
        remaining.push(rateLimitOf(response).remaining);
      }
      expect(remaining).to.deep.equal([3, 2, 1, 0]);
      expectProblem(await call(a), 429, 'rate_limited');
      expectProblem(await call(b), 429, 'rate_limited');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps deployments with different key prefixes apart', async () => {
    const [a, b] = await Promise.all([
      replica({ redisUrl, rateLimitKeyPrefix: `acctl-test:${randomBytes(6).toString('hex')}:` }),
      replica({ redisUrl, rateLimitKeyPrefix: `acctl-test:${randomBytes(6).toString('hex')}:` }),
    ]);
    try {
      await a.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(token) });
      const response = await b.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(token) });
      expect(rateLimitOf(response).remaining).to.equal(3);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('fails open when Redis cannot be reached: requests are answered, counted by the replica alone, and a warning is logged', async () => {
    const closedPort = await findFreePort();
    const lines: string[] = [];
    const app = await replica({ redisUrl: `redis://127.0.0.1:${closedPort}`, logLevel: 'warn' }, lines);
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const response = await app.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(token) });
        statuses.push(response.statusCode);
        expect(rateLimitOf(response).quota).to.equal(4);
      }
      // The replica's own count still holds the client to its limit meanwhile.
      expect(statuses).to.deep.equal([200, 200, 200, 200, 429]);
      const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40);
      expect(warnings.map((w) => w.msg)).to.include('Redis for rate limits is unreachable: each replica counts its own requests until it is back');
    } finally {
      await app.close();
    }
  });
});
