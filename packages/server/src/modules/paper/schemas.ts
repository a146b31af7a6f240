import { z } from 'zod';
import { hasVisibleCharacters } from '../../http/unshown';
import { isPlainText } from '../../http/validation';
import { named } from '../../openapi/components';
import { SYMBOLS } from '../market/markets';
import { reachabilitySchema, refusalsSchema } from '../signals/webhook-status';
import type { BREAKDOWNS } from './breakdowns';
import { silentAfterMinutes } from '../signals/health-schemas';
import { FILL_MODES, OPPOSITE_SIGNAL_POLICIES, SIDES, SIZING_MODES } from './settings';
import { POSITION_EFFECTS } from './signal';

/**
 * The wire contract of paper trading: strategies, positions, trades, performance, and the outcome every accepted
 * signal gets (routes.ts declares the routes). Settings are validated by settings.ts, whose messages name each
 * setting; these schemas describe them for the reference and the clients.
 */

/** An id as the API writes it: a positive integer in a string. */
export const ID_PATTERN = /^[1-9]\d{0,15}$/;
const id = z.string().regex(ID_PATTERN);
const epochMs = z.int().nonnegative();
const usd = z.number();

export const idParams = z.object({ id: z.string().describe('A positive integer.') });

const bookPosition = z.object({
  position: z.enum(['long', 'flat', 'short']),
  size: z.number().nonnegative().nullable().describe('Unsigned; null when the alert did not say.'),
});

export const outOfSyncSchema = named(
  'OutOfSync',
  z
    .object({
      at: z
        .enum(['before', 'after'])
        .describe(
          "`before`: TradingView's position before the order (`prev_market_position`, `prev_market_position_size`) " +
            "against the paper account's before the signal; `after`: its position after the order (`market_position`, " +
            "`position_size`) against the account's after it.",
        ),
      tradingView: bookPosition.describe("TradingView's position, as the alert gave it."),
      paper: bookPosition.extend({ size: z.number().nonnegative() }).describe("The paper account's position."),
    })
    .describe(
      "The alert's position disagreed with the paper account's: an alert was probably missed (or ignored). Sizes are " +
        'compared only with `signal` sizing. Present only when out of sync; never when the alert gives no position.',
    ),
);

export const outcomeSchema = named(
  'Outcome',
  z
    .discriminatedUnion('status', [
      z.object({
        status: z.literal('executed'),
        side: z.enum(['buy', 'sell']),
        quantity: z.number().positive().describe('Everything the signal traded: for a reversal, closed plus opened.'),
        effect: z
          .enum(POSITION_EFFECTS)
          .nullable()
          .describe(
            'What the order did to the position: open, add, reduce, close, or reverse (close one side, open the other). ' +
              'With `side`: a sell that closes or reduces closes a long. Null for outcomes decided before it was recorded.',
          ),
        closedQuantity: z
          .number()
          .nonnegative()
          .nullable()
          .describe('Of `quantity`, what closed the position that was open (0 when none closed).'),
        openedQuantity: z
          .number()
          .nonnegative()
          .nullable()
          .describe('Of `quantity`, what opened or added to the new position (0 when none opened).'),
        price: z.number().positive().describe('Average fill price, slippage included.'),
        fee: usd,
        slippage: usd.describe('What slippage cost, USD.'),
        filledAt: epochMs,
        latencyMs: z.int().nonnegative().describe('From receipt to the fill (the wait for the open with next_open).'),
        outOfSync: outOfSyncSchema.optional(),
        note: z
          .string()
          .optional()
          .describe(
            'What the order could not do, in words a trader can act on: only for a reversal that closed its position ' +
              'but could not open the other side, e.g. "short not opened: order needs $5,010.00, the account has ' +
              '$4,200.00 available (equity less the margin of open positions)" or "short not opened: stop_loss 95 is ' +
              'below 99.8, the price this short would fill at: a short\'s stop must be above its entry".',
          ),
      }),
      z.object({
        status: z.literal('ignored'),
        reason: z.string().describe('Why nothing was traded, in words a trader can act on.'),
        outOfSync: outOfSyncSchema.optional(),
      }),
      z.object({
        status: z.literal('pending'),
        reason: z.string().describe('The signal waits for the open of the next 1m candle (next_open fills).'),
      }),
    ])
    .describe("What the signal did to its strategy's paper account."),
);

