import { z } from 'zod';
import { named } from '../../openapi/components';
import { DEFAULT_INTERVAL, INTERVALS, SYMBOLS, type Candle } from './markets';

/** The wire contract of the market routes: what they take and what they answer (routes.ts declares the routes). */

export const DEFAULT_CANDLE_LIMIT = 300;
export const MAX_CANDLE_LIMIT = 1_000;

const symbolSchema = z.enum(SYMBOLS);
const intervalSchema = z.enum(INTERVALS);

const wholeNumber = (field: string, maxDigits: number) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${maxDigits}}$`), `The ${field} field must be a whole number.`)
    .transform(Number);

export const symbolParams = z.object({
  symbol: z.string().describe('The pair: BTC, ETH or SOL, in any case.'),
});

export const candlesQuery = z.object({
  interval: z.enum(INTERVALS).default(DEFAULT_INTERVAL).describe('The candle interval.'),
  limit: wholeNumber('limit', 9)
    .pipe(z.number().min(1).max(MAX_CANDLE_LIMIT))
    .default(DEFAULT_CANDLE_LIMIT)
    .describe(`How many candles, 1 to ${MAX_CANDLE_LIMIT}. Default ${DEFAULT_CANDLE_LIMIT}.`),
  /** Epoch milliseconds; 15 digits reach far past any candle. */
  before: wholeNumber('before', 15)
    .optional()
    .describe('Only candles that start before this time (epoch milliseconds): for loading older history.'),
});

export const marketListSchema = named(
  'MarketList',
  z
    .object({
      data: z.array(
        z.object({
          symbol: symbolSchema,
          quote: z.literal('USD'),
          name: z.string(),
        }),
      ),
      intervals: z.array(intervalSchema),
      source: z.enum(['demo', 'exchange']).describe('Where the candles come from (the MARKET_SOURCE setting).'),
    })
    .describe('The pairs SignalDeck charts and the intervals it offers.'),
);

export const candleSchema = z
  .object({
    time: z.int().nonnegative().describe('Start of the candle, epoch milliseconds (UTC).'),
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    volume: z.number().nonnegative().describe('In units of the base asset.'),
  })
  .describe('An OHLCV candle.') satisfies z.ZodType<Candle>;

export const candlesSchema = named(
  'Candles',
  z
    .object({
      symbol: symbolSchema,
      interval: intervalSchema,
      candles: z.array(candleSchema).describe('Oldest first.'),
    })
    .describe('Candles of one pair at one interval.'),
);

export type MarketList = z.output<typeof marketListSchema>;
export type Market = MarketList['data'][number];
export type Candles = z.output<typeof candlesSchema>;
