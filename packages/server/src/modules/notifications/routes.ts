import { z } from 'zod';
import type { AppModule } from '../../context';
import { ERRORS, errorResponse, jsonResponse, noContent, rateLimited } from '../../openapi/registry';
import { authenticatedUser } from '../auth/require-auth';
import { WebhookSecrets } from '../signals/webhook-secrets';
import { ATTEMPT_TIMEOUT_MS, Outbox } from './outbox';
import { NotificationPlanner } from './planner';
import type { InAppNotification } from './schemas';
import {
  channelListSchema,
  createChannelBody,
  createdChannelSchema,
  deliveryPageSchema,
  inAppPageSchema,
  markReadBody,
  MAX_CHANNELS,
  pageQuery,
  preferencesSchema,
  singleChannelSchema,
  testDeliverySchema,
  unreadSchema,
  updateChannelBody,
} from './schemas';
import { ChannelSecrets } from './secrets';
import { NotificationService, TESTS_PER_MINUTE, transportSettings } from './service';
import { checkDestination, deliver } from './transports';
import { unreadCounts } from './record';

const TAG = 'Notifications' as const;
const ID = /^[1-9]\d{0,15}$/;
const idParams = z.object({ id: z.string().describe('A positive integer.') });
const pathId = (id: string) => (ID.test(id) ? Number(id) : 0);

const exampleChannel = {
  id: 3,
  name: 'Trading desk',
  kind: 'discord' as const,
  target: 'Discord #…4f2a',
  events: ['trade_closed' as const, 'exit_hit' as const],
  enabled: true,
  disabledReason: null,
  consecutiveFailures: 0,
  lastDelivery: { at: 1764000000000, ok: true, status: 204 },
  createdAt: 1763990000000,
};
const exampleDelivery = {
  id: 41,
  messageId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4Wq0sVd',
  event: 'trade_closed' as const,
  title: 'Trade closed: BTC long, P&L +$12.30',
  state: 'delivered' as const,
  attempts: 1,
  responseCode: 204,
  error: null,
  createdAt: 1764000000000,
  lastAttemptAt: 1764000000150,
  nextAttemptAt: null,
  durationMs: 148,
};
const exampleNotification = {
  id: 12,
  event: 'signal_rejected' as const,
  title: 'Signal rejected: the action field must be buy or sell',
  body: 'hold BTCUSD',
  link: '/signals?selected=42',
  createdAt: 1764000000000,
  readAt: null,
};
const channelNotFound = errorResponse("No such channel among the user's.", { message: 'Channel not found.' });

/**
 * Notifications: the trader's channels (webhook, Discord, Slack, Telegram, email) and their delivery logs, the
 * daily summary's time, and the in-app feed. Beside the routes: the planner (what to notify) and the outbox
 * worker (sending it, with retries), both background services. See docs/notifications.md.
 */