export const settingsSchema = named(
  'StrategySettings',
  z
    .object({
      paperTrading: z.boolean(),
      startingBalance: z.number().positive().describe('USD.'),
      sizing: z.object({
        mode: z.enum(SIZING_MODES),
        value: z
          .number()
          .positive()
          .describe("Quantity (fixed), USD (notional, and signal's fallback) or % (percent)."),
      }),
      sides: z.enum(SIDES),
      onOpposite: z.enum(OPPOSITE_SIGNAL_POLICIES),
      pyramiding: z.boolean(),
      fill: z.enum(FILL_MODES),
      slippageBps: z.number().nonnegative(),
      feeBps: z.number().nonnegative(),
      stopLossPct: z.number().positive().nullable(),
      takeProfitPct: z.number().positive().nullable(),
      maxSignalAgeS: z.int().positive().nullable(),
      allowedTickers: z.array(z.enum(SYMBOLS)).nullable().describe('null: every listed pair.'),
    })
    .describe("A strategy's paper-trading settings (docs/paper-trading.md)."),
);

/** Any subset of the settings; validated by settings.ts, whose messages name the setting and its allowed values. */
const settingsInput = z
  .record(z.string(), z.unknown(), { error: 'Settings must be a JSON object, such as {"feeBps": 10}.' })
  .describe('Any subset of StrategySettings; the rest keep their value (their default for a new strategy).');

/** Control characters (NUL, newlines...) and the text-direction marks, overrides and isolates that reorder text. */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const MAX_STRATEGY_NAME_LENGTH = 64;

const strategyName = z
  .string({ error: 'The name must be text.' })
  .trim()
  .min(1, 'Give the strategy a name.')
  .max(MAX_STRATEGY_NAME_LENGTH, `A strategy name is at most ${MAX_STRATEGY_NAME_LENGTH} characters.`)
  .refine((name) => !UNPRINTABLE.test(name), {
    error: 'A strategy name cannot hold control characters or text-direction overrides.',
  })
  // Half a character would be stored as U+FFFD, and then read as another name than the one checked for repeats.
  .refine(isPlainText, { error: 'A strategy name cannot hold line breaks or broken characters.' })
  .refine((name) => name.length === 0 || hasVisibleCharacters(name), {
    error: 'A strategy name needs at least one character that shows.',
  });

export const createStrategyBody = named(
  'CreateStrategyRequest',
  z.strictObject({ name: strategyName, settings: settingsInput.optional() }),
);

export const updateStrategyBody = named(
  'UpdateStrategyRequest',
  z.strictObject({
    name: strategyName.optional(),
    settings: settingsInput.optional(),
    tradingViewOnly: z
      .boolean({ error: 'tradingViewOnly must be true or false.' })
      .optional()
      .describe(
        "true: the strategy's URL takes alerts from TradingView's addresses only (behind a reverse proxy, TRUST_PROXY must name it).",
      ),
    silentAfterMinutes: silentAfterMinutes.optional(),
  }),
);

export const replayBody = named(
  'ReplayRequest',
  z
    .strictObject({
      settings: settingsInput.optional(),
      dryRun: z
        .boolean({ error: 'dryRun must be true or false.' })
        .optional()
        .describe(
          'true: a preview ("what if my stop had been 2%?"). The account is recomputed with the settings given and ' +
            'summed up, and nothing is saved: not the settings, not the account. Default false.',
        ),
    })
    .describe(
      'Settings for the replay (any subset; the rest keep their current value). Without `dryRun` they are saved as ' +
        "the strategy's settings first, and signals received from then on trade with them; none replays with the " +
        'current ones.',
    ),
);

