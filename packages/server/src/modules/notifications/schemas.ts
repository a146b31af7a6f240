import { z } from 'zod';
import { plainName, withUnchangeable } from '../../http/validation';
import { named } from '../../openapi/components';
import { CHANNEL_KINDS, NOTIFICATION_EVENTS } from './contract';

/** The wire contract of notifications (routes.ts declares the routes): channels, deliveries, preferences, the feed. */

export const MAX_CHANNELS = 10;
export const DELIVERY_STATES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export const IN_APP_EVENTS = [...NOTIFICATION_EVENTS, 'channel_disabled'] as const;

const epochMs = z.int().nonnegative();
const notificationEvent = z.enum(NOTIFICATION_EVENTS);
const channelKind = z.enum(CHANNEL_KINDS);

export const channelSchema = named(
  'NotificationChannel',
  z.object({
    id: z.int().positive(),
    name: z.string(),
    kind: channelKind,
    target: z.string().describe('The destination masked, safe to show: never the whole secret URL or token.'),
    events: z.array(notificationEvent),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().describe('Why it was disabled after repeated permanent failures.'),
    consecutiveFailures: z.int().nonnegative(),
    lastDelivery: z
      .object({ at: epochMs, ok: z.boolean(), status: z.int().nullable() })
      .nullable()
      .describe('The latest attempt on this channel, or null before the first.'),
    createdAt: epochMs,
  }),
);

export const channelListSchema = named(
  'NotificationChannelList',
  z.object({
    channels: z.array(channelSchema),
    availableKinds: z.array(channelKind).describe('The kinds that can be added: email only when SMTP_URL is set.'),
    maxChannels: z.int().positive(),
  }),
);

const name = plainName(60);
const events = z
  .array(notificationEvent)
  .max(NOTIFICATION_EVENTS.length)
  .transform((list) => [...new Set(list)]);

export const createChannelBody = named(
  'CreateNotificationChannelRequest',
  z.object({
    name,
    kind: channelKind,
    events,
    url: z.string().trim().max(2048).optional().describe('For webhook, discord and slack: the URL to post to.'),
    botToken: z
      .string()
      .trim()
      .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'The bot token must look like 123456789:AAH... (from @BotFather).')
      .optional()
      .describe('For telegram: the bot token from @BotFather.'),
    chatId: z
      .string()
      .trim()
      .regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, 'The chat id must be a number or an @channel name.')
      .optional()
      .describe('For telegram: the chat to send to.'),
    email: z.string().trim().toLowerCase().pipe(z.email().max(255)).optional().describe('For email: the address.'),
  }),
);

export const createdChannelSchema = named(
  'CreatedNotificationChannel',
  z.object({
    channel: channelSchema,
    signingSecret: z
      .string()
      .nullable()
      .describe('For a webhook channel, its signing secret (`whsec_...`), shown this once; null for other kinds.'),
  }),
);

/** Fields of a channel that a PATCH cannot change: its destination and kind are what the channel is. */
const FIXED_CHANNEL_FIELDS = ['kind', 'url', 'botToken', 'chatId', 'email'] as const;

export const updateChannelBody = named(
  'UpdateNotificationChannelRequest',
  withUnchangeable(
    z
      .strictObject({ name: name.optional(), events: events.optional(), enabled: z.boolean().optional() })
      .refine(
        (body) => body.name !== undefined || body.events !== undefined || body.enabled !== undefined,
        'Send the fields to change: name, events or enabled.',
      )
      .describe(
        'Any of name, events and enabled (at least one). Other keys are refused: the kind and destination ' +
          '(url, botToken, chatId, email) cannot be changed; remove the channel and add it again.',
      ),
    Object.fromEntries(
      FIXED_CHANNEL_FIELDS.map((key) => [key, `${key} cannot be changed: remove the channel and add it again.`]),
    ),
  ),
);

export const singleChannelSchema = named('NotificationChannelResponse', z.object({ channel: channelSchema }));

