import type { AppModule } from '../../context';
import { notFound, tooManyRequests } from '../../http/errors';
import { shownShort } from '../../http/unshown';
import { candle } from '../../openapi/examples';
import { ERRORS, errorResponse, jsonResponse, rateLimited } from '../../openapi/registry';
import { authenticatedUser } from '../auth/require-auth';
import { FixedWindowRateLimiter } from '../signals/rate-limiter';
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

  // A chart asks for a few pages when it opens and one per screenful panned back; a flood of 1,000-candle reads
  // from one account would slow every other trader's requests down.
  const candleReads = new FixedWindowRateLimiter(config.rateLimits.candlesPerMinute, 60_000, clock);

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
          `Each user may ask RATE_LIMIT_CANDLES_PER_MINUTE times a minute (default 600).`,
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
          429: rateLimited(
            'Too many candle requests from this account.',
            'Too many candle requests. Please try again in 12 seconds.',
          ),
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => {
      const retryAfterMs = candleReads.take(String(authenticatedUser(request).id));
      if (retryAfterMs > 0) {
        const seconds = Math.ceil(retryAfterMs / 1000);
        throw tooManyRequests(`Too many candle requests. Please try again in ${seconds} seconds.`, seconds);
      }
      const market = findMarket(request.params.symbol);
      if (!market) throw notFound(`Unknown market: ${shownShort(request.params.symbol)}`);
      const { interval, limit, before } = request.query;
      const candles = await readCandles(database.db, { symbol: market.symbol, interval, limit, before });
      return { symbol: market.symbol, interval, candles };
    },
  );
};
