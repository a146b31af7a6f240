import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERVAL_MS, type Candle } from './markets';

/*
 * A stand-in for Binance's public spot API, for tests: the two endpoints ccxt calls to chart a pair, answering
 * in Binance's documented formats (https://developers.binance.com/docs/binance-spot-api-docs/rest-api):
 * - GET /api/v3/exchangeInfo: the markets (only what ccxt reads to load spot markets);
 * - GET /api/v3/klines?symbol&interval&startTime&endTime&limit: candles as arrays of
 *   [open time, "open", "high", "low", "close", "volume", close time, "quote volume", trades,
 *   "taker buy base volume", "taker buy quote volume", "0"], prices and quantities as strings.
 */

const MINUTE_MS = INTERVAL_MS['1m'];
const PAIRS = {
  BTCUSDT: ['BTC', 65_000],
  ETHUSDT: ['ETH', 3_000],
  SOLUSDT: ['SOL', 150],
  ETHBTC: ['ETH', 0.05],
} as const;
type Pair = keyof typeof PAIRS;

/** A deterministic price path: a slow daily wave with a faster ripple on top. */
function priceAt(pair: Pair, time: number): number {
  const base = PAIRS[pair][1];
  const hours = time / INTERVAL_MS['1h'];
  return Number(
    (base * (1 + 0.02 * Math.sin(hours / 3.8) + 0.002 * Math.sin(hours * 7.3))).toFixed(pair === 'ETHBTC' ? 6 : 2),
  );
}

/** The stand-in's 1m candle of `pair` starting at `time`, as it stands at `now` (still forming if now is within it). */
export function standInCandle(pair: Pair, time: number, now: number): Candle {
  const end = Math.min(time + MINUTE_MS, now);
  const open = priceAt(pair, time);
  const close = priceAt(pair, end);
  const elapsed = (end - time) / MINUTE_MS;
  return {
    time,
    open,
    high: Number((Math.max(open, close) * 1.0004).toFixed(6)),
    low: Number((Math.min(open, close) * 0.9996).toFixed(6)),
    close,
    volume: Number(((5 + ((time / MINUTE_MS) % 13)) * elapsed).toFixed(5)),
  };
}

function symbolInfo(pair: Pair) {
  const [baseAsset] = PAIRS[pair];
  return {
    symbol: pair,
    status: 'TRADING',
    baseAsset,
    baseAssetPrecision: 8,
    quoteAsset: pair.slice(baseAsset.length),
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    baseCommissionPrecision: 8,
    quoteCommissionPrecision: 8,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
    icebergAllowed: true,
    ocoAllowed: true,
    otoAllowed: true,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: true,
    cancelReplaceAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: true,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: '0.01000000', maxPrice: '1000000.00000000', tickSize: '0.01000000' },
      { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '9000.00000000', stepSize: '0.00001000' },
      {
        filterType: 'NOTIONAL',
        minNotional: '5.00000000',
        applyMinToMarket: true,
        maxNotional: '9000000.00000000',
        applyMaxToMarket: false,
        avgPriceMins: 5,
      },
    ],
    permissions: [],
    permissionSets: [['SPOT', 'MARGIN']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
  };
}

export interface BinanceStandInOptions {
  /** The stand-in's clock: no kline opens after it, and the one holding it is still forming. */
  now: () => number;
  /** The first minute it has candles for. */
  listedSince: number;
}

export interface BinanceStandIn {
  /** The base URL, for EXCHANGE_URL. */
  url: string;
  /** Every request received, in order. */
  requests: URL[];
  close(): Promise<void>;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
}

function klines(query: URLSearchParams, options: BinanceStandInOptions, response: ServerResponse): void {
  const pair = query.get('symbol');
  if (!pair)
    return sendJson(response, 400, {
      code: -1102,
      msg: "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.",
    });
  if (!Object.hasOwn(PAIRS, pair)) return sendJson(response, 400, { code: -1121, msg: 'Invalid symbol.' });
  if (query.get('interval') !== '1m') return sendJson(response, 400, { code: -1120, msg: 'Invalid interval.' });
  const limit = Number(query.get('limit') ?? 500);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    return sendJson(response, 400, { code: -1130, msg: 'Invalid data sent for a parameter.' });
  }
  const now = options.now();
  const last = Math.min(now - (now % MINUTE_MS), query.has('endTime') ? Number(query.get('endTime')) : Infinity);
  const startTime = query.has('startTime') ? Number(query.get('startTime')) : undefined;
  // With a start time, the first `limit` klines from it; without, the latest `limit` up to the end.
  const alignedStart = startTime === undefined ? undefined : Math.ceil(startTime / MINUTE_MS) * MINUTE_MS;
  const first = Math.max(options.listedSince, alignedStart ?? last - (limit - 1) * MINUTE_MS);
  const rows = [];
  for (let time = first; time <= last && rows.length < limit; time += MINUTE_MS) {
    const candle = standInCandle(pair as Pair, time, now);
    const quoteVolume = candle.volume * candle.close;
    rows.push([
      time,
      candle.open.toFixed(8),
      candle.high.toFixed(8),
      candle.low.toFixed(8),
      candle.close.toFixed(8),
      candle.volume.toFixed(8),
      time + MINUTE_MS - 1,
      quoteVolume.toFixed(8),
      Math.round(candle.volume * 40),
      (candle.volume / 2).toFixed(8),
      (quoteVolume / 2).toFixed(8),
      '0',
    ]);
  }
  sendJson(response, 200, rows);
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startBinanceStandIn(options: BinanceStandInOptions): Promise<BinanceStandIn> {
  const requests: URL[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(url);
    if (request.method !== 'GET') return sendJson(response, 405, { code: -1, msg: 'Method not allowed.' });
    if (url.pathname === '/api/v3/exchangeInfo') {
      return sendJson(response, 200, {
        timezone: 'UTC',
        serverTime: options.now(),
        rateLimits: [
          { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 },
          { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
          { rateLimitType: 'RAW_REQUESTS', interval: 'MINUTE', intervalNum: 5, limit: 61000 },
        ],
        exchangeFilters: [],
        symbols: (Object.keys(PAIRS) as Pair[]).map(symbolInfo),
      });
    }
    if (url.pathname === '/api/v3/klines') return klines(url.searchParams, options, response);
    sendJson(response, 404, { code: -1, msg: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
