/**
 * Writes docs/api.md from the OpenAPI document (`pnpm --filter @signaldeck/server docs:api`). The openapi test
 * fails when the file differs from what this would write.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_REFERENCE_PATH, renderApiReference } from '../src/openapi/markdown';
import { buildOpenApiDocument } from '../src/openapi/document';

writeFileSync(API_REFERENCE_PATH, renderApiReference(buildOpenApiDocument()));
console.log(`Wrote ${fileURLToPath(API_REFERENCE_PATH)}`);
