/**
 * `npm run docs:scopes`: rewrites the scope table of docs/api.md from the route table of the real app.
 * Building the app needs a migrated database, so this uses the test databases (PostgreSQL on
 * 127.0.0.1:5432 when it answers, otherwise an embedded one), as `npm test` does.
 */
import { renderScopeTable } from '../server/src/domains/meta/scope-table.js';
import { startTestApp } from '../test/helpers/app.js';
import { setupTestDatabases, teardownTestDatabases } from '../test/helpers/database.js';
import { updateGeneratedBlock } from './doc-blocks.js';

await setupTestDatabases();
try {
  const { app, close } = await startTestApp();
  try {
    const changed = updateGeneratedBlock('docs/api.md', 'scope-table', renderScopeTable(app.routeTable));
    console.log(changed ? 'docs/api.md: scope table updated' : 'docs/api.md: scope table already up to date');
  } finally {
    await close();
  }
} finally {
  await teardownTestDatabases();
}
