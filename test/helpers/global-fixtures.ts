import { buildCli } from '../../scripts/build-packages.js';
import { setupTestDatabases, teardownTestDatabases } from './database.js';

// Mocha global fixtures: run once around the whole suite, in mocha's own process, also under
// --parallel, where the test files run in workers (scripts/test-databases.ts hands them the run).
export async function mochaGlobalSetup(): Promise<void> {
  // The CLI tests run the bundle users install (cli/bin/acctl.js), built from the sources as they are now.
  await Promise.all([setupTestDatabases(), buildCli()]);
}

export async function mochaGlobalTeardown(): Promise<void> {
  await teardownTestDatabases();
}
