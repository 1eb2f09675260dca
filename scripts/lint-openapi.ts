/**
 * `npm run lint:openapi`: `redocly lint`, with the committed redocly.yaml, on the OpenAPI document
 * the server serves (GET /v1/openapi.json), written to a temporary file. Building the app needs a
 * migrated database, so this uses the test databases (PostgreSQL on 127.0.0.1:5432 when it answers,
 * otherwise an embedded one), as `npm test` does. Exits with redocly's status: 1 on any error.
 */
import { startTestApp } from '../test/helpers/app.js';
import { setupTestDatabases, teardownTestDatabases } from '../test/helpers/database.js';
import { lintOpenApiDocument } from './redocly-lint.js';

let status = 1;
await setupTestDatabases();
try {
  const { app, close } = await startTestApp();
  try {
    const response = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${response.statusCode}`);
    const result = lintOpenApiDocument(response.body, 'stylish');
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    status = result.status;
  } finally {
    await close();
  }
} finally {
  await teardownTestDatabases();
}
process.exitCode = status;
