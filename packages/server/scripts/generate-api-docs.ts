/**
 * Writes docs/api.md from the OpenAPI document the server builds from its routes
 * (`pnpm --filter @signaldeck/server docs:api`). The openapi test fails when the file differs from what this
 * would write.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { openTestDatabase } from '../src/test/database';
import { API_REFERENCE_PATH, renderApiReference } from './api-reference';

// The routes are the same on any database: a throwaway SQLite one serves.
const { database, config, cleanup } = await openTestDatabase('sqlite');
const app = await buildApp({ config, database, logger: false });
try {
  await app.ready();
  writeFileSync(API_REFERENCE_PATH, renderApiReference(app.apiDescription.document));
  console.log(`Wrote ${fileURLToPath(API_REFERENCE_PATH)}`);
} finally {
  await app.close();
  await cleanup();
}
