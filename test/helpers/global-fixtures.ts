import { setupTestDatabases, teardownTestDatabases } from './database.js';

// Mocha global fixtures: run once around the whole suite, in mocha's own process, also under
// --parallel, where the test files run in workers that database.ts hands the run to.
export async function mochaGlobalSetup(): Promise<void> {
  await setupTestDatabases();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await teardownTestDatabases();
}
