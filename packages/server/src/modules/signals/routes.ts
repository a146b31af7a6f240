import type { FastifyError } from 'fastify';
import type { AppModule } from '../../context';
import { HttpError, notFound, tooManyRequests } from '../../http/errors';
import { validationError } from '../../http/validation';
import { alertText, rejectedSignal, signal as exampleSignal, webhookUrl as exampleUrl } from '../../openapi/examples';
import { ERRORS, errorResponse, jsonResponse, rateLimited } from '../../openapi/registry';
import { ACCOUNT_BUSY_RESPONSE } from '../../http/account-queue';
import { authenticatedUser } from '../auth/require-auth';
import { latestCandle } from '../market/store';
import {
  LATENCY_BUCKETS,
  USUAL_ALERTS_PER_WEEK,
  webhookHealth,
  webhookHealthSchema,
  type WebhookHealth,
} from './health';
import { HealthReads } from './health-reads';
import { SignalIngest, type PublishSignals } from './ingest';
import { webhookReachability } from './reachability';
import { REFUSED_STATUSES, sharedRefusalCounter } from './refusals';
import {
  alertMessageSchema,
  alertRepeatedSchema,
  alertStoredSchema,
  alertTextSchema,
  listQuery,
  rotatedWebhookSchema,
  settingsBody,
  SIGNAL_ID_PATTERN,
  signalIdParams,
  signalPageSchema,
  signalWithRawSchema,
  strategyIdParams,
  testAlertResultSchema,
  type Signal,
  webhookSchema,
  webhookSettingsSchema,
  webhookTokenParams,
} from './schemas';
import { decodeCursor, findSignal, listSignals, TEST_ALERT_COMMENT, TEST_ALERT_ID_PREFIX } from './signal-queries';
import {
  hashWebhookToken,
  TRADINGVIEW_ADDRESSES,
  WEBHOOK_TOKEN_PATTERN,
  WebhookSecrets,
  type Webhook,
} from './webhook-secrets';
import { webhookUrl } from './webhook-url';

/** Marks the test alert Settings > Strategy sends, in its comment (the raw body keeps it too). */
const STRATEGY_ID_PATTERN = /^[1-9]\d{0,15}$/;
const exampleHealth = {
  strategyId: '3',
  now: 1749036600000,
  lastReceivedAt: 1749033000412,
  last24h: { accepted: 5, rejected: 1, duplicate: 2, total: 8 },
  last7d: { accepted: 31, rejected: 2, duplicate: 4, total: 37 },
  refused: { count: 3, lastAt: 1749030000000, byStatus: { '429': 3 } },
  latency: {
    count: 35,
    buckets: LATENCY_BUCKETS.map((bucket, index) => ({ ...bucket, count: [21, 9, 3, 1, 1, 0, 0][index]! })),
  },
  silence: { thresholdMinutes: 1440, usuallyReceives: true, silent: false, silentForMinutes: 60 },
};

/** An alert body above this is refused with 413 and not stored. */
export const MAX_ALERT_BYTES = 64 * 1024;
/** Per webhook URL: generous for alerts, a brake on a runaway script or a leaked URL. */
export const WEBHOOK_REQUESTS_PER_MINUTE = 120;

const unknownWebhook = () =>
  notFound('This webhook URL is not valid. Copy the current one from Settings > API Keys in SignalDeck.');

/** The receiver's 415: it takes any media type, so only a Content-Type that is none is refused. */
export const UNREADABLE_CONTENT_TYPE =
  'The Content-Type header is not a valid media type. The webhook takes any type/subtype (TradingView sends text/plain; application/json works too), or no Content-Type at all.';

const webhookNotFound = errorResponse('No such webhook URL (mistyped, or rotated away). Nothing was stored.', {
  message: 'This webhook URL is not valid. Copy the current one from Settings > API Keys in SignalDeck.',
});

const settingsJson = (webhook: Webhook) => ({
  tradingViewOnly: webhook.tradingViewOnly,
  tradingViewAddresses: [...TRADINGVIEW_ADDRESSES],
});

