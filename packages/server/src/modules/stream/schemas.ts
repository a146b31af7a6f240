import { z } from 'zod';
import { candleSchema } from '../market/schemas';
import { INTERVALS, SYMBOLS } from '../market/markets';
import type { CandleUpdate } from './events';

/** The data of the stream's `candle` event, as the API reference documents it (src/openapi). */
export const candleUpdateSchema = z
  .object({
    symbol: z.enum(SYMBOLS),
    candles: z.record(z.enum(INTERVALS), candleSchema).describe('The forming candle of every interval.'),
  })
  .describe(
    'A `candle` event: the forming candles of one pair after a tick of the feed.',
  ) satisfies z.ZodType<CandleUpdate>;
