import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { signUpTrader } from '../../test/traders';
import type { Candle } from './markets';
import { upsertCandles } from './store';

const MINUTE = 60_000;
const START = Date.UTC(2025, 0, 6, 9, 0);

const minutes = (count: number, from = START): Candle[] =>
  Array.from({ length: count }, (_, index) => ({
    time: from + index * MINUTE,
    open: 100 + index,
    high: 102 + index,
    low: 99 + index,
    close: 101 + index,
    volume: 1.5,
  }));

describe.each(TEST_DIALECTS)('the markets API on %s', (dialect) => {
  let testApp: TestApp;
  let authorization: string;

  const get = (url: string, headers: Record<string, string> = { authorization }) =>
    testApp.app.inject({ method: 'GET', url, headers });

  beforeEach(async () => {
    testApp = await createTestApp(dialect);
    ({ authorization } = await signUpTrader(testApp.app, 'Ada'));
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  describe('given no token', () => {
    it.each(['/api/markets', '/api/markets/BTC/candles', '/api/markets/NOPE/candles?interval=9m'])(
      'should answer 401 to %s',
      async (url) => {
        const response = await get(url, {});
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Unauthenticated.' });
      },
    );
  });

  it('should not take a look-alike letter for a pair: the long s of "ſol" is not SOL', async () => {
    const response = await get('/api/markets/%C5%BFol/candles?limit=1');
    expect(response.statusCode).toBe(404);
    expect((await get('/api/markets/sol/candles?limit=1')).statusCode).toBe(200);
  });

  describe('given one account asking for candles faster than its limit', () => {
    it('should answer 429 with Retry-After past the limit, to that account only', async () => {
      await testApp.cleanup();
      testApp = await createTestApp(dialect, { RATE_LIMIT_CANDLES_PER_MINUTE: '3' });
      ({ authorization } = await signUpTrader(testApp.app, 'Ada'));
      const grace = await signUpTrader(testApp.app, 'Grace');
      for (let i = 0; i < 3; i++) expect((await get('/api/markets/BTC/candles?limit=5')).statusCode).toBe(200);
      const refused = await get('/api/markets/ETH/candles?limit=5');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.json<{ message: string }>().message).toMatch(
        /^Too many candle requests\. Please try again in \d+ seconds\.$/,
      );
      const other = await get('/api/markets/BTC/candles?limit=5', { authorization: grace.authorization });
      expect(other.statusCode).toBe(200);
    });
  });

  describe('GET /api/markets', () => {
    it('should list the pairs, the intervals and the source', async () => {
      const response = await get('/api/markets');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: [
          { symbol: 'BTC', quote: 'USD', name: 'Bitcoin' },
          { symbol: 'ETH', quote: 'USD', name: 'Ether' },
          { symbol: 'SOL', quote: 'USD', name: 'Solana' },
        ],
        intervals: ['1m', '5m', '15m', '1h', '4h', '1d'],
        source: 'demo',
      });
    });
  });

  describe('GET /api/markets/{symbol}/candles', () => {
    beforeEach(async () => {
      await upsertCandles(testApp.database.db, 'BTC', minutes(400));
    });

    it('should answer the latest 300 1m candles by default, oldest first', async () => {
      const response = await get('/api/markets/BTC/candles');
      expect(response.statusCode).toBe(200);
      const body = response.json<{ symbol: string; interval: string; candles: Candle[] }>();
      expect(body.symbol).toBe('BTC');
      expect(body.interval).toBe('1m');
      expect(body.candles).toEqual(minutes(400).slice(100));
    });

    it('should take the symbol in any case', async () => {
      const response = await get('/api/markets/btc/candles?limit=2');
      expect(response.json()).toMatchObject({ symbol: 'BTC', candles: minutes(400).slice(398) });
    });

    it('should aggregate the interval asked for', async () => {
      const response = await get('/api/markets/BTC/candles?interval=1h&limit=10');
      expect(response.json()).toEqual({
        symbol: 'BTC',
        interval: '1h',
        candles: [0, 1, 2, 3, 4, 5, 6].map((hour) => ({
          time: START + hour * 60 * MINUTE,
          open: 100 + hour * 60,
          high: 102 + Math.min(399, hour * 60 + 59),
          low: 99 + hour * 60,
          close: 101 + Math.min(399, hour * 60 + 59),
          volume: 1.5 * Math.min(60, 400 - hour * 60),
        })),
      });
    });

    it('should page back with `before`, exclusive', async () => {
      const response = await get(`/api/markets/BTC/candles?limit=3&before=${START + 10 * MINUTE}`);
      expect(response.json<{ candles: Candle[] }>().candles).toEqual(minutes(10).slice(7));
      const first = await get(`/api/markets/BTC/candles?before=${START}`);
      expect(first.json<{ candles: Candle[] }>().candles).toEqual([]);
    });

    it.each([1, 1000])('should accept a limit of %i', async (limit) => {
      const response = await get(`/api/markets/BTC/candles?limit=${limit}`);
      expect(response.json<{ candles: Candle[] }>().candles).toHaveLength(Math.min(limit, 400));
    });

    it('should answer 404 for an unknown pair', async () => {
      const response = await get('/api/markets/xyz/candles');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Unknown market: xyz' });
    });

    it('should name an unknown pair as it was asked for, not as upper case makes it (ſ is not s)', async () => {
      const response = await get('/api/markets/%C5%BFol/candles');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Unknown market: ſol' });
    });

    it('should name an unknown pair with its invisible characters written as escapes', async () => {
      const response = await get('/api/markets/%E2%80%AEx%07%E2%80%8B/candles');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Unknown market: \\u202ex\\u0007\\u200b' });
    });

    it('should answer 422 for an unknown interval', async () => {
      const response = await get('/api/markets/BTC/candles?interval=2m');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The selected interval is invalid.',
        errors: { interval: ['The selected interval is invalid.'] },
      });
    });

    it.each([
      ['limit=0', 'limit', 'The limit field must be at least 1.'],
      ['limit=1001', 'limit', 'The limit field must not be greater than 1000.'],
      ['limit=ten', 'limit', 'The limit field must be a whole number.'],
      ['limit=-5', 'limit', 'The limit field must be a whole number.'],
      ['before=yesterday', 'before', 'The before field must be a whole number.'],
    ])('should answer 422 for %s', async (query, field, message) => {
      const response = await get(`/api/markets/BTC/candles?${query}`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
    });
  });
});
