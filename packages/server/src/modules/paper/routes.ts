import type { FastifyRequest } from 'fastify';
import type { AppModule } from '../../context';
import { ACCOUNT_BUSY_RESPONSE } from '../../http/account-queue';
import { notFound } from '../../http/errors';
import { position, trade, webhookUrl as exampleUrl } from '../../openapi/examples';
import { ERRORS, errorResponse, jsonResponse, noContent } from '../../openapi/registry';
import { authenticatedUser } from '../auth/require-auth';
import { sharedRefusalCounter } from '../signals/refusals';
import { WebhookSecrets } from '../signals/webhook-secrets';
import { webhookUrl } from '../signals/webhook-url';
import { BREAKDOWNS } from './breakdowns';
import { PaperExecutor } from './executor';
import {
  breakdownParam,
  breakdownQuery,
  breakdownSchema,
  createStrategyBody,
  equityCurveSchema,
  ID_PATTERN,
  idParams,
  performanceQuery,
  performanceSchema,
  positionListSchema,
  replayBody,
  replayResultSchema,
  strategyListSchema,
  strategyQuery,
  strategySchema,
  tradePageSchema,
  tradeSchema,
  tradesQuery,
  updateStrategyBody,
} from './schemas';
import { MAX_STRATEGIES, PaperService, POSITION_NOT_FOUND, STRATEGY_NOT_FOUND } from './service';
import { DEFAULT_SETTINGS } from './settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The paper executor: the signals module wakes it after each ingest batch with accepted signals. */
    paper: PaperExecutor;
  }
}

const exampleStrategy = {
  id: '3',
  name: 'Default',
  isDefault: true,
  webhookUrl: exampleUrl,
  settings: { ...DEFAULT_SETTINGS, sizing: { ...DEFAULT_SETTINGS.sizing } },
  createdAt: 1748995200000,
  updatedAt: 1748995200000,
  rotatedAt: null,
  accountOpenedAt: 1748995200000,
  tradingViewOnly: false,
  reachability: { ok: true, problems: [] },
  refused: { count: 2, lastAt: 1748998800000, byStatus: { '429': 2 } },
  alertStrategies: [{ name: 'Breakout 4h', count: 12, lastAt: 1748998800000 }],
  silentAfterMinutes: 1440,
};
const stats = {
  tradeCount: 1,
  wins: 1,
  losses: 0,
  draws: 0,
  winRate: 1,
  netPnl: 13.368696,
  grossProfit: 13.368696,
  grossLoss: 0,
  profitFactor: 'Infinity' as const,
  fees: 2.015304,
  expectancy: 13.368696,
  averageWin: 13.368696,
  averageLoss: null,
  best: 13.368696,
  worst: 13.368696,
  averageDurationMs: 3599696,
};
const examplePerformance = {
  ...stats,
  startingBalance: 10000,
  equity: 10013.368696,
  realisedPnl: 13.368696,
  unrealisedPnl: 0,
  returnPct: 0.13368696,
  maxDrawdown: 0.99996,
  maxDrawdownPct: 0.0099996,
  currentDrawdown: 0,
  currentDrawdownPct: 0,
  sharpe: null,
  sortino: null,
};

const strategyNotFound = errorResponse("No such strategy among the user's.", { message: STRATEGY_NOT_FOUND });
const nameTaken = errorResponse("Invalid input, or the name of another of the trader's strategies.", {
  message: 'You already have a strategy named "Breakout".',
  errors: { name: ['You already have a strategy named "Breakout".'] },
});

const TAG = 'Paper trading' as const;

/** A path id that cannot name a row (`0`, `-1`, 21 digits) is not found, like another user's, in the same words. */
const pathId = (id: string, notFoundMessage: string) => {
  if (!ID_PATTERN.test(id)) throw notFound(notFoundMessage);
  return Number(id);
};
const strategyId = (id: string) => pathId(id, STRATEGY_NOT_FOUND);
const queryId = (id: string | undefined) => (id === undefined ? undefined : Number(id));

/**
 * Paper trading: the user's strategies (each with its own webhook URL, settings and paper account), the open
 * positions, the trades and the performance, and the executor that gives every accepted signal its outcome.
 */
