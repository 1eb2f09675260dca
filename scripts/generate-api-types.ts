/**
 * `npm run gen:api-types`: writes cli/src/api/generated/ from the OpenAPI document the server
 * serves (scripts/api-types.ts). Building the app needs a migrated database, so this uses the test
 * databases, as `npm run lint:openapi` does.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestApp } from '../test/helpers/app.js';
import { setupTestDatabases, teardownTestDatabases } from '../test/helpers/database.js';
import { generateApiTypes } from './api-types.js';

const generated = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'src', 'api', 'generated');
await setupTestDatabases();
try {
  const { app, close } = await startTestApp();
  try {
    const response = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${response.statusCode}`);
    for (const [file, source] of Object.entries(await generateApiTypes(response.body))) {
      writeFileSync(path.join(generated, file), source);
      console.log(`wrote ${path.relative(process.cwd(), path.join(generated, file))}`);
    }
  } finally {
    await close();
  }
} finally {
  await teardownTestDatabases();
}
