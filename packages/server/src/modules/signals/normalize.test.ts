import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeAction, normalizeInterval, normalizeTicker, parseAlertTime, parseStrictNumber } from './normalize';

describe('normalizeTicker', () => {
  it.each([
    ['BINANCE:BTCUSDT', 'BTC'],
    ['BTCUSD', 'BTC'],
    ['BTC-USD', 'BTC'],
    ['BTC/USD', 'BTC'],
    ['BTC_USDT', 'BTC'],
    ['BTCUSDT.P', 'BTC'],
    ['BYBIT:BTCUSDT.P', 'BTC'],
    ['BTC-PERP', 'BTC'],
    ['BTCUSD_PERP', 'BTC'],
    ['XBTUSD', 'BTC'],
    ['BNBUSD', 'BNB'],
    ['BTC/BUSD', 'BTC'],
    ['btc', 'BTC'],
    ['  eth/usdc ', 'ETH'],
    ['COINBASE:SOLUSD', 'SOL'],
    ['SOLFDUSD', 'SOL'],
    ['AAPL', 'AAPL'],
    ['NASDAQ:AAPL', 'AAPL'],
    ['ETH/BTC', 'ETHBTC'],
    ['ETHBTC', 'ETHBTC'],
    ['BTC/EUR', 'BTCEUR'],
    ['CME_MINI:ES1!', 'ES1!'],
    ['BRK.B', 'BRK.B'],
    ['USDT', 'USDT'],
    ['BUSD', 'BUSD'],
  ])('should read %j as %s', (input, expected) => {
    expect(normalizeTicker(input)).toBe(expected);
  });

  it.each(['', '   ', 'BINANCE:', '$$$', 'BTC USD!?', 'A'.repeat(40)])('should not take %j for a symbol', (input) => {
    expect(normalizeTicker(input)).toBeNull();
  });
});

describe('normalizeAction', () => {
  it.each([
    ['buy', 'buy'],
    ['BUY', 'buy'],
    [' Sell ', 'sell'],
    ['long', 'long'],
    ['Enter Long', 'long'],
    ['short', 'short'],
    ['open-short', 'short'],
    ['exit', 'exit'],
    ['EXIT_LONG', 'exit_long'],
    ['close long', 'exit_long'],
    ['close_short', 'exit_short'],
    ['cover', 'exit_short'],
    ['flat', 'exit'],
    ['close', 'close'],
    ['Close All', 'close'],
  ])('should read %j as %s', (input, expected) => {
    expect(normalizeAction(input)).toBe(expected);
  });

  it.each(['', 'hold', 'buyy', 'toString', '__proto__', 'constructor'])('should not take %j for an action', (input) => {
    expect(normalizeAction(input)).toBeNull();
  });
});

describe('normalizeInterval', () => {
  it.each([
    ['1', '1m'],
    ['5', '5m'],
    ['15', '15m'],
    ['45', '45m'],
    ['60', '1h'],
    ['120', '2h'],
    ['240', '4h'],
    ['1D', '1d'],
    ['D', '1d'],
    ['1W', '1w'],
    ['W', '1w'],
    ['1m', '1m'],
    ['60m', '1h'],
    ['1h', '1h'],
    ['4H', '4h'],
    ['1d', '1d'],
    ['30S', '30s'],
    ['1M', '1M'],
    ['M', '1M'],
    ['3M', '3M'],
    [' 15 ', '15m'],
  ])('should read %j as %s', (input, expected) => {
    expect(normalizeInterval(input)).toBe(expected);
  });

  it.each(['', 'm', '0', '-5', '1.5', '7x', '1 h', 'daily', '99999'])('should not take %j for an interval', (input) => {
    expect(normalizeInterval(input)).toBeNull();
  });
});

describe('parseStrictNumber', () => {
  it.each([
    [65000, 65000],
    [0.5, 0.5],
    ['65000.5', 65000.5],
    [' 42 ', 42],
    ['-2', -2],
    ['+3', 3],
    ['.5', 0.5],
    ['5.', 5],
    ['1e-8', 1e-8],
    ['2E3', 2000],
  ])('should read %j as %d', (input, expected) => {
    expect(parseStrictNumber(input)).toBe(expected);
  });

  it.each([
    ['hex', '0x10'],
    ['overflow', '1e999'],
    ['overflowing JSON number', Number.POSITIVE_INFINITY],
    ['NaN text', 'NaN'],
    ['NaN number', Number.NaN],
    ['Infinity text', 'Infinity'],
    ['trailing garbage', '12abc'],
    ['a unit', '100 USD'],
    ['thousands separator', '65,000'],
    ['empty text', ''],
    ['a lone sign', '-'],
    ['binary', '0b101'],
    ['a boolean', true],
    ['null', null],
    ['an array', [1]],
  ])('should refuse %s', (_case, input) => {
    expect(parseStrictNumber(input)).toBeNull();
  });

  it('should read back every finite number written as text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        // String(-0) is "0": compare with ===, which takes -0 and 0 for equal.
        expect(parseStrictNumber(String(value)) === value).toBe(true);
      }),
    );
  });
});

describe('parseAlertTime', () => {
  const at = Date.UTC(2024, 4, 1, 12, 30, 0);

  it.each([
    ['TradingView {{timenow}}', '2024-05-01T12:30:00Z', at],
    ['milliseconds in an ISO date', '2024-05-01T12:30:00.000Z', at],
    ['an offset', '2024-05-01T14:30:00+02:00', at],
    ['an offset without colon', '2024-05-01T14:30:00+0200', at],
    ['no offset, read as UTC', '2024-05-01T12:30:00', at],
    ['a space instead of T', '2024-05-01 12:30:00Z', at],
    ['a date only', '2024-05-01', Date.UTC(2024, 4, 1)],
    ['a leap day', '2024-02-29T10:00:00Z', Date.UTC(2024, 1, 29, 10)],
    ['milliseconds', at, at],
    ['milliseconds as text', String(at), at],
    ['seconds', at / 1000, at],
  ])('should read %s', (_case, input, expected) => {
    expect(parseAlertTime(input)).toBe(expected);
  });

  it.each([
    ['words', 'yesterday'],
    ['an impossible date', '2024-13-45T00:00:00Z'],
    ['the 30th of February (Date.parse makes it 2 March)', '2026-02-30'],
    ['the 29th of February of a common year', '2026-02-29T00:00:00Z'],
    ['the 31st of April', '2026-04-31T12:00:00Z'],
    ['a year alone', '2024'],
    ['a fraction of a millisecond', 1714566600000.5],
    ['before 2000', '1999-12-31T23:59:59Z'],
    ['after 2100', Date.UTC(2100, 0, 1)],
    ['a negative number', -1],
    ['a boolean', true],
  ])('should refuse %s', (_case, input) => {
    expect(parseAlertTime(input)).toBeNull();
  });
});
