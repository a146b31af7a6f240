import { json, startHttpStandIn, type CannedAnswer, type HttpStandIn, type RecordedRequest } from './http-stand-in';

/*
 * Discord's "execute webhook" endpoint (POST /api/webhooks/{id}/{token}), as Discord answers it: 204 without
 * content; 401 for a wrong token, 404 for an unknown webhook; 400 with Discord's error envelope when the body has
 * neither `content` nor `embeds`, or breaks a length limit (content 2000, 10 embeds, title 256, description 4096);
 * 429 with `retry_after` (seconds) in the JSON and a Retry-After header.
 */

export interface DiscordStandIn extends HttpStandIn {
  webhookId: string;
  token: string;
  /** The URL to give a Discord channel. */
  url: string;
  /** The bodies of the messages accepted (204), parsed. */
  messages: DiscordMessage[];
}

export interface DiscordMessage {
  content?: string;
  embeds?: { title?: string; description?: string; url?: string; timestamp?: string; color?: number }[];
  allowed_mentions?: { parse?: string[] };
}

const badForm = (errors: Record<string, unknown>) => json(400, { code: 50035, errors, message: 'Invalid Form Body' });

/** Discord's rate-limit answer. */
export function discordRateLimited(retryAfterSeconds: number): CannedAnswer {
  return json(
    429,
    { message: 'You are being rate limited.', retry_after: retryAfterSeconds, global: false },
    { 'retry-after': String(Math.ceil(retryAfterSeconds)), 'x-ratelimit-scope': 'user' },
  );
}

export async function startDiscordStandIn(): Promise<DiscordStandIn> {
  const webhookId = '1187654321098765432';
  const token = 'aB3dE-fGh_iJkLmNoPqRsTuVwXyZ0123456789abcdefGHIJKLmnopqrstuvwxyz01';
  const messages: DiscordMessage[] = [];
  const answer = (request: RecordedRequest): CannedAnswer => {
    const path = new URL(request.url, 'http://stand-in').pathname;
    const match = /^\/api\/(?:v\d+\/)?webhooks\/(\d+)\/([^/]+)\/?$/.exec(path);
    if (request.method !== 'POST' || !match) return json(404, { message: '404: Not Found', code: 0 });
    if (match[1] !== webhookId) return json(404, { message: 'Unknown Webhook', code: 10015 });
    if (match[2] !== token) return json(401, { message: 'Invalid Webhook Token', code: 50027 });
    if (!String(request.headers['content-type']).startsWith('application/json')) {
      return json(400, { message: 'Cannot send an empty message', code: 50006 });
    }
    let body: DiscordMessage;
    try {
      body = JSON.parse(request.body) as DiscordMessage;
    } catch {
      return json(400, { message: 'The request body contains invalid JSON.', code: 50109 });
    }
    const embeds = body.embeds ?? [];
    if ((body.content === undefined || body.content === '') && embeds.length === 0) {
      return json(400, { message: 'Cannot send an empty message', code: 50006 });
    }
    if (body.content !== undefined && [...body.content].length > 2000) {
      return badForm({
        content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] },
      });
    }
    if (embeds.length > 10) return badForm({ embeds: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } });
    for (const embed of embeds) {
      if (embed.title !== undefined && [...embed.title].length > 256) return badForm({ embeds: { 0: { title: {} } } });
      if (embed.description !== undefined && [...embed.description].length > 4096) {
        return badForm({ embeds: { 0: { description: {} } } });
      }
      if (embed.timestamp !== undefined && Number.isNaN(Date.parse(embed.timestamp))) {
        return badForm({ embeds: { 0: { timestamp: {} } } });
      }
    }
    messages.push(body);
    return { status: 204 };
  };
  const standIn = await startHttpStandIn(answer);
  return Object.assign(standIn, {
    webhookId,
    token,
    url: `${standIn.origin}/api/webhooks/${webhookId}/${token}`,
    messages,
  });
}