export const strategySchema = named(
  'Strategy',
  z
    .object({
      id,
      name: z.string(),
      isDefault: z.boolean().describe('The strategy `/api/webhook` acts on: the first one, which cannot be deleted.'),
      webhookUrl: z
        .url()
        .describe(
          "Alerts posted here belong to this strategy (PUBLIC_URL, else the request's origin, as for `GET /api/webhook`).",
        ),
      settings: settingsSchema,
      createdAt: epochMs,
      updatedAt: epochMs,
      rotatedAt: epochMs.nullable(),
      accountOpenedAt: epochMs.describe(
        'When the paper account was opened (created or last reset; a replay keeps it).',
      ),
      tradingViewOnly: z
        .boolean()
        .describe("Whether this strategy's URL takes alerts from TradingView's addresses only."),
      reachability: reachabilitySchema,
      refused: refusalsSchema.describe("Posts to this strategy's URL turned away before anything was stored."),
      alertStrategies: z
        .array(
          z.object({
            name: z.string().describe("The alerts' `strategy` field (TradingView's strategy name)."),
            count: z.int().positive().describe('Accepted alerts with this name among those read.'),
            lastAt: epochMs.describe('When the latest of them arrived.'),
          }),
        )
        .max(10)
        .describe(
          'The TradingView strategies whose alerts reach this URL: the `strategy` field of the accepted alerts among ' +
            "the URL's latest 500 of the last 7 days, most alerts first (at most 10; alerts without one and the app's " +
            'test alerts are left out; names differing only in case, spacing or invisible characters are one). More ' +
            "than one means several TradingView strategies share this strategy's one paper account.",
        ),
      silentAfterMinutes,
    })
    .describe('A strategy: one webhook URL, its settings and its own paper account.'),
);

export const strategyListSchema = named(
  'StrategyList',
  z.object({ data: z.array(strategySchema).describe('Oldest first; the first is the Default.') }),
);

const level = z.number().positive().nullable();

export const positionSchema = named(
  'Position',
  z
    .object({
      id,
      strategyId: id,
      symbol: z.enum(SYMBOLS),
      side: z.enum(['long', 'short']),
      quantity: z.number().positive(),
      entryPrice: z.number().positive().describe('Average entry, weighted by quantity.'),
      markPrice: z.number().positive().describe("The pair's last known price."),
      unrealisedPnl: usd.describe('At the mark, less the entry fees paid.'),
      entryFees: usd,
      stopLoss: level,
      takeProfit: level,
      openedAt: epochMs,
      entrySignalIds: z.array(id),
    })
    .describe('An open position of a paper account.'),
);

export const positionListSchema = named('PositionList', z.object({ data: z.array(positionSchema) }));

export const EXIT_REASONS = ['signal', 'reverse', 'stop_loss', 'take_profit', 'manual'] as const;

export const tradeSchema = named(
  'Trade',
  z
    .object({
      id,
      strategyId: id,
      symbol: z.enum(SYMBOLS),
      side: z.enum(['long', 'short']),
      status: z.enum(['open', 'closed']),
      quantity: z.number().positive(),
      entryPrice: z.number().positive(),
      exitPrice: z.number().positive().nullable(),
      entryFee: usd,
      exitFee: usd.nullable(),
      fees: usd,
      grossPnl: usd.nullable().describe('Price move × quantity, before fees; null while open.'),
      netPnl: usd.nullable().describe('Gross P&L less entry and exit fees; null while open.'),
      returnPct: z.number().nullable().describe('Net P&L as a % of the entry cost; null while open.'),
      openedAt: epochMs,
      closedAt: epochMs.nullable(),
      entrySignalIds: z.array(id),
      exitSignalId: id.nullable().describe('The signal that closed it; null for a stop, target or manual close.'),
      exitReason: z.enum(EXIT_REASONS).nullable(),
    })
    .describe('A trade: a position from entry to exit (open while the position is).'),
);

