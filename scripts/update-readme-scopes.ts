/**
 * `npm run docs:scopes`: rewrites README.md's scope table from the route table of the real app.
 * Building the app needs a migrated database, so this uses the test databases (PostgreSQL on
 * 127.0.0.1:5432 when it answers, otherwise an embedded one), as `npm test` does.
 */
import { renderScopeTable } from '../server/src/domains/meta/scope-table.js';
import { startTestApp } from '../test/helpers/app.js';
import { setupTestDatabases, teardownTestDatabases } from '../test/helpers/database.js';
import { updateReadmeBlock } from './readme-blocks.js';

await setupTestDatabases();
try {
  const { app, close } = await startTestApp();
  try {
    const changed = updateReadmeBlock('scope-table', renderScopeTable(app.routeTable));
    console.log(changed ? 'README.md: scope table updated' : 'README.md: scope table already up to date');
  } finally {
    await close();
  }
} finally {
  await teardownTestDatabases();
}
