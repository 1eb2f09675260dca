/**
 * `npm run fuzz [-- --runs N] [--seed S]`: the API fuzzer of test/fuzz (every operation of the
 * OpenAPI document, N cases each; by default at least 10,000 cases in all, 2,000 in `npm test`) against the real app on a fresh database.
 * Prints each failing case, shrunk, with the seed that replays it; exits 1 if there is one.
 */
import { parseArgs } from 'node:util';
import { fuzzApi, runsFor, unrecordedFailedLogins } from '../test/fuzz/api-fuzz.js';
import { accessToken, registerClient, startTestApp } from '../test/helpers/app.js';
import { setupTestDatabases, teardownTestDatabases } from '../test/helpers/database.js';

const { values } = parseArgs({ options: { runs: { type: 'string' }, seed: { type: 'string' } } });
if (values.runs !== undefined && !(Number.isInteger(Number(values.runs)) && Number(values.runs) >= 1))
  throw new Error('--runs must be a positive whole number');

await setupTestDatabases();
let failed = false;
try {
  const limits = { rateLimitStandard: 100_000_000, rateLimitDecision: 100_000_000, rateLimitBulk: 100_000_000 };
  const { app, close } = await startTestApp({ config: limits });
  try {
    const admin = await registerClient(app, ['admin:all']);
    // At least 10,000 requests over the operations of the served document unless --runs says otherwise.
    const runsPerOperation = values.runs !== undefined ? Number(values.runs) : await runsFor(app, 10_000);
    const started = Date.now();
    const report = await fuzzApi(app, {
      runsPerOperation,
      ...(values.seed !== undefined ? { seed: Number(values.seed) } : {}),
      adminToken: () => accessToken(app, admin, 'admin:all'),
      onOperation: (name) => process.stderr.write(`  ${name}\n`),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${report.cases} cases over ${report.operations} operations in ${seconds} s; ${report.failures.length} failing operation(s)`);
    console.log(
      `statuses: ${Object.entries(report.statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ')}`,
    );
    for (const failure of report.failures) console.log(`\n✖ ${failure.operation}\n  ${failure.fault}\n  ${failure.request.replaceAll('\n', '\n  ')}`);
    const unrecorded = await unrecordedFailedLogins(app, report);
    console.log(
      `failed logins: ${report.failedLogins.size}, of which not in the audit log: ${unrecorded.length}${unrecorded.length ? ` (${unrecorded.slice(0, 10).join(', ')})` : ''}`,
    );
    failed = report.failures.length > 0 || unrecorded.length > 0;
  } finally {
    await close();
  }
} finally {
  await teardownTestDatabases();
}
process.exit(failed ? 1 : 0);
