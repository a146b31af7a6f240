import type { Exchange } from 'ccxt';
import { INTERVAL_MS, SYMBOLS, type Candle, type MarketSymbol } from './markets';
import type { MarketSource } from './source';

const MINUTE_MS = INTERVAL_MS['1m'];
/** Candles per request: the most Binance and most other exchanges return at once. */
const PAGE_CANDLES = 1_000;
/** The forming minute is polled this often at most; slower when the exchange's rate limit asks for it. */
const MIN_TICK_MS = 2_000;
/** The quote currencies that stand for USD, best first: exchanges such as Binance list only stablecoin pairs. */
const USD_QUOTES = ['USD', 'USDT', 'USDC'];

export interface ExchangeSourceOptions {
  /** A ccxt exchange id such as binance, kraken or coinbase. */
  exchangeId: string;
  /** Replaces the scheme and host of every API URL of the exchange (a stand-in server in tests, or a proxy). */
  baseUrl?: string;
}

/** Every URL in ccxt's `urls.api` (a string, or an object of them, nested), moved onto `baseUrl`. */
function rebase(urls: unknown, baseUrl: string): unknown {
  if (typeof urls === 'string') return urls.replace(/^https?:\/\/[^/]+/, baseUrl);
  if (urls && typeof urls === 'object') {
    return Object.fromEntries(Object.entries(urls).map(([key, value]) => [key, rebase(value, baseUrl)]));
  }
  return urls;
}

const isPrice = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** ccxt's [time, open, high, low, close, volume], if it is a whole minute candle. */
function toCandle(row: readonly (number | undefined)[]): Candle | undefined {
  const [time, open, high, low, close, volume] = row;
  if (typeof time !== 'number' || time % MINUTE_MS !== 0) return undefined;
  if (!isPrice(open) || !isPrice(high) || !isPrice(low) || !isPrice(close)) return undefined;
  return { time, open, high, low, close, volume: typeof volume === 'number' && volume >= 0 ? volume : 0 };
}

/**
 * Real 1m candles from a public exchange API through ccxt (no keys needed). ccxt is loaded here, on first use, so
 * an instance on the demo feed, or following another instance, never loads it. Each pair is mapped to the
 * exchange's own market: BTC to BTC/USD where it is listed, else BTC/USDT, else BTC/USDC.
 */
export class ExchangeSource implements MarketSource {
  readonly kind = 'exchange';
  readonly tickMs: number;

  private constructor(
    private readonly exchange: Exchange,
    /** Our symbol to the exchange's market symbol; pairs the exchange does not list are missing. */
    readonly markets: ReadonlyMap<MarketSymbol, string>,
  ) {
    this.tickMs = Math.max(MIN_TICK_MS, SYMBOLS.length * (exchange.rateLimit ?? 0));
  }

  /** Loads ccxt and the exchange's markets; fails if the exchange is unknown, unreachable, or lists none of ours. */
  static async connect({ exchangeId, baseUrl }: ExchangeSourceOptions): Promise<ExchangeSource> {
    const ccxt = await import('ccxt');
    const exchanges = ccxt.exchanges as unknown as Record<string, new (config: object) => Exchange>;
    if (!Object.hasOwn(exchanges, exchangeId)) throw new Error(`ccxt knows no exchange called ${exchangeId}`);
    const ExchangeClass = exchanges[exchangeId]!;
    const exchange = new ExchangeClass({ enableRateLimit: true });
    // Exchanges such as Binance, OKX and Bybit load their derivatives markets too by default: spot is all we chart.
    const fetchMarkets: unknown = exchange.options['fetchMarkets'];
    if (Array.isArray(fetchMarkets)) exchange.options['fetchMarkets'] = ['spot'];
    else if (Array.isArray((fetchMarkets as { types?: unknown } | undefined)?.types)) {
      exchange.options['fetchMarkets'] = { ...(fetchMarkets as object), types: ['spot'] };
    }
    if (!exchange.has.fetchOHLCV) throw new Error(`${exchangeId} has no candle (OHLCV) API in ccxt`);
    if (baseUrl) exchange.urls.api = rebase(exchange.urls.api, baseUrl) as Exchange['urls']['api'];

    const listed = await exchange.loadMarkets();
    const markets = new Map<MarketSymbol, string>();
    for (const symbol of SYMBOLS) {
      const pair = USD_QUOTES.map((quote) => `${symbol}/${quote}`).find(
        (name) => listed[name]?.active !== false && listed[name],
      );
      if (pair) markets.set(symbol, pair);
    }
    if (markets.size === 0)
      throw new Error(`${exchangeId} lists none of ${SYMBOLS.join(', ')} against USD, USDT or USDC`);
    return new ExchangeSource(exchange, markets);
  }

  async candles(symbol: MarketSymbol, from: number, until: number): Promise<Candle[]> {
    const pair = this.markets.get(symbol);
    if (!pair) return [];
    const candles: Candle[] = [];
    let since = from;
    while (since <= until) {
      const limit = Math.min(PAGE_CANDLES, Math.floor((until - since) / MINUTE_MS) + 1);
      const rows = await this.exchange.fetchOHLCV(pair, '1m', since, limit, { until });
      const page = rows
        .map(toCandle)
        .filter((candle): candle is Candle => candle !== undefined && candle.time >= since && candle.time <= until);
      candles.push(...page);
      if (rows.length < limit || page.length === 0) break;
      since = page.at(-1)!.time + MINUTE_MS;
    }
    return candles;
  }

  async close(): Promise<void> {
    await this.exchange.close();
  }
}
