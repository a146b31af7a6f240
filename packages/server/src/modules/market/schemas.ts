import { z } from 'zod';
import { INTERVALS, SYMBOLS, type Candle } from './markets';

/** The response shapes of the market routes, as the API reference documents them (src/openapi). */

const symbolSchema = z.enum(SYMBOLS);
const intervalSchema = z.enum(INTERVALS);

export const marketListSchema = z
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
  .describe('The pairs SignalDeck charts and the intervals it offers.');

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

export const candlesSchema = z
  .object({
    symbol: symbolSchema,
    interval: intervalSchema,
    candles: z.array(candleSchema).describe('Oldest first.'),
  })
  .describe('Candles of one pair at one interval.');
