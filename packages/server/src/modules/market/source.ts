import type { Candle, MarketSymbol } from './markets';

/**
 * Where 1m candles come from: the simulated demo feed or a real exchange. The market feed asks a source for the
 * history it lacks on start, then every `tickMs` for the minute that is forming; whatever comes back is stored
 * and streamed the same way.
 */
export interface MarketSource {
  readonly kind: 'demo' | 'exchange';
  /** How often the forming candle is asked for. */
  readonly tickMs: number;
  /**
   * The 1m candles of `symbol` from the minute starting at `from` up to the minute holding `until`, oldest
   * first. The last one holds only what had traded by `until` (it is still forming when `until` is now).
   * `open` is the price the minute at `from` opened at, when it is known (stored already): the demo continues its
   * walk from it; an exchange has its own record and ignores it.
   */
  candles(symbol: MarketSymbol, from: number, until: number, open?: number): Promise<Candle[]>;
  /**
   * Hourly candles of `symbol` with `from <= time < until` (whole hours), oldest first, for the history older
   * than the minutes kept: the longer intervals need months of it, which minutes would take too long to make.
   * `close` is the price the stored history begins at, which the last hour closes at. A source without it has
   * only the minutes.
   */
  hours?(symbol: MarketSymbol, from: number, until: number, close?: number): Promise<Candle[]>;
  close(): Promise<void>;
}
