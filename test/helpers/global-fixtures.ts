import { setupTestDatabases, teardownTestDatabases } from './database.js';

// Mocha global fixtures: run once around the whole suite, in mocha's own process, also under
// --parallel, where the test files run in workers (scripts/test-databases.ts hands them the run).
export async function mochaGlobalSetup(): Promise<void> {
  await setupTestDatabases();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await teardownTestDatabases();
}
