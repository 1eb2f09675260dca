import { setupTestDatabases, teardownTestDatabases } from './database.js';

// Mocha global fixtures: run once around the whole suite.
export async function mochaGlobalSetup(): Promise<void> {
  await setupTestDatabases();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await teardownTestDatabases();
}
