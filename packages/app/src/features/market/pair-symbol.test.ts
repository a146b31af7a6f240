import { describe, expect, it } from 'vitest';
import { pairSymbol } from './pair-symbol';

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
