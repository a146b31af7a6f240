import { z } from 'zod';
import { named } from '../../openapi/components';
import { outcomeSchema } from '../paper/schemas';
import { ACTIONS, normalizeTicker } from './normalize';
import { REASON_CODES } from './alert';
import { reachabilitySchema, refusalsSchema } from './webhook-status';

/**
 * The wire contract of the webhook and signals routes: what they take and what they answer (routes.ts declares
 * the routes).
 */

/** A signal's id, as the API writes it: a positive integer in a string. */
export const SIGNAL_ID_PATTERN = /^[1-9]\d{0,15}$/;
const signalId = z.string().regex(SIGNAL_ID_PATTERN);
const epochMs = z.int().nonnegative();

/** Path parameters are matched by the handlers, which answer 404 (not 422) for one that cannot exist. */
export const webhookTokenParams = z.object({
  token: z
    .string()
    .describe("The webhook's secret token, from `GET /api/webhook`. It is the credential: keep it secret."),
});

export const signalIdParams = z.object({ id: z.string().describe("The signal's id: a positive integer.") });

/** Query values: an empty parameter counts as not given. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Epoch milliseconds in a query: 15 digits reach far past any signal. */
const epochMsParam = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

export const listQuery = z
  .object({
    ticker: optional(
      z
        .string()
        .max(64)
        .transform(normalizeTicker)
        // A ticker that reads as no symbol at all ("$$$"): said so, not "required" (it was given).
        .pipe(z.string({ error: 'The ticker field must be a symbol such as BTC or BINANCE:BTCUSDT.' })),
    ).describe('Only signals of this ticker, read as the signals are (`BINANCE:BTCUSDT` finds `BTC`).'),
    status: optional(z.enum(['accepted', 'rejected', 'duplicate'])).describe('Only signals with this status.'),
    cursor: optional(z.string().max(100)).describe('The `nextCursor` of the previous page.'),
    limit: optional(
      z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number)
        .pipe(z.number().min(1).max(200)),
    )
      .transform((limit) => limit ?? 50)
      .describe('Signals per page, 1 to 200. Default 50.'),
    from: optional(epochMsParam).describe(
      "Only signals at or after this time, epoch milliseconds. A signal's time is when the alert fired, else when it was received (where a chart draws it).",
    ),
    to: optional(epochMsParam).describe('Only signals at or before this time, epoch milliseconds; not before `from`.'),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    message: 'The to field must be a time at or after from.',
    path: ['to'],
  });

export const settingsBody = named('WebhookSettingsRequest', z.object({ tradingViewOnly: z.boolean() }));

export const signalSchema = named(
  'Signal',
  z
    .object({
      id: signalId,
      ticker: z.string().nullable().describe('Normalised: `BINANCE:BTCUSDT` reads as `BTC`.'),
      action: z.enum(ACTIONS).nullable(),
      price: z.number().positive().nullable(),
      quantity: z.number().positive().nullable(),
      positionSize: z.number().nullable().describe("The strategy's position after the order."),
      interval: z.string().nullable().describe('Normalised: `15` reads as `15m`, `60` as `1h`, `1D` as `1d`.'),
      strategy: z.string().nullable(),
      comment: z.string().nullable(),
      status: z.enum(['accepted', 'rejected', 'duplicate']),
      reason: z
        .string()
        .nullable()
        .describe('Why the signal was rejected and how to fix it, or which signal it repeats. Plain text.'),
      reasonCode: z
        .enum(REASON_CODES)
        .nullable()
        .describe(
          'What the reason (its first problem) is about, for machines: the section of docs/webhooks.md that explains the fix. Null without a reason.',
        ),
      duplicateOf: signalId.nullable().describe('For a duplicate: the id of the signal it repeats.'),
      alertTime: epochMs.nullable().describe('When the alert fired, epoch milliseconds, if it said.'),
      receivedAt: epochMs.describe('When SignalDeck received it, epoch milliseconds.'),
      storedAt: epochMs
        .nullable()
        .describe(
          'When it was written to the database, epoch milliseconds; null for signals stored before this was kept.',
        ),
      decidedAt: epochMs
        .nullable()
        .describe('When the paper account decided its outcome (executed, ignored or pending); null while undecided.'),
      repeats: z
        .int()
        .nonnegative()
        .describe('How many later alerts repeated this one (TradingView retries a webhook it thinks failed).'),
      strategyId: signalId.describe('The strategy whose webhook URL received it.'),
      testAlert: z
        .boolean()
        .describe(
          "A test alert: its id starts with `signaldeck-test-` and its comment is SignalDeck's test comment, as the test alert sent from Settings > Strategy has them. It is read from the alert, so a sender that copies both is marked alike.",
        ),
      outcome: outcomeSchema
        .nullable()
        .describe('What it did to the paper account; null while undecided, and for rejected and duplicate signals.'),
    })
    .describe('A signal: one alert received on a webhook URL, as read and stored.'),
);

