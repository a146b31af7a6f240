import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { EventStreamClient } from '../../test/event-stream';
import { signUpTrader } from '../../test/traders';
import { startBinanceStandIn, standInCandle, type BinanceStandIn } from './binance-stand-in';
import { ExchangeSource } from './exchange-source';
import { BACKFILL_DAYS } from './feed';
import { bucketStart, INTERVALS, type Candle } from './markets';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('the exchange source, against a stand-in for Binance', () => {
  const now = Date.UTC(2025, 0, 8, 15, 42, 20);
  let standIn: BinanceStandIn;
  let source: ExchangeSource;

  beforeAll(async () => {
    standIn = await startBinanceStandIn({ now: () => now, listedSince: now - 30 * DAY });
    source = await ExchangeSource.connect({ exchangeId: 'binance', baseUrl: standIn.url });
  });

  afterAll(async () => {
    await source.close();
    await standIn.close();
  });

  it("should map each pair to the exchange's USDT market, loading only its spot markets", () => {
    expect(Object.fromEntries(source.markets)).toEqual({ BTC: 'BTC/USDT', ETH: 'ETH/USDT', SOL: 'SOL/USDT' });
    expect(standIn.requests.map((url) => url.pathname)).toEqual(['/api/v3/exchangeInfo']);
  });

  it("should read a long range page by page, as the exchange's candles", async () => {
    standIn.requests.length = 0;
    const from = bucketStart(now, '1m') - 2_500 * MINUTE;
    const until = from + 2_400 * MINUTE + 30_000;
    const candles = await source.candles('ETH', from, until);

    expect(candles).toHaveLength(2_401);
    const expected: Candle[] = candles.map((candle) => standInCandle('ETHUSDT', candle.time, now));
    expect(candles).toEqual(expected);
    expect(candles[0]!.time).toBe(from);
    expect(candles.every((candle, index) => index === 0 || candle.time - candles[index - 1]!.time === MINUTE)).toBe(
      true,
    );
    expect(standIn.requests.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { symbol: 'ETHUSDT', interval: '1m', limit: '1000', startTime: String(from), endTime: String(until) },
      {
        symbol: 'ETHUSDT',
        interval: '1m',
        limit: '1000',
        startTime: String(from + 1_000 * MINUTE),
        endTime: String(until),
      },
      {
        symbol: 'ETHUSDT',
        interval: '1m',
        limit: '401',
        startTime: String(from + 2_000 * MINUTE),
        endTime: String(until),
      },
    ]);
  });

  it('should give the forming minute as it stands', async () => {
    const minute = bucketStart(now, '1m');
    const candles = await source.candles('SOL', minute - MINUTE, now);
    expect(candles).toEqual([standInCandle('SOLUSDT', minute - MINUTE, now), standInCandle('SOLUSDT', minute, now)]);
    expect(candles[1]!.volume).toBeLessThan(standInCandle('SOLUSDT', minute, minute + MINUTE).volume);
  });

  it('should fail to connect when the exchange cannot be reached', async () => {
    const closed = await startBinanceStandIn({ now: () => now, listedSince: now });
    await closed.close();
    await expect(ExchangeSource.connect({ exchangeId: 'binance', baseUrl: closed.url })).rejects.toThrow();
  });

  it('should refuse an exchange ccxt does not know', async () => {
    await expect(ExchangeSource.connect({ exchangeId: 'nosuchexchange' })).rejects.toThrow(
      'ccxt knows no exchange called nosuchexchange',
    );
  });
});

describe('an app on MARKET_SOURCE=exchange', () => {
  let standIn: BinanceStandIn;
  let testApp: TestApp;

  afterEach(async () => {
    await testApp.cleanup();
    await standIn.close();
  });

  it('should backfill from the exchange, then stream its forming candles', async () => {
    standIn = await startBinanceStandIn({ now: Date.now, listedSince: Date.now() - 30 * DAY });
    testApp = await createTestApp('sqlite', {
      MARKET_SOURCE: 'exchange',
      EXCHANGE_ID: 'binance',
      EXCHANGE_URL: standIn.url,
    });
    const { authorization } = await signUpTrader(testApp.app, 'Ada');
    const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await EventStreamClient.open(url, authorization);
    await testApp.app.services.startAll();

    const event = await stream.waitFor((received) => received.event === 'candle', 20_000);
    const update = event.data as { symbol: string; candles: Record<string, Candle> };
    expect(Object.keys(update.candles)).toEqual(INTERVALS);
    const pair = `${update.symbol}USDT` as 'BTCUSDT';
    const forming = update.candles['1m']!;
    expect(forming.open).toBe(standInCandle(pair, forming.time, Date.now()).open);
    // The day's candle opens with the day's first minute: the stored minutes and the forming one, merged.
    const day = update.candles['1d']!;
    expect(day.time).toBe(bucketStart(forming.time, '1d'));
    expect(day.open).toBe(standInCandle(pair, day.time, Date.now()).open);

    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/markets/BTC/candles?interval=1m&limit=1000',
      headers: { authorization },
    });
    const candles = response.json<{ candles: Candle[] }>().candles;
    expect(candles).toHaveLength(1_000);
    const settled = candles.slice(0, -2);
    expect(settled).toEqual(settled.map((candle) => standInCandle('BTCUSDT', candle.time, Date.now())));

    const days = await testApp.app.inject({
      method: 'GET',
      url: '/api/markets/BTC/candles?interval=1d',
      headers: { authorization },
    });
    const first = days.json<{ candles: Candle[] }>().candles[0]!;
    expect(first.time).toBe(bucketStart(Date.now() - BACKFILL_DAYS * DAY, '1d'));
    stream.close();
  });
});