export const tradePageSchema = named(
  'TradePage',
  z.object({
    data: z.array(tradeSchema).describe('Newest first.'),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next (older) page; null on the last page.'),
  }),
);

/** Query values: an empty parameter counts as not given. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * `?strategy=`: an empty value is refused rather than read as "every strategy" (a form or link that lost its id
 * would otherwise show every strategy's figures as if they were one's); leaving the parameter out means every one.
 */
const strategyParam = z
  .string()
  .min(1, { error: 'strategy is empty: give a strategy id, or leave strategy out for every strategy.', abort: true })
  .regex(ID_PATTERN, 'Must be an id: a positive integer.')
  .optional();
const epochMsParam = z
  .string()
  .regex(/^\d{1,15}$/, 'Must be a time in epoch milliseconds.')
  .transform(Number);

export const strategyQuery = z.object({
  strategy: strategyParam.describe("Only this strategy's (an id from /api/strategies); left out, every strategy."),
});

export const tradesQuery = z.object({
  strategy: strategyParam.describe("Only this strategy's trades; left out, every strategy's."),
  symbol: optional(
    z.preprocess(
      (symbol) => (typeof symbol === 'string' ? symbol.trim().toUpperCase() : symbol),
      z.enum(SYMBOLS, { error: `Symbol must be one of ${SYMBOLS.join(', ')} (any case).` }),
    ),
  ).describe('Only trades of this pair, in any case.'),
  status: optional(z.enum(['open', 'closed'])).describe('Only open or only closed trades.'),
  cursor: optional(z.string().max(100)).describe('The `nextCursor` of the previous page.'),
  limit: optional(
    z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().min(1).max(500)),
  )
    .transform((limit) => limit ?? 100)
    .describe('Trades per page, 1 to 500. Default 100.'),
});

const performanceShape = {
  strategy: strategyParam.describe("Only this strategy's account; left out, every strategy's together."),
  from: optional(epochMsParam).describe('Only trades closed at or after this time, epoch milliseconds.'),
  to: optional(epochMsParam).describe('Only trades closed at or before this time, epoch milliseconds.'),
};

const fromNotAfterTo = (query: { from?: number; to?: number }) =>
  query.from === undefined || query.to === undefined || query.from <= query.to;
const toBeforeFrom = { message: 'The to field must be a time at or after from.', path: ['to'] };

export const performanceQuery = z.object(performanceShape).refine(fromNotAfterTo, toBeforeFrom);

const BREAKDOWN_PARAMS = ['pair', 'strategy', 'exit_reason', 'day', 'week', 'month'] as const;
export const breakdownParam = (by: (typeof BREAKDOWN_PARAMS)[number]): (typeof BREAKDOWNS)[number] =>
  by === 'exit_reason' ? 'exitReason' : by;

export const breakdownQuery = z
  .object({
    ...performanceShape,
    by: z
      .enum(BREAKDOWN_PARAMS, { error: `By must be one of ${BREAKDOWN_PARAMS.join(', ')}.` })
      .describe('What to group the closed trades by.'),
  })
  .refine(fromNotAfterTo, toBeforeFrom);

const ratio = z
  .union([z.number(), z.literal('Infinity')])
  .nullable()
  .describe('"Infinity" when infinite (no losses); null when there is nothing to compute it from.');

const tradeStatsShape = {
  tradeCount: z.int().nonnegative(),
  wins: z.int().nonnegative(),
  losses: z.int().nonnegative(),
  draws: z.int().nonnegative().describe('Break-even trades (net P&L exactly 0).'),
  winRate: z.number().nullable().describe('wins / tradeCount, 0 to 1.'),
  netPnl: usd,
  grossProfit: usd,
  grossLoss: usd,
  profitFactor: ratio,
  fees: usd,
  expectancy: usd.nullable(),
  averageWin: usd.nullable(),
  averageLoss: usd.nullable(),
  best: usd.nullable(),
  worst: usd.nullable(),
  averageDurationMs: z.number().nullable(),
};