/** The test alert's body as the API reference shows it (what the route below sends, at an example time). */
const testAlertText = JSON.stringify({
  ticker: 'BTCUSD',
  action: 'buy',
  price: '65000.5',
  interval: '1',
  time: '2025-06-04T10:30:00.000Z',
  strategy: 'Default',
  comment: TEST_ALERT_COMMENT,
  id: `${TEST_ALERT_ID_PREFIX}1749033000000`,
});

/**
 * Webhook signals: the receiver TradingView posts to (`POST /api/webhooks/{token}`, no sign-in, the token is
 * the credential), the signed-in user's webhook URL and its settings, and the signals list.
 */
export const signalsRoutes: AppModule = async (
  app,
  { config, database, clock, requireAuth, webhookRateLimiter: rateLimiter, accountQueue },
) => {
  const healthReads = new HealthReads<WebhookHealth | undefined>(accountQueue);
  const secrets = new WebhookSecrets(database.db, clock, config.webhookSecretKeys, (previous, next) =>
    rateLimiter.carry(previous, next),
  );
  // At start: tokens move to WEBHOOK_SECRET_KEY (from the database key or the previous setting).
  const reencrypted = await secrets.reencrypt();
  if (reencrypted > 0) app.log.info({ reencrypted }, 'webhook tokens re-encrypted with WEBHOOK_SECRET_KEY');
  // After commit, to the owner's stream connections on every instance (the stream module registers before this one).
  const publish: PublishSignals = (signals) =>
    void app.stream.publishAll(signals.map(({ userId, signal }) => ({ event: 'signal', userId, data: signal })));
  // The paper module registers before this one: its executor decides the outcomes of each committed batch.
  const ingest = new SignalIngest({
    database,
    dataDir: config.dataDir,
    publish,
    onAccepted: () => app.paper.wake(),
    log: app.log,
    clock,
  });
  const refusals = sharedRefusalCounter(database.db, clock, (error) =>
    app.log.error({ err: error }, 'counting refused webhook posts failed'),
  );
  app.addHook('onClose', () => ingest.close());
  app.addHook('onClose', () => refusals.close());

  // The receiver takes any content type (TradingView sends text/plain, others JSON or nothing) as raw bytes:
  // the body is kept as received and read by parseAlert, so its own parsers are the only ones in this scope.
  await app.register(async (receiver: typeof app) => {
    receiver.removeAllContentTypeParsers();
    receiver.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Fastify's 415 for a Content-Type it cannot parse asks for JSON, which is not what this route needs; thrown on,
    // the error reaches the API's own handler.
    receiver.setErrorHandler((error: FastifyError) => {
      throw error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? new HttpError(415, UNREADABLE_CONTENT_TYPE) : error;
    });
    // Posts turned away before storing (rate limit, sender, size, content type) are counted for their URL's owner.
    receiver.addHook('onResponse', async (request, reply) => {
      const { token } = (request.params ?? {}) as { token?: string };
      if (REFUSED_STATUSES.has(reply.statusCode) && token !== undefined && WEBHOOK_TOKEN_PATTERN.test(token)) {
        refusals.record(hashWebhookToken(token), reply.statusCode);
      }
    });

    receiver.post(
      '/api/webhooks/:token',
      {
        bodyLimit: MAX_ALERT_BYTES,
        schema: {
          operationId: 'receiveAlert',
          summary: 'Receive an alert',
          description: [
            'The webhook URL TradingView (or anything that can POST) sends alerts to. The token in the path is the',
            'credential: no bearer token, no signing. Any content type is taken, and every body to a valid URL is',
            'stored, even one SignalDeck cannot read: that becomes a rejected signal with the reason, so the trader',
            `can see why an alert did nothing. Bodies over ${MAX_ALERT_BYTES / 1024} KiB are refused. Each URL takes`,
            `${WEBHOOK_REQUESTS_PER_MINUTE} requests a minute (per server instance; a rotated URL keeps its count). A 2xx answer is sent once the`,
            'signal is on disk.',
          ].join(' '),
          tags: ['Webhooks'],
          params: webhookTokenParams,
          documentedBody: {
            required: false,
            content: {
              'application/json': { schema: alertMessageSchema, example: JSON.parse(alertText) as unknown },
              'text/plain': { schema: alertTextSchema, example: alertText },
            },
          },
          response: {
            202: jsonResponse('Stored as a new signal, accepted or rejected.', alertStoredSchema, {
              id: '42',
              status: 'accepted',
            }),
            200: jsonResponse('A repeat of a stored signal: recorded as a duplicate of it.', alertRepeatedSchema, {
              id: '42',
              duplicate: true,
            }),
            403: errorResponse(
              "The URL takes alerts from TradingView's addresses only, and this came from elsewhere.",
              {
                message: "This webhook only accepts alerts from TradingView's addresses (see Settings > API Keys).",
              },
            ),
            404: webhookNotFound,
            413: ERRORS.payloadTooLarge,
            415: errorResponse('The Content-Type header is not a media type (`text`, `;;;`); nothing was stored.', {
              message: UNREADABLE_CONTENT_TYPE,
            }),
            429: rateLimited(
              'Too many alerts for this URL.',
              'Too many alerts for this webhook. Please try again in 42 seconds.',
            ),
            503: ERRORS.unavailable,
          },
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        if (!WEBHOOK_TOKEN_PATTERN.test(token)) throw unknownWebhook();
        const tokenHash = hashWebhookToken(token);
        const retryAfterMs = rateLimiter.take(tokenHash);
        if (retryAfterMs > 0) {
          const seconds = Math.ceil(retryAfterMs / 1000);
          throw tooManyRequests(`Too many alerts for this webhook. Please try again in ${seconds} seconds.`, seconds);
        }
        const body = request.body as Buffer | undefined;
        const outcome = await ingest.submit({
          tokenHash,
          clientAddress: request.ip,
          receivedAt: clock(),
          raw: body ? body.toString('utf8') : '',
        });
        switch (outcome.kind) {
          case 'unknown-token':
            throw unknownWebhook();
          case 'forbidden':
            throw new HttpError(
              403,
              "This webhook only accepts alerts from TradingView's addresses (see Settings > API Keys).",
            );
          case 'failed':
            throw outcome.error;
          case 'stored': {
            const { signal } = outcome;
            if (signal.status === 'duplicate')
              return reply.code(200).send({ id: signal.duplicateOf!, duplicate: true });
            return reply.code(202).send({ id: signal.id, status: signal.status });
          }
        }
      },
    );
  });

  app.get(
    '/api/webhook',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'getWebhook',
        summary: 'Get the webhook URL',
        description: "The signed-in user's webhook URL (created the first time it is asked for) and its settings.",
        tags: ['Webhooks'],
        response: {
          200: jsonResponse('The webhook.', webhookSchema, {
            url: exampleUrl,
            createdAt: 1748995200000,
            rotatedAt: null,
            tradingViewOnly: false,
            tradingViewAddresses: [...TRADINGVIEW_ADDRESSES],
            publicUrlConfigured: true,
            reachability: { ok: true, problems: [] },
            refused: { count: 3, lastAt: 1748998800000, byStatus: { '413': 1, '429': 2 } },
          }),
          401: ERRORS.unauthenticated,
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => {
      const webhook = await secrets.get(authenticatedUser(request).id);
      const url = webhookUrl(request, config.publicUrl, webhook.token);
      return {
        url,
        createdAt: webhook.createdAt,
        rotatedAt: webhook.rotatedAt,
        ...settingsJson(webhook),
        // Without PUBLIC_URL the URL follows the request's Host header: the page warns about it.
        publicUrlConfigured: config.publicUrl !== undefined,
        reachability: webhookReachability(url),
        refused: await refusals.read(authenticatedUser(request).id),
      };
    },
  );

  app.post(
    '/api/webhook/rotate',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'rotateWebhook',
        summary: 'Rotate the webhook URL',
        description:
          'Replaces the webhook URL with a new one; the old one is answered 404 from now on. Settings are kept.',
        tags: ['Webhooks'],
        response: {
          200: jsonResponse('The new webhook URL.', rotatedWebhookSchema, {
            url: 'https://signals.example.com/api/webhooks/9QYvv07ydl6EfRsEPg9GPE-lQznukkqDHzGg7ityDDE',
            rotatedAt: 1749033000000,
          }),
          401: ERRORS.unauthenticated,
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => {
      // Refused posts counted under the old token are written while it still names the strategy.
      await refusals.flush();
      const webhook = await secrets.rotate(authenticatedUser(request).id);
      return { url: webhookUrl(request, config.publicUrl, webhook.token), rotatedAt: webhook.rotatedAt };
    },
  );

  app.get(
    '/api/webhook/settings',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'getWebhookSettings',
        summary: 'Get the webhook settings',
        description: "Whether the URL takes alerts from TradingView's addresses only.",
        tags: ['Webhooks'],
        response: {
          200: jsonResponse('The settings.', webhookSettingsSchema, {
            tradingViewOnly: false,
            tradingViewAddresses: [...TRADINGVIEW_ADDRESSES],
          }),
          401: ERRORS.unauthenticated,
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => settingsJson(await secrets.get(authenticatedUser(request).id)),
  );

  app.put(
    '/api/webhook/settings',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'updateWebhookSettings',
        summary: 'Change the webhook settings',
        description: [
          "Restricts the URL to TradingView's addresses, or lifts the restriction. Behind a reverse proxy this needs",
          'TRUST_PROXY to name the proxy, or every alert is refused.',
        ].join(' '),
        tags: ['Webhooks'],
        body: settingsBody,
        bodyExample: { tradingViewOnly: true },
        response: {
          200: jsonResponse('The settings as they now are.', webhookSettingsSchema, {
            tradingViewOnly: true,
            tradingViewAddresses: [...TRADINGVIEW_ADDRESSES],
          }),
          400: ERRORS.malformedJson,
          401: ERRORS.unauthenticated,
          413: ERRORS.payloadTooLarge,
          415: ERRORS.unsupportedMediaType,
          422: ERRORS.validationFailed,
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) =>
      settingsJson(await secrets.setTradingViewOnly(authenticatedUser(request).id, request.body.tradingViewOnly)),
  );

  app.post(
    '/api/strategies/:id/test-alert',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'sendTestAlert',
        summary: "Send a test alert to a strategy's URL",
        description: [
          "Posts a TradingView-style alert (buy BTC at the latest BTC/USD price, the alert template's fields) to the",
          "strategy's own webhook URL, through the receiver itself: it is read, stored, streamed and traded like any",
          "alert, and counts against the URL's rate limit. Its comment and id mark it as a test. It comes from",
          "SignalDeck itself, not from TradingView's addresses: with TradingView-only on, the URL refuses it (403), as",
          'it would any other sender. The answer says what the URL answered, the signal stored and, when it was',
          'accepted, its outcome if decided within 2 seconds (a market order waits for its minute of market data; its outcome then arrives on the live stream).',
        ].join(' '),
        tags: ['Webhooks'],
        params: strategyIdParams,
        response: {
          200: jsonResponse('What the webhook URL answered, and the signal it stored.', testAlertResultSchema, {
            status: 202,
            message: null,
            sent: testAlertText,
            tradingViewOnly: false,
            signal: {
              ...exampleSignal,
              interval: '1m',
              strategy: 'Default',
              comment: TEST_ALERT_COMMENT,
              testAlert: true,
            },
          }),
          401: ERRORS.unauthenticated,
          404: errorResponse("No such strategy among the user's.", { message: 'Strategy not found.' }),
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => {
      const userId = authenticatedUser(request).id;
      const { id } = request.params;
      const strategy = STRATEGY_ID_PATTERN.test(id)
        ? await database.db
            .selectFrom('strategies')
            .select(['id', 'name'])
            .where('id', '=', Number(id))
            .where('user_id', '=', userId)
            .executeTakeFirst()
        : undefined;
      if (!strategy) throw notFound('Strategy not found.');
      const webhook = await secrets.get(userId, Number(strategy.id));
      const now = clock();
      const btc = await latestCandle(database.db, 'BTC');
      const sent = JSON.stringify({
        ticker: 'BTCUSD',
        action: 'buy',
        ...(btc && { price: String(btc.close) }),
        interval: '1',
        time: new Date(now).toISOString(),
        strategy: strategy.name,
        comment: TEST_ALERT_COMMENT,
        id: `${TEST_ALERT_ID_PREFIX}${now}`,
      });
      // Through the receiver's own route, as TradingView's request would go: its checks, its rate limit, its storage.
      const answer = await app.inject({
        method: 'POST',
        url: `/api/webhooks/${webhook.token}`,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'user-agent': 'SignalDeck test alert' },
        remoteAddress: '127.0.0.1',
        payload: sent,
      });
      const reply = answer.json<{ id?: string; message?: string }>();
      let signal = reply.id === undefined ? undefined : await findSignal(database.db, userId, Number(reply.id));
      // An accepted signal gets its outcome from the paper executor just after it is stored: wait for it briefly.
      for (let waited = 0; signal?.status === 'accepted' && signal.outcome === null && waited < 2_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        signal = await findSignal(database.db, userId, Number(reply.id));
      }
      const { raw: _raw, ...stored } = signal ?? { raw: '' };
      return {
        status: answer.statusCode,
        message: reply.message ?? null,
        sent,
        tradingViewOnly: webhook.tradingViewOnly,
        signal: signal ? (stored as Signal) : null,
      };
    },
  );

  app.get(
    '/api/signals',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'listSignals',
        summary: 'List signals',
        description: [
          "The signed-in user's signals, newest first, a page at a time. Signals that arrive while paging do not",
          'shift the pages: follow `nextCursor` until it is null. An empty parameter counts as not given.',
        ].join(' '),
        tags: ['Signals'],
        querystring: listQuery,
        response: {
          200: jsonResponse('A page of signals.', signalPageSchema, {
            data: [exampleSignal, rejectedSignal],
            nextCursor: 'djE6NDE',
          }),
          401: ERRORS.unauthenticated,
          422: errorResponse('An invalid parameter, or a cursor that is not one of ours.', {
            message: 'The cursor is invalid. Start again from the first page.',
            errors: { cursor: ['The cursor is invalid. Start again from the first page.'] },
          }),
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => {
      const query = request.query;
      const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      if (beforeId === null)
        throw validationError({ cursor: ['The cursor is invalid. Start again from the first page.'] });
      return listSignals(database.db, authenticatedUser(request).id, {
        ticker: query.ticker,
        status: query.status,
        beforeId,
        limit: query.limit,
        from: query.from,
        to: query.to,
      });
    },
  );

  app.get(
    '/api/signals/:id',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'getSignal',
        summary: 'Get a signal',
        description: "One of the signed-in user's signals, with the body it was read from.",
        tags: ['Signals'],
        params: signalIdParams,
        response: {
          200: jsonResponse('The signal.', signalWithRawSchema, { ...exampleSignal, raw: alertText }),
          401: ERRORS.unauthenticated,
          404: errorResponse("No such signal among the user's.", { message: 'Signal not found.' }),
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const signal = SIGNAL_ID_PATTERN.test(id)
        ? await findSignal(database.db, authenticatedUser(request).id, Number(id))
        : undefined;
      if (!signal) throw notFound('Signal not found.');
      return signal;
    },
  );

  app.get(
    '/api/strategies/:id/health',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'getWebhookHealth',
        summary: "A strategy's webhook health",
        description: [
          "The strategy's webhook health: the latest alert, alerts by status in the last 24 hours and 7 days, posts",
          'refused before storing, the delivery latency of the last 7 days (alert time to receipt) and whether the',
          `strategy has gone silent: it usually receives alerts (at least ${USUAL_ALERTS_PER_WEEK} in the last 7 days)`,
          "and none arrived for `silentAfterMinutes` (a strategy setting). Another user's strategy is not found.",
        ].join(' '),
        tags: ['Webhooks'],
        params: strategyIdParams,
        response: {
          200: jsonResponse('The health figures.', webhookHealthSchema, exampleHealth),
          401: ERRORS.unauthenticated,
          404: errorResponse("No such strategy among the user's.", { message: 'Strategy not found.' }),
          429: ACCOUNT_BUSY_RESPONSE,
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const userId = authenticatedUser(request).id;
      const health = SIGNAL_ID_PATTERN.test(id)
        ? await healthReads.read(userId, Number(id), () =>
            webhookHealth(database.db, userId, Number(id), clock(), (owner, strategyId) =>
              refusals
                .readStrategies(owner)
                .then((byStrategy) => byStrategy.get(strategyId) ?? { count: 0, lastAt: null, byStatus: {} }),
            ),
          )
        : undefined;
      if (!health) throw notFound('Strategy not found.');
      return health;
    },
  );
};