export const signalWithRawSchema = named(
  'SignalWithRaw',
  signalSchema
    .extend({ raw: z.string().describe('The body exactly as received.') })
    .describe('A signal with the raw body it was read from.'),
);

export const signalPageSchema = named(
  'SignalPage',
  z
    .object({
      data: z.array(signalSchema).describe('Newest first.'),
      nextCursor: z.string().nullable().describe('Pass as `cursor` for the next (older) page; null on the last page.'),
    })
    .describe('One page of signals.'),
);

const webhookUrl = z
  .url()
  .describe(
    "The full webhook URL: PUBLIC_URL, else the request's origin (its Host when a valid host[:port], else the address the connection reached), + `/api/webhooks/{token}`.",
  );
const tradingViewOnly = z.boolean().describe("Whether the URL takes alerts from TradingView's addresses only.");
const tradingViewAddresses = z.array(z.ipv4()).describe("TradingView's published webhook addresses.");

export const webhookSchema = named(
  'Webhook',
  z
    .object({
      url: webhookUrl,
      createdAt: epochMs,
      rotatedAt: epochMs.nullable(),
      tradingViewOnly,
      tradingViewAddresses,
      publicUrlConfigured: z
        .boolean()
        .describe('False when PUBLIC_URL is not set: the URL then follows the Host header of the request that asked.'),
      reachability: reachabilitySchema,
      refused: refusalsSchema.describe('Posts turned away before anything was stored, counted per URL owner.'),
    })
    .describe("The signed-in user's webhook URL and its settings."),
);

export const rotatedWebhookSchema = named(
  'RotatedWebhook',
  z
    .object({
      url: webhookUrl,
      rotatedAt: epochMs.nullable().describe('Null when the user had no URL yet: this one is their first.'),
    })
    .describe('The new webhook URL; the old one no longer works.'),
);

export const webhookSettingsSchema = named(
  'WebhookSettings',
  z.object({ tradingViewOnly, tradingViewAddresses }).describe('The settings of the webhook URL.'),
);

export const alertStoredSchema = named(
  'AlertStored',
  z
    .object({
      id: signalId,
      status: z.enum(['accepted', 'rejected']).describe('A rejected alert is stored and listed with its reason.'),
    })
    .describe('The alert was stored as a new signal.'),
);

export const alertRepeatedSchema = named(
  'AlertRepeated',
  z
    .object({
      id: signalId.describe('The signal this alert repeats.'),
      duplicate: z.literal(true),
    })
    .describe('The alert repeats one already stored (same alert id, or the same body within 60 seconds).'),
);

const alertNumber = z.union([z.number(), z.string()]);

/**
 * Not a validation schema: the receiver stores any body (a body it cannot read becomes a rejected signal with
 * the reason). This describes what it reads, for the API reference.
 */
