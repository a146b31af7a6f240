import { describe, expect, it } from 'vitest';
import { chartInterval, pairSymbol } from './pair-symbol';

const KNOWN = ['BTC', 'ETH', 'SOL'];

describe('pairSymbol', () => {
  it.each([
    ['BTC', 'BTC'],
    ['btc', 'BTC'],
    ['BTCUSD', 'BTC'],
    ['btcusdt', 'BTC'],
    ['ETH-USD', 'ETH'],
    ['sol_usdc', 'SOL'],
    ['BTC/USD', 'BTC'],
    ['BINANCE:BTCUSDT', 'BTC'],
    ['BYBIT:ETHUSDT.P', 'ETH'],
    ['BTCUSDTPERP', 'BTC'],
  ])('should read %s as %s', (asked, symbol) => {
    expect(pairSymbol(asked, KNOWN)).toBe(symbol);
  });

  it.each([
    ['doge', 'DOGE'],
    ['DOGEUSD', 'DOGEUSD'],
    ['BTCEUR', 'BTCEUR'],
    ['ſol', 'ſol'],
    ['BTC USD', 'BTC USD'],
    ['', ''],
  ])('should leave %j naming no known pair as %j', (asked, symbol) => {
    expect(pairSymbol(asked, KNOWN)).toBe(symbol);
  });
});

describe('chartInterval', () => {
  const INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'];

  it.each([
    ['1m', '1m'],
    ['1H', '1h'],
    ['4H', '4h'],
    ['1D', '1d'],
    ['D', '1d'],
    ['60', '1h'],
    ['240', '4h'],
    ['15', '15m'],
  ])('should read %s as %s', (asked, interval) => {
    expect(chartInterval(asked, INTERVALS)).toBe(interval);
  });

  it.each(['1M', '7m', '1w', '2h', '', 'abc'])('should leave %j, no chart interval, as it is', (asked) => {
    expect(chartInterval(asked, INTERVALS)).toBe(asked);
  });
});
