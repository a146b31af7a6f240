import { z } from 'zod';
import { AUTH_BODY_LIMIT_BYTES } from '../modules/auth/routes';
import { PERSIST_FORMING_MS } from '../modules/market/feed';
import { INTERVALS, type Candle, type Interval } from '../modules/market/markets';
import { candlesQuery, DEFAULT_CANDLE_LIMIT, MAX_CANDLE_LIMIT } from '../modules/market/routes';
import { listQuery, MAX_ALERT_BYTES, WEBHOOK_REQUESTS_PER_MINUTE } from '../modules/signals/routes';
import { SIGNAL_ID_PATTERN } from '../modules/signals/schemas';
import { TRADINGVIEW_ADDRESSES, WEBHOOK_TOKEN_PATTERN } from '../modules/signals/webhook-secrets';
import { HEARTBEAT_MS, REAUTHENTICATE_MS, RETRY_MS } from '../modules/stream/hub';
import {
  COMPONENT_SCHEMAS as schemas,
  ERRORS,
  jsonBody,
  jsonResponse,
  parameters,
  rateLimited,
  type ApiOperation,
} from './registry';

const password = 'correct horse battery';
const user = { id: 7, name: 'Ada Lovelace', email: 'ada@example.com' };
const signedIn = { user, token: '12|Z4xD9trUwhNE7932xkKqLDygyBumT0Kr6sha5z6ut_0' };
const webhookUrl = 'https://signals.example.com/api/webhooks/mGm7DU5v_9AwnG5JspchJT2O9KLhl2R1cDSjgPtCLqY';
const alertText =
  '{"ticker": "BINANCE:BTCUSDT", "action": "buy", "price": "65000.5", "quantity": "0.25", "interval": "15", "strategy": "EMA cross", "time": "2025-06-04T10:30:00Z", "id": "ema-7-1749033000"}';
const signal = {
  id: '42',
  ticker: 'BTC',
  action: 'buy',
  price: 65000.5,
  quantity: 0.25,
  positionSize: null,
  interval: '15m',
  strategy: 'EMA cross',
  comment: null,
  status: 'accepted',
  reason: null,
  duplicateOf: null,
  alertTime: 1749033000000,
  receivedAt: 1749033000412,
} satisfies z.input<typeof schemas.Signal>;
const rejectedSignal = {
  ...signal,
  id: '41',
  action: null,
  price: null,
  quantity: null,
  status: 'rejected',
  reason: 'Missing action',
  receivedAt: 1749032940208,
} satisfies z.input<typeof schemas.Signal>;
const candle = (time: number, open: number, close: number, volume: number): Candle => ({
  time,
  open,
  high: Math.max(open, close) + 12.5,
  low: Math.min(open, close) - 8.25,
  close,
  volume,
});
const INTERVAL_START: Record<Interval, number> = {
  '1m': 1749033000000,
  '5m': 1749033000000,
  '15m': 1749033000000,
  '1h': 1749031200000,
  '4h': 1749024000000,
  '1d': 1748995200000,
};
const candleUpdate = {
  symbol: 'BTC',
  candles: Object.fromEntries(
    INTERVALS.map((interval) => [interval, candle(INTERVAL_START[interval], 84943.46, 84969.97, 12.40342)]),
  ) as Record<Interval, Candle>,
} satisfies z.input<typeof schemas.CandleUpdate>;

const streamExample = [
  `retry: ${RETRY_MS}`,
  `event: candle\ndata: ${JSON.stringify(candleUpdate)}`,
  `event: signal\ndata: ${JSON.stringify(signal)}`,
  ': heartbeat',
].join('\n\n');

const symbolParams = parameters(z.object({ symbol: z.string() }), {
  symbol: 'The pair: BTC, ETH or SOL, in any case.',
});
const tokenParams = parameters(z.object({ token: z.string().regex(WEBHOOK_TOKEN_PATTERN) }), {
  token: "The webhook's secret token, from `GET /api/webhook`. It is the credential: keep it secret.",
});
const signalIdParams = parameters(z.object({ id: z.string().regex(SIGNAL_ID_PATTERN) }), {
  id: "The signal's id.",
});

const AUTH_BODY_LIMIT = `Bodies over ${AUTH_BODY_LIMIT_BYTES / 1024} KiB are refused (413).`;