export const notificationsRoutes: AppModule = async (app, { config, database, clock, requireAuth, services }) => {
  const webhookSecrets = new WebhookSecrets(database.db, clock, config.webhookSecretKeys);
  const secrets = new ChannelSecrets(database.db, config.webhookSecretKeys, () => webhookSecrets.databaseKey());
  const moved = await secrets.reencrypt();
  if (moved > 0) app.log.info({ reencrypted: moved }, 'notification channels re-encrypted with WEBHOOK_SECRET_KEY');
  const settings = transportSettings(config, ATTEMPT_TIMEOUT_MS);
  /** Publishes new feed items, each with its owner's unread count (one query for all of them). */
  const publishItems = async (items: readonly { userId: number; notification: InAppNotification }[]) => {
    const unread = await unreadCounts(
      database.db,
      items.map(({ userId }) => userId),
    );
    await app.stream.publishAll(
      items.map(({ userId, notification }) => ({
        event: 'notification',
        userId,
        data: { ...notification, unread: unread.get(userId) ?? 0 },
      })),
    );
  };
  const outbox = new Outbox({
    db: database.db,
    dialect: database.dialect,
    clock,
    log: app.log,
    deliver,
    settings,
    publicUrl: config.publicUrl,
    secrets,
    onChannelDisabled: (userId, notification) => void publishItems([{ userId, notification }]).catch(() => {}),
  });
  const planner = new NotificationPlanner({
    db: database.db,
    dialect: database.dialect,
    clock,
    log: app.log,
    writeGate: database.writeGate,
    onRecorded: (items, deliveries) => {
      if (deliveries > 0) outbox.wake();
      if (items.length > 0) void publishItems(items).catch(() => {});
    },
  });
  services.add(planner);
  services.add(outbox);
  app.decorate('notifications', { planner, outbox });
  const notifications = new NotificationService({
    db: database.db,
    clock,
    config,
    secrets,
    outbox,
    settings,
    checkDestination,
    onQueued: () => outbox.wake(),
  });

  const auth = { preValidation: requireAuth };
  const common = { 401: ERRORS.unauthenticated, 503: ERRORS.unavailable };
  const withBody = {
    400: ERRORS.malformedJson,
    413: ERRORS.payloadTooLarge,
    415: ERRORS.unsupportedMediaType,
    422: ERRORS.validationFailed,
  };
  const userId = (request: Parameters<typeof authenticatedUser>[0]) => authenticatedUser(request).id;

  app.get(
    '/api/notifications/channels',
    {
      ...auth,
      schema: {
        operationId: 'listNotificationChannels',
        summary: 'List notification channels',
        description: `The signed-in trader's channels, oldest first (at most ${MAX_CHANNELS}), and the kinds that can be added.`,
        tags: [TAG],
        response: {
          200: jsonResponse('The channels.', channelListSchema, {
            channels: [exampleChannel],
            availableKinds: ['webhook', 'discord', 'slack', 'telegram'],
            maxChannels: MAX_CHANNELS,
          }),
          ...common,
        },
      },
    },
    async (request) => notifications.list(userId(request)),
  );

  app.post(
    '/api/notifications/channels',
    {
      ...auth,
      bodyLimit: 16 * 1024,
      schema: {
        operationId: 'createNotificationChannel',
        summary: 'Add a notification channel',
        description: [
          'Adds a channel: `url` for webhook, discord (https://discord.com/api/webhooks/...) and slack',
          '(https://hooks.slack.com/services/...), `botToken` and `chatId` for telegram, `email` for email (only when',
          'the server has SMTP_URL). A destination whose host resolves to a loopback, private, link-local or metadata',
          'address is refused (422) unless NOTIFICATIONS_ALLOWED_HOSTS allows it. A webhook channel gets a signing',
          'secret, answered this once: its deliveries are signed per Standard Webhooks.',
        ].join(' '),
        tags: [TAG],
        body: createChannelBody,
        bodyExample: {
          name: 'Trading desk',
          kind: 'discord',
          events: ['trade_closed', 'exit_hit'],
          url: 'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz',
        },
        response: {
          201: jsonResponse("The channel, and a webhook channel's signing secret.", createdChannelSchema, {
            channel: exampleChannel,
            signingSecret: null,
          }),
          409: errorResponse(`The trader already has ${MAX_CHANNELS} channels.`, {
            message: `You already have ${MAX_CHANNELS} channels, the most a trader can have. Remove one first.`,
          }),
          ...withBody,
          ...common,
        },
      },
    },
    async (request, reply) => {
      const created = await notifications.create(userId(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/notifications/channels/:id',
    {
      ...auth,
      bodyLimit: 16 * 1024,
      schema: {
        operationId: 'updateNotificationChannel',
        summary: 'Change a notification channel',
        description:
          'Renames it, changes its events, or disables or enables it. Enabling a channel disabled after failures resets its count of failures.',
        tags: [TAG],
        params: idParams,
        body: updateChannelBody,
        bodyExample: { enabled: true },
        response: {
          200: jsonResponse('The channel as it now is.', singleChannelSchema, { channel: exampleChannel }),
          404: channelNotFound,
          ...withBody,
          ...common,
        },
      },
    },
    async (request) => notifications.update(userId(request), pathId(request.params.id), request.body),
  );

  app.delete(
    '/api/notifications/channels/:id',
    {
      ...auth,
      schema: {
        operationId: 'deleteNotificationChannel',
        summary: 'Remove a notification channel',
        description: 'Removes the channel, its secret and its delivery log; messages not yet sent are dropped.',
        tags: [TAG],
        params: idParams,
        response: { 204: noContent('Removed.'), 404: channelNotFound, ...common },
      },
    },
    async (request, reply) => {
      await notifications.remove(userId(request), pathId(request.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/notifications/channels/:id/test',
    {
      ...auth,
      schema: {
        operationId: 'testNotificationChannel',
        summary: 'Send a test notification',
        description: [
          'Sends a test message on the channel now (one attempt, within about 10 seconds) and answers its delivery:',
          `a failure is still a 200, with the state, response code and error. At most ${TESTS_PER_MINUTE} tests a minute.`,
        ].join(' '),
        tags: [TAG],
        params: idParams,
        response: {
          200: jsonResponse('The test delivery.', testDeliverySchema, {
            delivery: { ...exampleDelivery, event: 'test', title: 'Test notification from SignalDeck: Trading desk' },
          }),
          404: channelNotFound,
          429: rateLimited(
            `More than ${TESTS_PER_MINUTE} tests in a minute.`,
            `At most ${TESTS_PER_MINUTE} tests a minute. Please try again in 42 seconds.`,
          ),
          ...common,
        },
      },
    },
    async (request) => notifications.test(userId(request), pathId(request.params.id)),
  );

  app.get(
    '/api/notifications/channels/:id/deliveries',
    {
      ...auth,
      schema: {
        operationId: 'listNotificationDeliveries',
        summary: "A channel's delivery log",
        description: 'Its messages, newest first: state, attempts, the last response code and error, the next attempt.',
        tags: [TAG],
        params: idParams,
        querystring: pageQuery,
        response: {
          200: jsonResponse('A page of deliveries.', deliveryPageSchema, {
            items: [exampleDelivery],
            nextCursor: null,
          }),
          404: channelNotFound,
          422: ERRORS.validationFailed,
          ...common,
        },
      },
    },
    async (request) => notifications.deliveries(userId(request), pathId(request.params.id), request.query),
  );

  app.get(
    '/api/notifications/preferences',
    {
      ...auth,
      schema: {
        operationId: 'getNotificationPreferences',
        summary: 'Notification preferences',
        description: "The trader's time zone and the hour of their daily summary (default UTC, 8).",
        tags: [TAG],
        response: {
          200: jsonResponse('The preferences.', preferencesSchema, { timeZone: 'Europe/Paris', dailySummaryHour: 8 }),
          ...common,
        },
      },
    },
    async (request) => notifications.preferences(userId(request)),
  );

  app.put(
    '/api/notifications/preferences',
    {
      ...auth,
      bodyLimit: 4 * 1024,
      schema: {
        operationId: 'setNotificationPreferences',
        summary: 'Change notification preferences',
        description: 'Sets the time zone (IANA, e.g. Europe/Paris; else a 422) and the daily summary hour (0 to 23).',
        tags: [TAG],
        body: preferencesSchema,
        bodyExample: { timeZone: 'Europe/Paris', dailySummaryHour: 7 },
        response: {
          200: jsonResponse('The preferences as they now are.', preferencesSchema, {
            timeZone: 'Europe/Paris',
            dailySummaryHour: 7,
          }),
          ...withBody,
          ...common,
        },
      },
    },
    async (request) => notifications.setPreferences(userId(request), request.body),
  );

  app.get(
    '/api/notifications',
    {
      ...auth,
      schema: {
        operationId: 'listNotifications',
        summary: 'In-app notifications',
        description: "The trader's in-app notifications, newest first, and how many are unread.",
        tags: [TAG],
        querystring: pageQuery,
        response: {
          200: jsonResponse('A page of notifications.', inAppPageSchema, {
            items: [exampleNotification],
            unread: 1,
            nextCursor: null,
          }),
          422: ERRORS.validationFailed,
          ...common,
        },
      },
    },
    async (request) => notifications.feed(userId(request), request.query),
  );

  app.post(
    '/api/notifications/read',
    {
      ...auth,
      bodyLimit: 16 * 1024,
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Mark notifications read',
        description: 'Marks the given notifications (`ids`), or all (`all: true`), as read; answers the unread count.',
        tags: [TAG],
        body: markReadBody,
        bodyExample: { ids: [12, 13] },
        response: {
          200: jsonResponse('The unread count now.', unreadSchema, { unread: 0 }),
          ...withBody,
          ...common,
        },
      },
    },
    async (request) => notifications.markRead(userId(request), request.body),
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification planner and outbox worker (tests drive them). */
    notifications: { planner: NotificationPlanner; outbox: Outbox };
  }
}

export const notificationsModule = Object.assign(notificationsRoutes, { [Symbol.for('skip-override')]: true });