export const alertMessageSchema = named(
  'AlertMessage',
  z
    .object({
      ticker: z.string().describe('`{{ticker}}`; `BINANCE:BTCUSDT` and `BTCUSDT` read as `BTC`.'),
      action: z.string().describe('buy, sell, long, short, exit or close (`{{strategy.order.action}}`), in any case.'),
      price: alertNumber.optional().describe('A positive number, or a decimal string such as `"65000.5"`.'),
      quantity: alertNumber.optional().describe('A positive number, or a decimal string.'),
      position_size: alertNumber.optional().describe('Any number (`{{strategy.position_size}}`).'),
      market_position: z
        .string()
        .optional()
        .describe('long, flat or short (`{{strategy.market_position}}`): where the paper position should end up.'),
      stop_loss: alertNumber
        .optional()
        .describe(
          "A stop loss price; overrides the strategy's stop loss %. Below a long's fill, above a short's, else the position is not opened.",
        ),
      take_profit: alertNumber
        .optional()
        .describe(
          "A take profit price; overrides the strategy's take profit %. Above a long's fill, below a short's, else the position is not opened.",
        ),
      interval: z.union([z.string(), z.number()]).optional().describe('`{{interval}}`: `1`, `15`, `60`, `1D`, `1h`...'),
      time: z
        .union([z.string(), z.number()])
        .optional()
        .describe('When the alert fired: ISO 8601 or epoch milliseconds (`{{timenow}}`).'),
      strategy: z.string().max(200).optional(),
      comment: z.string().max(1000).optional(),
      id: z
        .union([z.string().max(200), z.int().nonnegative()])
        .optional()
        .describe('Your id for this alert: a later alert with the same id is a repeat.'),
    })
    .describe(
      'A TradingView alert message written as JSON. Keys are read case-insensitively, and common alternatives are understood (`symbol` for ticker, `qty` for quantity, `timenow` for time, nested `strategy.order.action`...). Any body is stored: one that cannot be read (not JSON, no ticker or action, a bad price...) becomes a rejected signal with the reason.',
    ),
);

export const alertTextSchema = named(
  'AlertText',
  z
    .string()
    .describe('TradingView sends its message as text/plain; it is read as JSON all the same (see the JSON body).'),
);

export type Signal = z.output<typeof signalSchema>;
export type SignalWithRaw = z.output<typeof signalWithRawSchema>;
export type SignalStatus = Signal['status'];
export type SignalPage = z.output<typeof signalPageSchema>;
export type SignalsQuery = z.input<typeof listQuery>;
export type Webhook = z.output<typeof webhookSchema>;
export type RotatedWebhook = z.output<typeof rotatedWebhookSchema>;
export type WebhookSettings = z.output<typeof webhookSettingsSchema>;
export type WebhookSettingsRequest = z.input<typeof settingsBody>;
export type AlertStored = z.output<typeof alertStoredSchema>;
export type AlertRepeated = z.output<typeof alertRepeatedSchema>;

export const strategyIdParams = z.object({ id: z.string().describe("The strategy's id: a positive integer.") });

export const testAlertResultSchema = named(
  'TestAlertResult',
  z
    .object({
      status: z
        .int()
        .describe(
          'What the webhook URL answered: 202 stored (accepted or rejected), 200 a repeat, 403 refused by TradingView-only, 429 rate limited.',
        ),
      message: z.string().nullable().describe("The URL's message when it refused the alert; null when it stored it."),
      sent: z.string().describe('The alert body that was posted, as TradingView would send it.'),
      tradingViewOnly: z
        .boolean()
        .describe("Whether the URL takes TradingView's addresses only: then it refuses this test, sent by SignalDeck."),
      signal: signalSchema
        .nullable()
        .describe('The signal stored, with its reason or its outcome (null while undecided); null when refused.'),
    })
    .describe('A test alert sent through the real webhook path of a strategy, and where it landed.'),
);

export type TestAlertResult = z.output<typeof testAlertResultSchema>;