export const paperPlugin: AppModule = async (
  app,
  { config, database, clock, requireAuth, services, webhookRateLimiter, accountQueue },
) => {
  const executor = new PaperExecutor({
    db: database.db,
    dialect: database.dialect,
    clock,
    publish: (events) => void app.stream.publishAll(Array.isArray(events) ? events : [events]),
    log: app.log,
    writeGate: database.writeGate,
  });
  services.add(executor);
  app.decorate('paper', executor);
  const secrets = new WebhookSecrets(database.db, clock, config.webhookSecretKeys, (previous, next) =>
    webhookRateLimiter.carry(previous, next),
  );
  const refusals = sharedRefusalCounter(database.db, clock, (error) =>
    app.log.error({ err: error }, 'counting refused webhook posts failed'),
  );
  const paper = new PaperService({ db: database.db, dialect: database.dialect, secrets, executor, clock, refusals });
  const urlFor = (request: FastifyRequest) => (token: string) => webhookUrl(request, config.publicUrl, token);

  const auth = { preValidation: requireAuth };
  const common = { 401: ERRORS.unauthenticated, 503: ERRORS.unavailable };
  const withBody = {
    400: ERRORS.malformedJson,
    413: ERRORS.payloadTooLarge,
    415: ERRORS.unsupportedMediaType,
    422: ERRORS.validationFailed,
  };

  app.get(
    '/api/strategies',
    {
      ...auth,
      schema: {
        operationId: 'listStrategies',
        summary: 'List strategies',
        description: "The signed-in user's strategies, oldest first; the first is the Default (`/api/webhook`'s URL).",
        tags: [TAG],
        response: { 200: jsonResponse('The strategies.', strategyListSchema, { data: [exampleStrategy] }), ...common },
      },
    },
    async (request) => ({ data: await paper.list(authenticatedUser(request).id, urlFor(request)) }),
  );

  app.post(
    '/api/strategies',
    {
      ...auth,
      schema: {
        operationId: 'createStrategy',
        summary: 'Create a strategy',
        description: [
          `Creates a strategy with its own webhook URL and an empty paper account. A trader has at most`,
          `${MAX_STRATEGIES}. Settings not given take their default. Its name differs from the trader's other`,
          `strategies' names, compared trimmed and whatever their case ("breakout " is "Breakout"): a name they`,
          `already use is a 422 on \`name\`. Another trader may use it.`,
        ].join(' '),
        tags: [TAG],
        body: createStrategyBody,
        bodyExample: { name: 'Breakout', settings: { stopLossPct: 2, sizing: { mode: 'notional', value: 500 } } },
        response: {
          201: jsonResponse('The new strategy.', strategySchema, { ...exampleStrategy, id: '4', name: 'Breakout' }),
          ...withBody,
          422: nameTaken,
          ...common,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await paper.create(authenticatedUser(request).id, request.body, urlFor(request))),
  );

  app.get(
    '/api/strategies/:id',
    {
      ...auth,
      schema: {
        operationId: 'getStrategy',
        summary: 'Get a strategy',
        description: 'One strategy: its webhook URL and settings.',
        tags: [TAG],
        params: idParams,
        response: {
          200: jsonResponse('The strategy.', strategySchema, exampleStrategy),
          404: strategyNotFound,
          ...common,
        },
      },
    },
    async (request) => paper.get(authenticatedUser(request).id, strategyId(request.params.id), urlFor(request)),
  );

  app.patch(
    '/api/strategies/:id',
    {
      ...auth,
      schema: {
        operationId: 'updateStrategy',
        summary: 'Change a strategy',
        description: [
          'Renames the strategy and/or changes any subset of its settings; `null` unsets a nullable setting. Signals',
          'received from now on use the new settings; the starting balance takes effect at the next reset or replay.',
          "A new name must not be another of the trader's strategies' names (compared trimmed, whatever their",
          'case and without characters drawn as nothing): that is a 422 on `name`, and nothing changes. Its own',
          'name, or a change of its case, is fine. A body that names nothing (`{}`), or only the values the strategy',
          'already has, changes nothing, `updatedAt` included.',
        ].join(' '),
        tags: [TAG],
        params: idParams,
        body: updateStrategyBody,
        bodyExample: { settings: { stopLossPct: 2, feeBps: 5 } },
        response: {
          200: jsonResponse('The strategy as it now is.', strategySchema, exampleStrategy),
          404: strategyNotFound,
          ...withBody,
          422: nameTaken,
          ...common,
        },
      },
    },
    async (request) =>
      paper.update(authenticatedUser(request).id, strategyId(request.params.id), request.body, urlFor(request)),
  );

  app.delete(
    '/api/strategies/:id',
    {
      ...auth,
      schema: {
        operationId: 'deleteStrategy',
        summary: 'Delete a strategy',
        description:
          'Deletes the strategy, its URL, its signals and its paper account. The last one cannot be deleted.',
        tags: [TAG],
        params: idParams,
        response: {
          204: noContent('Deleted.'),
          404: strategyNotFound,
          409: errorResponse('It is the only strategy left.', {
            message: 'This is your only strategy: a trader keeps at least one. Create another first.',
          }),
          ...common,
        },
      },
    },
    async (request, reply) => {
      await paper.delete(authenticatedUser(request).id, strategyId(request.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/strategies/:id/rotate',
    {
      ...auth,
      schema: {
        operationId: 'rotateStrategyUrl',
        summary: "Rotate a strategy's URL",
        description: 'Gives the strategy a new webhook URL; the old one is answered 404 from now on.',
        tags: [TAG],
        params: idParams,
        response: {
          200: jsonResponse('The strategy with its new URL.', strategySchema, {
            ...exampleStrategy,
            rotatedAt: 1749033000000,
          }),
          404: strategyNotFound,
          ...common,
        },
      },
    },
    async (request) => paper.rotate(authenticatedUser(request).id, strategyId(request.params.id), urlFor(request)),
  );

  app.post(
    '/api/strategies/:id/reset',
    {
      ...auth,
      schema: {
        operationId: 'resetStrategy',
        summary: "Reset a strategy's paper account",
        description: [
          "Empties the paper account: positions, trades and equity go, the balance is the strategy's starting",
          'balance, and only signals received from now on trade in it. Signals keep their outcomes.',
        ].join(' '),
        tags: [TAG],
        params: idParams,
        response: {
          200: jsonResponse('The strategy, with its account opened now.', strategySchema, exampleStrategy),
          404: strategyNotFound,
          ...common,
        },
      },
    },
    async (request) => paper.reset(authenticatedUser(request).id, strategyId(request.params.id), urlFor(request)),
  );

  app.post(
    '/api/strategies/:id/replay',
    {
      ...auth,
      schema: {
        operationId: 'replayStrategy',
        summary: "Replay a strategy's signals",
        description: [
          "Recomputes the paper account from the strategy's stored signals since the account opened, the stored 1m",
          'candles and the positions closed by hand (each closed again where the trader closed it, at the price they',
          "got). Without `dryRun`, the `settings` given are **saved as the strategy's settings** first (signals",
          'received from then on trade with them; the answer says `settingsSaved`), and trades, positions, equity and',
          "those signals' outcomes are replaced. With unchanged settings the account stays as it was, ids included (a",
          'trade or position the replay reproduces keeps its id). With `dryRun: true` nothing is saved or changed: the',
          'answer is the account the settings would give ("what if my',
          'stop had been 2%?"), summed up in `performance`.',
        ].join(' '),
        tags: [TAG],
        params: idParams,
        body: replayBody,
        bodyExample: { settings: { stopLossPct: 2 }, dryRun: true },
        response: {
          200: jsonResponse('The recomputed account (for a dry run, the preview).', replayResultSchema, {
            dryRun: true,
            settingsSaved: false,
            settings: { ...exampleStrategy.settings, stopLossPct: 2 },
            strategy: exampleStrategy,
            signals: 2,
            trades: 1,
            manualCloses: { applied: 0, skipped: 0 },
            performance: examplePerformance,
          }),
          404: strategyNotFound,
          ...withBody,
          ...common,
          429: ACCOUNT_BUSY_RESPONSE,
        },
      },
    },
    async (request) => {
      const userId = authenticatedUser(request).id;
      // What happened live up to the replay (the account caught up with the executor) is told before the replay
      // rewrites it, since the planner leaves out what a replay decided: a trade made a second before is news. A
      // failed scan (logged by the planner) does not stop the replay.
      const tellLive = async () => {
        await app.notifications?.planner.run().catch(() => {});
      };
      return accountQueue.run(userId, () =>
        paper.replay(userId, strategyId(request.params.id), request.body, urlFor(request), tellLive),
      );
    },
  );

  app.get(
    '/api/positions',
    {
      ...auth,
      schema: {
        operationId: 'listPositions',
        summary: 'List open positions',
        description: "The open positions of the user's paper accounts, marked to the last finished 1m candle.",
        tags: [TAG],
        querystring: strategyQuery,
        response: {
          200: jsonResponse('The open positions.', positionListSchema, {
            data: [position],
          }),
          404: strategyNotFound,
          422: ERRORS.validationFailed,
          ...common,
        },
      },
    },
    async (request) => ({
      data: await paper.positions(authenticatedUser(request).id, queryId(request.query.strategy)),
    }),
  );

  app.post(
    '/api/positions/:id/close',
    {
      ...auth,
      schema: {
        operationId: 'closePosition',
        summary: 'Close a position at market',
        description: [
          "Closes the whole position at the last market price (with the strategy's slippage and fee). The close is",
          "kept with the account: a replay closes the position again at the same point of the account's timeline.",
        ].join(' '),
        tags: [TAG],
        params: idParams,
        response: {
          200: jsonResponse('The closed trade.', tradeSchema, {
            ...trade,
            exitReason: 'manual',
            exitSignalId: null,
          }),
          404: errorResponse("No such open position among the user's.", {
            message: 'Position not found (or already closed).',
          }),
          409: errorResponse('No market price to close at.', {
            message: 'The position cannot be closed now: no market data for BTC.',
          }),
          ...common,
        },
      },
    },
    async (request) =>
      paper.closePosition(authenticatedUser(request).id, pathId(request.params.id, POSITION_NOT_FOUND)),
  );

  app.get(
    '/api/trades',
    {
      ...auth,
      schema: {
        operationId: 'listTrades',
        summary: 'List trades',
        description: [
          "The user's paper trades, newest first, a page at a time (open ones are the open positions). Trades made",
          'while paging do not shift the pages: follow `nextCursor` until it is null.',
        ].join(' '),
        tags: [TAG],
        querystring: tradesQuery,
        response: {
          200: jsonResponse('A page of trades.', tradePageSchema, { data: [trade], nextCursor: null }),
          404: strategyNotFound,
          422: ERRORS.validationFailed,
          ...common,
        },
      },
    },
    async (request) => {
      const { strategy, ...query } = request.query;
      return paper.trades(authenticatedUser(request).id, { ...query, strategy: queryId(strategy) });
    },
  );

  app.get(
    '/api/performance',
    {
      ...auth,
      schema: {
        operationId: 'getPerformance',
        summary: 'Get performance metrics',
        description: [
          'The metrics of docs/paper-trading.md for one strategy, or every strategy together. `from` and `to` limit',
          'the closed trades counted; equity, drawdown, Sharpe and Sortino read the whole equity curve.',
        ].join(' '),
        tags: [TAG],
        querystring: performanceQuery,
        response: {
          200: jsonResponse('The metrics.', performanceSchema, examplePerformance),
          404: strategyNotFound,
          422: ERRORS.validationFailed,
          ...common,
          429: ACCOUNT_BUSY_RESPONSE,
        },
      },
    },
    async (request) => {
      const { strategy, ...query } = request.query;
      const userId = authenticatedUser(request).id;
      return accountQueue.run(userId, () => paper.performance(userId, { ...query, strategy: queryId(strategy) }));
    },
  );

  app.get(
    '/api/performance/equity',
    {
      ...auth,
      schema: {
        operationId: 'getEquityCurve',
        summary: 'Get the equity curve',
        description: 'Equity after every fill, with its drawdown, from the account opening to now.',
        tags: [TAG],
        querystring: performanceQuery,
        response: {
          200: jsonResponse('The curve.', equityCurveSchema, {
            data: [
              { time: 1748995200000, equity: 10000, drawdown: 0, drawdownPct: 0 },
              { time: 1749033000412, equity: 9999.00004, drawdown: 0.99996, drawdownPct: 0.0099996 },
              { time: 1749036600108, equity: 10013.368696, drawdown: 0, drawdownPct: 0 },
            ],
          }),
          404: strategyNotFound,
          422: ERRORS.validationFailed,
          ...common,
          429: ACCOUNT_BUSY_RESPONSE,
        },
      },
    },
    async (request) => {
      const { strategy, ...query } = request.query;
      const userId = authenticatedUser(request).id;
      return accountQueue.run(userId, () => paper.equityCurve(userId, { ...query, strategy: queryId(strategy) }));
    },
  );

  app.get(
    '/api/performance/breakdown',
    {
      ...auth,
      schema: {
        operationId: 'getPerformanceBreakdown',
        summary: 'Get a performance breakdown',
        description: `The closed trades' statistics grouped by ${BREAKDOWNS.join(', ')}.`,
        tags: [TAG],
        querystring: breakdownQuery,
        response: {
          200: jsonResponse('One row per group.', breakdownSchema, { data: [{ key: 'BTC', ...stats }] }),
          404: strategyNotFound,
          422: ERRORS.validationFailed,
          ...common,
          429: ACCOUNT_BUSY_RESPONSE,
        },
      },
    },
    async (request) => {
      const { strategy, by, ...query } = request.query;
      const userId = authenticatedUser(request).id;
      return accountQueue.run(userId, () =>
        paper.breakdown(userId, { ...query, strategy: queryId(strategy), by: breakdownParam(by) }),
      );
    },
  );
};

/** Registered in the app's scope (like the stream module), so the signals module can reach `app.paper`. */
export const paperRoutes = Object.assign(paperPlugin, { [Symbol.for('skip-override')]: true });
