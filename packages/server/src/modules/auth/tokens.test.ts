import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/connection';
import { manualClock } from '../../test/app';
import { openTestDatabase, TEST_DIALECTS, type OpenTestDatabase } from '../../test/database';
import { TokenService } from './tokens';

const MINUTE_MS = 60_000;

describe.each(TEST_DIALECTS)('TokenService on %s', (dialect) => {
  let opened: OpenTestDatabase;
  let database: DatabaseHandle;
  let clock: ReturnType<typeof manualClock>;
  let tokens: TokenService;
  let userId: number;

  beforeEach(async () => {
    opened = await openTestDatabase(dialect);
    database = opened.database;
    clock = manualClock();
    tokens = new TokenService(
      database.db,
      loadConfig({ TOKEN_IDLE_TTL_MINUTES: '10', TOKEN_ABSOLUTE_TTL_DAYS: '1' }),
      clock,
    );
    ({ id: userId } = await database.db
      .insertInto('users')
      .values({ name: 'Ada', email: 'ada@example.com', password_hash: 'x', created_at: clock(), updated_at: clock() })
      .returning('id')
      .executeTakeFirstOrThrow());
  });

  afterEach(() => opened.cleanup());

  it('should authenticate a token it issued, with or without extra spaces after Bearer', async () => {
    const token = await tokens.issue(userId);
    const expected = {
      user: { id: userId, name: 'Ada', email: 'ada@example.com' },
      tokenId: Number(token.split('|')[0]),
    };
    expect(await tokens.authenticate(`Bearer ${token}`)).toEqual(expected);
    expect(await tokens.authenticate(`bearer  ${token}`)).toEqual(expected);
    expect(await tokens.authenticate(token)).toBeUndefined();
  });

  it('should prune the tokens that can no longer authenticate, and only those', async () => {
    const idle = await tokens.issue(userId);
    clock.advance(5 * MINUTE_MS);
    const active = await tokens.issue(userId);
    clock.advance(6 * MINUTE_MS);

    expect(await tokens.pruneExpired()).toBe(1);
    expect(await tokens.authenticate(`Bearer ${idle}`)).toBeUndefined();
    expect(await tokens.authenticate(`Bearer ${active}`)).toBeDefined();
  });
});
