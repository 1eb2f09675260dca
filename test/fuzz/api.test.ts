import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';
import { fuzzApi, runsFor, unrecordedFailedLogins } from './api-fuzz.js';

/** The bounded run of the API fuzzer; `npm run fuzz -- --runs N` runs it longer. */
describe('Fuzzing every operation of the OpenAPI document', function () {
  this.timeout(180_000);
  let t: TestApp;

  before(async () => {
    // Thousands of requests from one client in a minute: this suite is not about rate limits.
    t = await startTestApp({ config: { rateLimitStandard: 1_000_000, rateLimitDecision: 1_000_000, rateLimitBulk: 1_000_000 } });
  });
  after(() => t.close());

  it('answers 2,000 hostile requests without a 5xx or a leak of internals, always with a valid problem+json or RFC 6749 error, and audits every failed login', async () => {
    const admin = await registerClient(t.app, ['admin:all']);
    const runsPerOperation = await runsFor(t.app, 2_000);
    const report = await fuzzApi(t.app, { runsPerOperation, adminToken: () => accessToken(t.app, admin, 'admin:all') });
    expect(report.failures, JSON.stringify(report.failures, null, 2)).to.deep.equal([]);
    expect(report.cases).to.be.at.least(2_000);
    expect(report.failedLogins.size, 'the fuzz made failed logins').to.be.above(0);
    expect(await unrecordedFailedLogins(t.app, report)).to.deep.equal([]);
  });

  it('answers a NUL character in an id, or a version out of range, with 400 validation_failed (found by the fuzzer: PostgreSQL refuses them)', async () => {
    const token = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    for (const url of ['/v1/policies/%00', '/v1/principals/a%00b', '/v1/policies/p/versions/1e309']) {
      expectProblem(await t.app.inject({ method: 'GET', url, headers: bearer(token) }), 400, 'validation_failed');
    }
    const rollback = await t.app.inject({ method: 'POST', url: '/v1/policies/p/rollback', headers: bearer(token), payload: { version: 4291334484691528 } });
    expectProblem(rollback, 400, 'validation_failed');
  });
});
