import { z } from 'zod';
import { named } from '../../openapi/components';
import { INTERVALS, SYMBOLS } from '../market/markets';
import { candleSchema } from '../market/schemas';
import { outcomeSchema, positionSchema, tradeSchema } from '../paper/schemas';
import { notificationUpdateSchema } from '../notifications/schemas';
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

const strategyId = z.string().regex(/^[1-9]\d{0,15}$/);

export const outcomeUpdateSchema = named(
  'OutcomeUpdate',
  z
    .object({ signalId: z.string().regex(/^[1-9]\d{0,15}$/), strategyId, outcome: outcomeSchema })
    .describe("An `outcome` event: a signal's outcome was decided (or a pending one filled)."),
);

export const positionUpdateSchema = named(
  'PositionUpdate',
  z
    .object({
      strategyId,
      symbol: z.enum(SYMBOLS),
      position: positionSchema.nullable().describe('null: the position was closed.'),
    })
    .describe('A `position` event: a position was opened, changed or closed.'),
);

/** Each event's `data`, by the event's name (its `event:` field). */
export const streamEventSchemas = {
  candle: candleUpdateSchema,
  signal: signalSchema,
  outcome: outcomeUpdateSchema,
  position: positionUpdateSchema,
  trade: tradeSchema,
  notification: notificationUpdateSchema,
};

export type OutcomeUpdate = z.output<typeof outcomeUpdateSchema>;
export type PositionUpdate = z.output<typeof positionUpdateSchema>;

/** A `candle` event's data: the forming candle of every interval for one pair, after a tick of the feed. */
export type CandleUpdate = z.output<typeof candleUpdateSchema>;

/** The data of each event of `GET /api/stream`, by event name. */
export type StreamEventData = {
  [Event in keyof typeof streamEventSchemas]: z.output<(typeof streamEventSchemas)[Event]>;
};
