import { buildCli, buildServer } from '../../scripts/build-packages.js';
import { setupTestDatabases, teardownTestDatabases } from './database.js';
import { finishTimings, startTimings } from './timings.js';

// Mocha global fixtures: run once around the whole suite, in mocha's own process, also under
// --parallel, where the test files run in workers (scripts/test-databases.ts hands them the run).
export async function mochaGlobalSetup(): Promise<void> {
  // The CLI tests run the bundles users install (cli/bin/acctl.js, and the server package's for
  // `acctl server …`), built from the sources as they are now.
  startTimings();
  await Promise.all([setupTestDatabases({ synchronousCommit: false }), buildCli(), buildServer()]);
}

export async function mochaGlobalTeardown(): Promise<void> {
  await teardownTestDatabases();
  finishTimings();
}
