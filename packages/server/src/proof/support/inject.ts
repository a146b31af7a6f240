/* Helpers for the proofs that drive the app in-process with `app.inject()` (fast, thousands of cases). */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../db/schema';

/**
 * A DATA_DIR in memory (/dev/shm) where there is one: the property tests are about answers and rows, not fsync,
 * and commit thousands of times. The caller removes it.
 */
export function memoryDataDir(): string {
  const base = process.platform === 'linux' ? '/dev/shm' : os.tmpdir();
  return mkdtempSync(path.join(base, 'signaldeck-proof-'));
}

export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const { rows } = await db
    .selectFrom(table)
    .select((select) => select.fn.countAll<number>().as('rows'))
    .executeTakeFirstOrThrow();
  return Number(rows);
}

/**
 * The error contract (DESIGN.md section 2) for one answer: never a 5xx; a 4xx is JSON with a string `message`,
 * and `errors`, when present, maps fields to lists of strings. A 422 for a JSON object body always has `errors`.
 */
export function expectClientErrorShape(response: LightMyRequestResponse, { objectBody = false } = {}): void {
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode < 400) return;
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ message: unknown; errors?: unknown }>();
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  if (body.errors !== undefined || (response.statusCode === 422 && objectBody)) {
    expect(body.errors).toBeTypeOf('object');
    for (const messages of Object.values(body.errors as object)) {
      expect(Array.isArray(messages) && messages.every((message) => typeof message === 'string')).toBe(true);
    }
  }
  expect(Object.keys(body).every((key) => key === 'message' || key === 'errors')).toBe(true);
}