export const performanceSchema = named(
  'Performance',
  z
    .object({
      ...tradeStatsShape,
      startingBalance: usd,
      equity: usd,
      realisedPnl: usd,
      unrealisedPnl: usd,
      returnPct: z.number(),
      maxDrawdown: usd,
      maxDrawdownPct: z.number(),
      currentDrawdown: usd,
      currentDrawdownPct: z.number(),
      sharpe: z.number().nullable(),
      sortino: ratio,
    })
    .describe('The metrics of docs/paper-trading.md, for one strategy or every strategy together.'),
);

export const equityCurveSchema = named(
  'EquityCurve',
  z.object({
    data: z
      .array(
        z.object({
          time: epochMs,
          equity: usd,
          drawdown: usd.describe('Below the highest equity so far, USD.'),
          drawdownPct: z.number(),
        }),
      )
      .describe('Oldest first: the starting balance, then the equity after every fill, and now.'),
  }),
);

export const breakdownSchema = named(
  'Breakdown',
  z.object({
    data: z.array(
      z
        .object({
          key: z
            .string()
            .describe('The pair, strategy id, exit reason, day (2026-11-23), ISO week (2026-W48) or month.'),
          ...tradeStatsShape,
        })
        .describe('The closed trades of one group.'),
    ),
  }),
);

export const replayResultSchema = named(
  'ReplayResult',
  z
    .object({
      dryRun: z.boolean().describe('true: a preview; nothing was saved or changed.'),
      settingsSaved: z
        .boolean()
        .describe(
          "true: the `settings` given were saved as the strategy's settings (signals received from now on trade " +
            'with them). Always false for a dry run.',
        ),
      settings: settingsSchema.describe('The settings the account was recomputed with.'),
      strategy: strategySchema.describe('The strategy as it now is (unchanged by a dry run).'),
      signals: z.int().nonnegative().describe('Signals replayed.'),
      trades: z.int().nonnegative().describe('Closed trades after the replay.'),
      manualCloses: z
        .object({
          applied: z.int().nonnegative().describe('Positions closed by hand that the replay closed again.'),
          skipped: z
            .int()
            .nonnegative()
            .describe('Manual closes with no position in their pair at that point of the replay (other settings).'),
        })
        .describe("The account's positions closed by hand since it opened, repeated where the trader made them."),
      performance: performanceSchema.describe(
        "The recomputed account's metrics (for a dry run, what they would be: trade count, net P&L, win rate, " +
          'max drawdown...).',
      ),
    })
    .describe("The strategy's account, recomputed from its stored signals, candles and manual closes."),
);

export type Outcome = z.output<typeof outcomeSchema>;
export type OutOfSync = z.output<typeof outOfSyncSchema>;
export type StrategySettingsJson = z.output<typeof settingsSchema>;
export type Strategy = z.output<typeof strategySchema>;
export type StrategyList = z.output<typeof strategyListSchema>;
export type CreateStrategyRequest = z.input<typeof createStrategyBody>;
export type UpdateStrategyRequest = z.input<typeof updateStrategyBody>;
export type ReplayRequest = z.input<typeof replayBody>;
export type ReplayResult = z.output<typeof replayResultSchema>;
export type Position = z.output<typeof positionSchema>;
export type PositionList = z.output<typeof positionListSchema>;
export type Trade = z.output<typeof tradeSchema>;
export type TradePage = z.output<typeof tradePageSchema>;
export type TradesQuery = z.input<typeof tradesQuery>;
export type Performance = z.output<typeof performanceSchema>;
export type PerformanceQuery = z.input<typeof performanceQuery>;
export type EquityCurve = z.output<typeof equityCurveSchema>;
export type Breakdown = z.output<typeof breakdownSchema>;
export type BreakdownQuery = z.input<typeof breakdownQuery>;
export type ExitReason = (typeof EXIT_REASONS)[number];
