/** TradingView's interval spellings (minutes as a number, D for a day) and the chart's own. */
const TRADINGVIEW_INTERVALS: Readonly<Record<string, string>> = {
  '1': '1m',
  '5': '5m',
  '15': '15m',
  '60': '1h',
  '240': '4h',
  D: '1d',
  '1D': '1d',
};

/** An alert's ticker spellings of a pair: an exchange prefix, a separator, a quote currency after the base. */
const TICKER_SPELLING = /^(?:[A-Za-z]+:)?([A-Za-z]+?)(?:[-_/]?(?:USDT|USDC|USD)(?:\.?P|PERP)?)?$/i;

/**
 * The pair a URL's symbol segment names, as the trading page's address spells it: "btc" is BTC, and so are the
 * spellings an alert's ticker may use ("BTCUSD", "BTC-USD", "btc_usdt", "BINANCE:BTCUSDT") when they name one of
 * `known`. Only ASCII letters are upper-cased (toUpperCase() folds look-alikes into them: the long s "ſ" becomes
 * "S"); anything else comes back as it was asked, for the page to say there is no such pair.
 */
export function pairSymbol(asked: string, known: readonly string[]): string {
  const upper = /^[A-Za-z]+$/.test(asked) ? asked.toUpperCase() : asked;
  if (known.includes(upper)) return upper;
  const base = TICKER_SPELLING.exec(asked)?.[1]?.toUpperCase();
  return base !== undefined && known.includes(base) ? base : upper;
}

/**
 * The chart interval a URL's interval segment names: one of `known` as it is, in another case when that is not a
 * minute's ("1H" is 1h; "1M", a month in TradingView, is not taken for 1m), or as TradingView writes it ("60" is
 * 1h, "D" is 1d). Anything else comes back as it was asked, for the page to say there is no such interval.
 */
export function chartInterval(asked: string, known: readonly string[]): string {
  if (known.includes(asked)) return asked;
  const spelled =
    TRADINGVIEW_INTERVALS[asked.toUpperCase()] ?? (/^\d+[hHdD]$/.test(asked) ? asked.toLowerCase() : asked);
  return known.includes(spelled) ? spelled : asked;
}