/** Every route under /api/, in the order the reference lists them. */
export const OPERATIONS: readonly ApiOperation[] = [
  {
    operationId: 'register',
    method: 'post',
    path: '/api/register',
    summary: 'Create an account',
    description: [
      'Creates an account and signs it in, answering with a new token.',
      '`email` must be a valid address of at most 255 characters (it is trimmed and lower-cased) that no account has;',
      '`password` 8 to 128 characters, with `password_confirmation` equal to it.',
      `${AUTH_BODY_LIMIT} Each IP address may register RATE_LIMIT_REGISTER_PER_MINUTE times a minute (default 10).`,
    ].join(' '),
    tag: 'Auth',
    auth: false,
    body: jsonBody(schemas.RegisterRequest, {
      name: user.name,
      email: user.email,
      password,
      password_confirmation: password,
    }),
    responses: {
      201: jsonResponse('Registered and signed in.', schemas.SignedIn, signedIn),
      400: ERRORS.malformedJson,
      413: ERRORS.payloadTooLarge,
      415: ERRORS.unsupportedMediaType,
      422: ERRORS.validationFailed,
      429: rateLimited(
        'Too many registrations from this IP address.',
        'Too many registrations from this address. Please try again in 42 seconds.',
      ),
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'login',
    method: 'post',
    path: '/api/login',
    summary: 'Sign in',
    description: [
      'Signs in with email and password, answering with a new token.',
      'A wrong email or password is a 422 with the same message either way, on `email`.',
      `${AUTH_BODY_LIMIT} Each IP address may try RATE_LIMIT_LOGIN_PER_MINUTE times a minute (default 20), and`,
      'fail RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE times a minute per account (default 5).',
    ].join(' '),
    tag: 'Auth',
    auth: false,
    body: jsonBody(schemas.LoginRequest, { email: user.email, password }),
    responses: {
      200: jsonResponse('Signed in.', schemas.SignedIn, signedIn),
      400: ERRORS.malformedJson,
      413: ERRORS.payloadTooLarge,
      415: ERRORS.unsupportedMediaType,
      422: jsonResponse('Invalid input, or a wrong email or password.', schemas.Error, {
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      }),
      429: rateLimited(
        'Too many attempts from this IP address, or too many failures for this account.',
        'Too many login attempts. Please try again in 42 seconds.',
      ),
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'logout',
    method: 'post',
    path: '/api/logout',
    summary: 'Sign out',
    description: 'Revokes the token the request presents; other tokens of the user keep working.',
    tag: 'Auth',
    auth: true,
    responses: {
      204: { description: 'Signed out: the token no longer works.' },
      401: ERRORS.unauthenticated,
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'getUser',
    method: 'get',
    path: '/api/user',
    summary: 'Get the signed-in user',
    description: 'The user the token belongs to.',
    tag: 'Auth',
    auth: true,
    responses: {
      200: jsonResponse('The signed-in user.', schemas.User, user),
      401: ERRORS.unauthenticated,
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'listMarkets',
    method: 'get',
    path: '/api/markets',
    summary: 'List the markets',
    description: 'The pairs SignalDeck charts, the intervals it offers, and where the candles come from.',
    tag: 'Market data',
    auth: true,
    responses: {
      200: jsonResponse('The markets.', schemas.MarketList, {
        data: [
          { symbol: 'BTC', quote: 'USD', name: 'Bitcoin' },
          { symbol: 'ETH', quote: 'USD', name: 'Ether' },
          { symbol: 'SOL', quote: 'USD', name: 'Solana' },
        ],
        intervals: [...INTERVALS],
        source: 'demo',
      }),
      401: ERRORS.unauthenticated,
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'listCandles',
    method: 'get',
    path: '/api/markets/{symbol}/candles',
    summary: 'List candles',
    description: [
      'The latest `limit` candles of the pair at `interval` (before `before`, when given), oldest first.',
      `The newest candle is still forming: it is stored every ${PERSIST_FORMING_MS / 1000} seconds, while the live stream carries each tick.`,
    ].join(' '),
    tag: 'Market data',
    auth: true,
    params: symbolParams,
    query: parameters(candlesQuery, {
      interval: 'The candle interval.',
      limit: `How many candles, 1 to ${MAX_CANDLE_LIMIT}. Default ${DEFAULT_CANDLE_LIMIT}.`,
      before: 'Only candles that start before this time (epoch milliseconds): for loading older history.',
    }),
    responses: {
      200: jsonResponse('The candles.', schemas.Candles, {
        symbol: 'BTC',
        interval: '1h',
        candles: [
          candle(1749027600000, 84611.02, 84943.46, 501.2291),
          candle(1749031200000, 84943.46, 84469.97, 492.38248),
        ],
      }),
      401: ERRORS.unauthenticated,
      404: jsonResponse('No such pair.', schemas.Error, { message: 'Unknown market: XYZ' }),
      422: jsonResponse('An invalid parameter.', schemas.Error, {
        message: 'The selected interval is invalid.',
        errors: { interval: ['The selected interval is invalid.'] },
      }),
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'openStream',
    method: 'get',
    path: '/api/stream',
    summary: 'Open the live stream',
    description: [
      'Server-sent events, for as long as the connection stays open: a `candle` event after every tick of the',
      'market feed (to every signed-in connection), and a `signal` event for each signal stored on the',
      "user's webhook (to that user's connections only). Each event's `data` is one line of JSON.",
      `The stream opens with \`retry: ${RETRY_MS}\` (the suggested reconnection delay in milliseconds) and sends a`,
      `\`: heartbeat\` comment every ${HEARTBEAT_MS / 1000} seconds. The token is checked again every`,
      `${REAUTHENTICATE_MS / 1000} seconds; once it is revoked or expired, the stream ends.`,
      "Browsers' EventSource cannot send the Authorization header: read the stream with fetch.",
      'Events sent while a client is disconnected are not replayed: after reconnecting, fetch what it shows again.',
    ].join(' '),
    tag: 'Live stream',
    auth: true,
    responses: {
      200: {
        description: 'The event stream.',
        stream: { events: { candle: schemas.CandleUpdate, signal: schemas.Signal }, example: streamExample },
      },
      401: ERRORS.unauthenticated,
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'receiveAlert',
    method: 'post',
    path: '/api/webhooks/{token}',
    summary: 'Receive an alert',
    description: [
      'The webhook URL TradingView (or anything that can POST) sends alerts to. The token in the path is the',
      'credential: no bearer token, no signing. Any content type is taken, and every body to a valid URL is',
      'stored, even one SignalDeck cannot read: that becomes a rejected signal with the reason, so the trader',
      `can see why an alert did nothing. Bodies over ${MAX_ALERT_BYTES / 1024} KiB are refused. Each URL takes`,
      `${WEBHOOK_REQUESTS_PER_MINUTE} requests a minute (per server instance). A 2xx answer is sent once the`,
      'signal is on disk.',
    ].join(' '),
    tag: 'Webhooks',
    auth: false,
    params: tokenParams,
    body: {
      required: false,
      content: {
        'application/json': { schema: schemas.AlertMessage, example: JSON.parse(alertText) },
        'text/plain': { schema: schemas.AlertText, example: alertText },
      },
    },
    responses: {
      202: jsonResponse('Stored as a new signal, accepted or rejected.', schemas.AlertStored, {
        id: '42',
        status: 'accepted',
      }),
      200: jsonResponse('A repeat of a stored signal: recorded as a duplicate of it.', schemas.AlertRepeated, {
        id: '42',
        duplicate: true,
      }),
      403: jsonResponse(
        "The URL takes alerts from TradingView's addresses only, and this came from elsewhere.",
        schemas.Error,
        {
          message: "This webhook only accepts alerts from TradingView's addresses (see Settings > API Keys).",
        },
      ),
      404: jsonResponse('No such webhook URL (mistyped, or rotated away). Nothing was stored.', schemas.Error, {
        message: 'This webhook URL is not valid. Copy the current one from Settings > API Keys in SignalDeck.',
      }),
      413: ERRORS.payloadTooLarge,
      429: rateLimited(
        'Too many alerts for this URL.',
        'Too many alerts for this webhook. Please try again in 42 seconds.',
      ),
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'getWebhook',
    method: 'get',
    path: '/api/webhook',
    summary: 'Get the webhook URL',
    description: "The signed-in user's webhook URL (created the first time it is asked for) and its settings.",
    tag: 'Webhooks',
    auth: true,
    responses: {
      200: jsonResponse('The webhook.', schemas.Webhook, {
        url: webhookUrl,
        createdAt: 1748995200000,
        rotatedAt: null,
        tradingViewOnly: false,
        tradingViewAddresses: [...TRADINGVIEW_ADDRESSES],
      }),
      401: ERRORS.unauthenticated,
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'rotateWebhook',
    method: 'post',
    path: '/api/webhook/rotate',
    summary: 'Rotate the webhook URL',
    description: 'Replaces the webhook URL with a new one; the old one is answered 404 from now on. Settings are kept.',
    tag: 'Webhooks',
    auth: true,
    responses: {
      200: jsonResponse('The new webhook URL.', schemas.RotatedWebhook, {
        url: 'https://signals.example.com/api/webhooks/9QYvv07ydl6EfRsEPg9GPE-lQznukkqDHzGg7ityDDE',
        rotatedAt: 1749033000000,
      }),
      401: ERRORS.unauthenticated,
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'getWebhookSettings',
    method: 'get',
    path: '/api/webhook/settings',
    summary: 'Get the webhook settings',
    description: "Whether the URL takes alerts from TradingView's addresses only.",
    tag: 'Webhooks',
    auth: true,
    responses: {
      200: jsonResponse('The settings.', schemas.WebhookSettings, {
        tradingViewOnly: false,
        tradingViewAddresses: [...TRADINGVIEW_ADDRESSES],
      }),
      401: ERRORS.unauthenticated,
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'updateWebhookSettings',
    method: 'put',
    path: '/api/webhook/settings',
    summary: 'Change the webhook settings',
    description: [
      "Restricts the URL to TradingView's addresses, or lifts the restriction. Behind a reverse proxy this needs",
      'TRUST_PROXY to name the proxy, or every alert is refused.',
    ].join(' '),
    tag: 'Webhooks',
    auth: true,
    body: jsonBody(schemas.WebhookSettingsRequest, { tradingViewOnly: true }),
    responses: {
      200: jsonResponse('The settings as they now are.', schemas.WebhookSettings, {
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
  {
    operationId: 'listSignals',
    method: 'get',
    path: '/api/signals',
    summary: 'List signals',
    description: [
      "The signed-in user's signals, newest first, a page at a time. Signals that arrive while paging do not",
      'shift the pages: follow `next_cursor` until it is null. An empty parameter counts as not given.',
    ].join(' '),
    tag: 'Signals',
    auth: true,
    query: parameters(listQuery, {
      ticker: 'Only signals of this ticker, read as the signals are (`BINANCE:BTCUSDT` finds `BTC`).',
      status: 'Only signals with this status.',
      cursor: 'The `next_cursor` of the previous page.',
      limit: 'Signals per page, 1 to 200. Default 50.',
    }),
    responses: {
      200: jsonResponse('A page of signals.', schemas.SignalPage, {
        data: [signal, rejectedSignal],
        next_cursor: 'djE6NDE',
      }),
      401: ERRORS.unauthenticated,
      422: jsonResponse('An invalid parameter, or a cursor that is not one of ours.', schemas.Error, {
        message: 'The cursor is invalid. Start again from the first page.',
        errors: { cursor: ['The cursor is invalid. Start again from the first page.'] },
      }),
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'getSignal',
    method: 'get',
    path: '/api/signals/{id}',
    summary: 'Get a signal',
    description: "One of the signed-in user's signals, with the body it was read from.",
    tag: 'Signals',
    auth: true,
    params: signalIdParams,
    responses: {
      200: jsonResponse('The signal.', schemas.SignalWithRaw, { ...signal, raw: alertText }),
      401: ERRORS.unauthenticated,
      404: jsonResponse("No such signal among the user's.", schemas.Error, { message: 'Signal not found.' }),
      503: ERRORS.unavailable,
    },
  },
  {
    operationId: 'getHealth',
    method: 'get',
    path: '/api/health',
    summary: 'Check health',
    description:
      'Whether the server and its database answer (the database within 2 seconds): for load balancers and monitors.',
    tag: 'Service',
    auth: false,
    responses: {
      200: jsonResponse('Healthy.', schemas.HealthStatus, { status: 'ok' }),
      503: jsonResponse('The database is not answering.', schemas.HealthStatus, {
        status: 'unavailable',
        message: 'The database is not answering.',
      }),
    },
  },
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/api/openapi.json',
    summary: 'Get this description',
    description: 'This API as an OpenAPI 3.1 document, for tools and client generators.',
    tag: 'Service',
    auth: false,
    responses: {
      200: jsonResponse(
        'The OpenAPI document.',
        schemas.OpenApiDocument,
        { openapi: '3.1.0', info: { title: 'SignalDeck API', version: '0.1.0' }, paths: {}, components: {} },
        { 'Cache-Control': '`public, max-age=300`: the document changes only with the server.' },
      ),
    },
  },
];
