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