export const deliverySchema = named(
  'NotificationDelivery',
  z.object({
    id: z.int().positive(),
    messageId: z.string().describe('The `webhook-id`: the same on every attempt of this message.'),
    event: z.enum([...NOTIFICATION_EVENTS, 'test']),
    title: z.string(),
    state: z.enum(DELIVERY_STATES).describe('failed: given up (a permanent failure, or 24 hours passed).'),
    attempts: z.int().nonnegative(),
    responseCode: z.int().nullable(),
    error: z.string().nullable(),
    createdAt: epochMs,
    lastAttemptAt: epochMs.nullable(),
    nextAttemptAt: epochMs.nullable(),
    durationMs: z.int().nonnegative().nullable(),
  }),
);

export const testDeliverySchema = named('NotificationTestResult', z.object({ delivery: deliverySchema }));

const limit = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().min(1).max(max))
    .optional()
    .transform((value) => value ?? fallback);

export const pageQuery = z.object({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .optional()
    .describe('The `nextCursor` of the previous page.'),
  limit: limit(100, 50).describe('Items per page, 1 to 100. Default 50.'),
});

export const deliveryPageSchema = named(
  'NotificationDeliveryPage',
  z.object({
    items: z.array(deliverySchema),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next (older) page; null on the last page.'),
  }),
);

export const preferencesSchema = named(
  'NotificationPreferences',
  z.object({
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, 'The time zone must be an IANA time zone such as Europe/Paris.')
      .describe('An IANA time zone; default UTC.'),
    dailySummaryHour: z.int().min(0).max(23).describe('The hour (0 to 23, in `timeZone`) of the daily summary.'),
  }),
);

export const inAppNotificationSchema = named(
  'InAppNotification',
  z.object({
    id: z.int().positive(),
    event: z.enum(IN_APP_EVENTS),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable().describe('An app-relative path such as /signals?selected=12, or null.'),
    createdAt: epochMs,
    readAt: epochMs.nullable(),
  }),
);

export const inAppPageSchema = named(
  'InAppNotificationPage',
  z.object({
    items: z.array(inAppNotificationSchema),
    unread: z.int().nonnegative(),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next (older) page; null on the last page.'),
  }),
);

export const notificationUpdateSchema = named(
  'NotificationUpdate',
  inAppNotificationSchema
    .extend({ unread: z.int().nonnegative() })
    .describe("A `notification` event: a new item of the trader's in-app feed, and their unread count."),
);

export const markReadBody = named(
  'MarkNotificationsReadRequest',
  z
    .strictObject({
      ids: z
        .array(z.int().positive())
        .min(1)
        .max(500)
        .optional()
        .describe('The notifications to mark read: 1 to 500 ids. Not with `all`.'),
      all: z
        .literal(true, 'The all field must be true (or send ids instead).')
        .optional()
        .describe('true: mark every notification read. Not with `ids`.'),
    })
    .superRefine((body, context) => {
      if (body.ids === undefined && body.all === undefined)
        context.addIssue({
          code: 'custom',
          path: ['ids'],
          message: 'Send ids (the notifications to mark read) or all: true.',
        });
      else if (body.ids !== undefined && body.all !== undefined)
        context.addIssue({ code: 'custom', path: ['all'], message: 'Send either ids or all, not both.' });
    })
    .transform((body): { ids: number[] } | { all: true } => (body.ids ? { ids: body.ids } : { all: true })),
);

export const unreadSchema = named('NotificationUnread', z.object({ unread: z.int().nonnegative() }));

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

export type NotificationChannel = z.output<typeof channelSchema>;
export type NotificationChannelList = z.output<typeof channelListSchema>;
export type CreateNotificationChannelRequest = z.input<typeof createChannelBody>;
export type CreatedNotificationChannel = z.output<typeof createdChannelSchema>;
export type UpdateNotificationChannelRequest = z.input<typeof updateChannelBody>;
export type NotificationDelivery = z.output<typeof deliverySchema>;
export type NotificationDeliveryPage = z.output<typeof deliveryPageSchema>;
export type NotificationPreferences = z.output<typeof preferencesSchema>;
export type InAppNotification = z.output<typeof inAppNotificationSchema>;
export type InAppNotificationPage = z.output<typeof inAppPageSchema>;
export type NotificationUpdate = z.output<typeof notificationUpdateSchema>;
export type MarkNotificationsReadRequest = z.input<typeof markReadBody>;
export type { ChannelKind, NotificationEvent } from './contract';
