import { useCallback, useMemo } from 'react';
import { useCandles } from '../../market/api/get-candles';
import { KNOWN_SYMBOLS } from '../../market/types';

/**
 * The last price of each listed pair (the close of its latest 1-minute candle), to check signals'
 * prices against. Read once per page (and again after a reconnect through `mutate`), not per tick:
 * a 10% check does not need the price of this second.
 */
export function useMarketPrices() {
  const btc = useCandles('BTC', '1m', { limit: 1 });
  const eth = useCandles('ETH', '1m', { limit: 1 });
  const sol = useCandles('SOL', '1m', { limit: 1 });
  const closes = [btc, eth, sol].map((candles) => candles.loaded?.at(-1)?.close);
  const [btcClose, ethClose, solClose] = closes;
  const prices = useMemo(() => {
    const out: Partial<Record<string, number>> = {};
    [btcClose, ethClose, solClose].forEach((close, index) => {
      const symbol = KNOWN_SYMBOLS[index];
      if (symbol && close !== undefined) out[symbol] = close;
    });
    return out;
  }, [btcClose, ethClose, solClose]);
  const { mutate: refreshBtc } = btc;
  const { mutate: refreshEth } = eth;
  const { mutate: refreshSol } = sol;
  const refresh = useCallback(() => {
    void refreshBtc();
    void refreshEth();
    void refreshSol();
  }, [refreshBtc, refreshEth, refreshSol]);
  return { prices, refresh };
}
