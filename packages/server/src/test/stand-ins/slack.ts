import { startHttpStandIn, type CannedAnswer, type HttpStandIn, type RecordedRequest } from './http-stand-in';

/*
 * A Slack incoming webhook (POST /services/T…/B…/secret), as Slack answers it: 200 with the text `ok`; 404
 * `no_service` for an unknown or revoked URL; 400 `invalid_payload` for a body that is not JSON and `no_text` when
 * it has neither `text` nor `blocks`; 429 with a Retry-After header when rate limited.
 */

export interface SlackStandIn extends HttpStandIn {
  url: string;
  messages: SlackMessage[];
}

export interface SlackMessage {
  text?: string;
  blocks?: { type: string; text?: { type: string; text: string } }[];
}

const text = (status: number, body: string, headers: Record<string, string> = {}): CannedAnswer => ({
  status,
  headers: { 'content-type': 'text/html', ...headers },
  body,
});

export const slackRateLimited = (seconds: number) => text(429, 'rate_limited', { 'retry-after': String(seconds) });

export async function startSlackStandIn(): Promise<SlackStandIn> {
  const path = '/services/T0SIGNAL1/B0DECK42/9hX2kLmQ4rT7vWz1yB3nC5dF';
  const messages: SlackMessage[] = [];
  const answer = (request: RecordedRequest): CannedAnswer => {
    if (request.method !== 'POST' || request.url !== path) return text(404, 'no_service');
    let body: SlackMessage;
    try {
      body = JSON.parse(request.body) as SlackMessage;
    } catch {
      return text(400, 'invalid_payload');
    }
    if (typeof body !== 'object' || body === null) return text(400, 'invalid_payload');
    if ((typeof body.text !== 'string' || body.text === '') && !Array.isArray(body.blocks)) return text(400, 'no_text');
    for (const block of body.blocks ?? []) {
      if (typeof block.type !== 'string') return text(400, 'invalid_blocks');
      if (block.text && block.text.text.length > 3000) return text(400, 'invalid_blocks');
    }
    messages.push(body);
    return text(200, 'ok');
  };
  const standIn = await startHttpStandIn(answer);
  return Object.assign(standIn, { url: `${standIn.origin}${path}`, messages });
}
