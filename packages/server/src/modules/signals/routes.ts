import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { HttpError, notFound, tooManyRequests } from '../../http/errors';
import { parseInput, validationError } from '../../http/validation';
import { authenticatedUser } from '../auth/require-auth';
import { readAlert, SignalIngest, type PublishSignal } from './ingest';
import { normalizeTicker } from './normalize';
import { FixedWindowRateLimiter } from './rate-limiter';
import { decodeCursor, findSignal, listSignals } from './signal-queries';
import {
  hashWebhookToken,
  TRADINGVIEW_ADDRESSES,
  WEBHOOK_TOKEN_PATTERN,
  WebhookSecrets,
  type Webhook,
} from './webhook-secrets';

/** An alert body above this is refused with 413 and not stored. */
export const MAX_ALERT_BYTES = 64 * 1024;
/** Per webhook URL: generous for alerts, a brake on a runaway script or a leaked URL. */
export const WEBHOOK_REQUESTS_PER_MINUTE = 120;

const unknownWebhook = () =>
  notFound('This webhook URL is not valid. Copy the current one from Settings > API Keys in SignalDeck.');

/** Query values: an empty parameter counts as not given. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const listQuery = z.object({
  ticker: optional(z.string().max(64).transform(normalizeTicker).pipe(z.string())),
  status: optional(z.enum(['accepted', 'rejected', 'duplicate'])),
  cursor: optional(z.string().max(100)),
  limit: optional(
    z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().min(1).max(200)),
  ).transform((limit) => limit ?? 50),
});

export const settingsBody = z.object({ tradingViewOnly: z.boolean() });

/** The public base URL: PUBLIC_URL when set, else the origin this request reached (proxy headers per TRUST_PROXY). */
function webhookUrl(request: FastifyRequest, publicUrl: string | undefined, token: string): string {
  return `${publicUrl ?? `${request.protocol}://${request.host}`}/api/webhooks/${token}`;
}

const settingsJson = (webhook: Webhook) => ({
  tradingViewOnly: webhook.tradingViewOnly,
  tradingViewAddresses: TRADINGVIEW_ADDRESSES,
});

/**
 * Webhook signals: the receiver TradingView posts to (`POST /api/webhooks/{token}`, no sign-in, the token is
 * the credential), the signed-in user's webhook URL and its settings, and the signals list.
 */
export const signalsRoutes: FastifyPluginAsync<AppContext> = async (app, { config, database, clock, requireAuth }) => {
  const secrets = new WebhookSecrets(database.db, clock);
  // After commit, to the owner's stream connections on every instance (the stream module registers before this one).
  const publish: PublishSignal = (userId, signal) => void app.stream.publish({ event: 'signal', userId, data: signal });
  const ingest = new SignalIngest({ database, dataDir: config.dataDir, publish, log: app.log });
  const rateLimiter = new FixedWindowRateLimiter(WEBHOOK_REQUESTS_PER_MINUTE, 60_000, clock);
  app.addHook('onClose', () => ingest.close());

  // The receiver takes any content type (TradingView sends text/plain, others JSON or nothing) as raw bytes:
  // the body is kept as received and read by parseAlert, so its own parsers are the only ones in this scope.
  await app.register(async (receiver) => {
    receiver.removeAllContentTypeParsers();
    receiver.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    receiver.post<{ Params: { token: string } }>(
      '/api/webhooks/:token',
      { bodyLimit: MAX_ALERT_BYTES },
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
        const outcome = await ingest.submit(
          readAlert({
            tokenHash,
            clientAddress: request.ip,
            receivedAt: clock(),
            raw: body ? body.toString('utf8') : '',
          }),
        );
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
            if (signal.status === 'duplicate') return reply.code(200).send({ id: signal.duplicateOf, duplicate: true });
            return reply.code(202).send({ id: signal.id, status: signal.status });
          }
        }
      },
    );
  });

  app.get('/api/webhook', { preHandler: requireAuth }, async (request) => {
    const webhook = await secrets.get(authenticatedUser(request).id);
    return {
      url: webhookUrl(request, config.publicUrl, webhook.token),
      createdAt: webhook.createdAt,
      rotatedAt: webhook.rotatedAt,
      ...settingsJson(webhook),
    };
  });

  app.post('/api/webhook/rotate', { preHandler: requireAuth }, async (request) => {
    const webhook = await secrets.rotate(authenticatedUser(request).id);
    return { url: webhookUrl(request, config.publicUrl, webhook.token), rotatedAt: webhook.rotatedAt };
  });

  app.get('/api/webhook/settings', { preHandler: requireAuth }, async (request) =>
    settingsJson(await secrets.get(authenticatedUser(request).id)),
  );

  app.put('/api/webhook/settings', { preHandler: requireAuth }, async (request) => {
    const { tradingViewOnly } = parseInput(settingsBody, request.body ?? {});
    return settingsJson(await secrets.setTradingViewOnly(authenticatedUser(request).id, tradingViewOnly));
  });

  app.get('/api/signals', { preHandler: requireAuth }, async (request) => {
    const query = parseInput(listQuery, request.query);
    const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (beforeId === null)
      throw validationError({ cursor: ['The cursor is invalid. Start again from the first page.'] });
    return listSignals(database.db, authenticatedUser(request).id, {
      ticker: query.ticker,
      status: query.status,
      beforeId,
      limit: query.limit,
    });
  });

  app.get<{ Params: { id: string } }>('/api/signals/:id', { preHandler: requireAuth }, async (request) => {
    const { id } = request.params;
    const signal = /^[1-9]\d{0,15}$/.test(id)
      ? await findSignal(database.db, authenticatedUser(request).id, Number(id))
      : undefined;
    if (!signal) throw notFound('Signal not found.');
    return signal;
  });
};
