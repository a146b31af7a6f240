import type { AppModule } from '../../context';
import { notFound } from '../../http/errors';
import { candle } from '../../openapi/examples';
import { ERRORS, errorResponse, jsonResponse } from '../../openapi/registry';
import { DemoSource } from './demo-source';
import { ExchangeSource } from './exchange-source';
import { MarketFeed, PERSIST_FORMING_MS } from './feed';
import { PostgresLeadership, SoleLeadership } from './leadership';
import { findMarket, INTERVALS, MARKETS } from './markets';
import { candlesQuery, candlesSchema, marketListSchema, symbolParams } from './schemas';
import { readCandles } from './store';

/**
 * Market data: the pairs and their candles (signed-in users only), and the feed that keeps the candles current
 * (a background service; see feed.ts).
 */
export const marketRoutes: AppModule = async (app, { config, database, clock, services, requireAuth }) => {
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

  app.get(
    '/api/markets',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'listMarkets',
        summary: 'List the markets',
        description: 'The pairs SignalDeck charts, the intervals it offers, and where the candles come from.',
        tags: ['Market data'],
        response: {
          200: jsonResponse('The markets.', marketListSchema, {
            data: [...MARKETS],
            intervals: [...INTERVALS],
            source: 'demo',
          }),
          401: ERRORS.unauthenticated,
          503: ERRORS.unavailable,
        },
      },
    },
    async () => ({ data: [...MARKETS], intervals: INTERVALS, source: config.marketSource }),
  );

  app.get(
    '/api/markets/:symbol/candles',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'listCandles',
        summary: 'List candles',
        description: [
          'The latest `limit` candles of the pair at `interval` (before `before`, when given), oldest first.',
          `The newest candle is still forming: it is stored every ${PERSIST_FORMING_MS / 1000} seconds, while the live stream carries each tick.`,
        ].join(' '),
        tags: ['Market data'],
        params: symbolParams,
        querystring: candlesQuery,
        response: {
          200: jsonResponse('The candles.', candlesSchema, {
            symbol: 'BTC',
            interval: '1h',
            candles: [
              candle(1749027600000, 84611.02, 84943.46, 501.2291),
              candle(1749031200000, 84943.46, 84469.97, 492.38248),
            ],
          }),
          401: ERRORS.unauthenticated,
          404: errorResponse('No such pair.', { message: 'Unknown market: XYZ' }),
          422: errorResponse('An invalid parameter.', {
            message: 'The selected interval is invalid.',
            errors: { interval: ['The selected interval is invalid.'] },
          }),
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => {
      const market = findMarket(request.params.symbol);
      if (!market) throw notFound(`Unknown market: ${request.params.symbol.toUpperCase()}`);
      const { interval, limit, before } = request.query;
      const candles = await readCandles(database.db, { symbol: market.symbol, interval, limit, before });
      return { symbol: market.symbol, interval, candles };
    },
  );
};
