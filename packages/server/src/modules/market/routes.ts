import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validation';
import { DemoSource } from './demo-source';
import { ExchangeSource } from './exchange-source';
import { MarketFeed } from './feed';
import { PostgresLeadership, SoleLeadership } from './leadership';
import { DEFAULT_INTERVAL, findMarket, INTERVALS, MARKETS } from './markets';
import { readCandles } from './store';

export const DEFAULT_CANDLE_LIMIT = 300;
export const MAX_CANDLE_LIMIT = 1_000;

const wholeNumber = (field: string, maxDigits: number) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${maxDigits}}$`), `The ${field} field must be a whole number.`)
    .transform(Number);

export const candlesQuery = z.object({
  interval: z.enum(INTERVALS).default(DEFAULT_INTERVAL),
  limit: wholeNumber('limit', 9).pipe(z.number().min(1).max(MAX_CANDLE_LIMIT)).default(DEFAULT_CANDLE_LIMIT),
  /** Epoch milliseconds; 15 digits reach far past any candle. */
  before: wholeNumber('before', 15).optional(),
});

/**
 * Market data: the pairs and their candles (signed-in users only), and the feed that keeps the candles current
 * (a background service; see feed.ts).
 */
export const marketRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { config, database, clock, services, requireAuth },
) => {
  services.add(
    new MarketFeed({
      db: database.db,
      createSource: async () =>
        config.marketSource === 'exchange'
          ? ExchangeSource.connect({ exchangeId: config.exchangeId, baseUrl: config.exchangeUrl })
          : new DemoSource(),
      leadership:
        database.dialect === 'postgres' && config.databaseUrl
          ? new PostgresLeadership(config.databaseUrl, app.log)
          : new SoleLeadership(),
      publisher: app.stream,
      clock,
      log: app.log,
    }),
  );

  app.get('/api/markets', { preHandler: requireAuth }, async () => ({
    data: MARKETS,
    intervals: INTERVALS,
    source: config.marketSource,
  }));

  app.get<{ Params: { symbol: string } }>(
    '/api/markets/:symbol/candles',
    { preHandler: requireAuth },
    async (request) => {
      const market = findMarket(request.params.symbol);
      if (!market) throw notFound(`Unknown market: ${request.params.symbol.toUpperCase()}`);
      const { interval, limit, before } = parseInput(candlesQuery, request.query);
      const candles = await readCandles(database.db, { symbol: market.symbol, interval, limit, before });
      return { symbol: market.symbol, interval, candles };
    },
  );
};
