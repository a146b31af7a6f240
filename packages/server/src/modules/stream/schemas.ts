import { z } from 'zod';
import { named } from '../../openapi/components';
import { INTERVALS, SYMBOLS } from '../market/markets';
import { candleSchema } from '../market/schemas';
import { signalSchema } from '../signals/schemas';

/** The wire contract of the live stream: the data of each kind of event it sends. */

export const candleUpdateSchema = named(
  'CandleUpdate',
  z
    .object({
      symbol: z.enum(SYMBOLS),
      candles: z.record(z.enum(INTERVALS), candleSchema).describe('The forming candle of every interval.'),
      closed: z
        .partialRecord(z.enum(INTERVALS), z.array(candleSchema))
        .optional()
        .describe(
          'Only on a tick that closes candles: per interval, the final values of each candle that closed, oldest first, as stored. A closed candle ends with the last trades of its time, which arrive with the tick that opens the next one.',
        ),
    })
    .describe('A `candle` event: the forming candles of one pair after a tick of the feed.'),
);

/** Each event's `data`, by the event's name (its `event:` field). */
export const streamEventSchemas = {
  candle: candleUpdateSchema,
  signal: signalSchema,
};

/** A `candle` event's data: the forming candle of every interval for one pair, after a tick of the feed. */
export type CandleUpdate = z.output<typeof candleUpdateSchema>;

/** The data of each event of `GET /api/stream`, by event name. */
export type StreamEventData = {
  [Event in keyof typeof streamEventSchemas]: z.output<(typeof streamEventSchemas)[Event]>;
};
