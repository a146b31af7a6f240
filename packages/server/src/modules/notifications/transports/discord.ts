import type { DeliveryResult, NotificationMessage, TransportSettings } from '../contract';
import type { Resolver } from './destination';
import { eventColor, safeLink, truncate } from './format';
import { classifyAnswer, invalid, outcomeFailure, post, retryAfterHeader } from './http';
import { checkDiscordUrl } from './targets';

/** Discord markdown that would change how data reads (bold, links, code, quotes, headings) is backslash-escaped. */
export function escapeDiscordMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>#[\]()-]/g, (char) => `\\${char}`);
}

/** Discord's execute-webhook body: one embed; `allowed_mentions` empty so data can never ping @everyone or a role. */
export function discordBody(message: NotificationMessage): string {
  const link = safeLink(message.link);
  return JSON.stringify({
    embeds: [
      {
        title: truncate(escapeDiscordMarkdown(message.title), 256),
        description: truncate(escapeDiscordMarkdown(message.body), 4096),
        ...(link ? { url: link } : {}),
        timestamp: new Date(message.occurredAt).toISOString(),
        color: eventColor(message.event),
      },
    ],
    allowed_mentions: { parse: [] },
  });
}

/** Discord answers a 429 with `{"retry_after": seconds}` (and a Retry-After header). */
function discordRetryAfter(body: string): number | null {
  try {
    const parsed = JSON.parse(body) as { retry_after?: unknown };
    return typeof parsed.retry_after === 'number' && parsed.retry_after >= 0
      ? Math.ceil(parsed.retry_after * 1000)
      : null;
  } catch {
    return null;
  }
}

export async function deliverDiscord(
  destination: { url: string },
  message: NotificationMessage,
  settings: TransportSettings,
  resolver: Resolver,
): Promise<DeliveryResult> {
  const target = checkDiscordUrl(destination.url, settings.allowedHosts);
  if (!target.ok) return invalid(target.reason);
  const started = performance.now();
  const outcome = await post({
    url: target.url,
    headers: { 'content-type': 'application/json' },
    body: discordBody(message),
    timeoutMs: settings.timeoutMs,
    guard: { allowedHosts: settings.allowedHosts, resolver },
  });
  const durationMs = Math.round(performance.now() - started);
  if (outcome.kind !== 'answer') return outcomeFailure(outcome, durationMs);
  const { answer } = outcome;
  const retryAfter =
    answer.status === 429
      ? (discordRetryAfter(answer.body) ?? retryAfterHeader(answer.headers['retry-after']))
      : retryAfterHeader(answer.headers['retry-after']);
  const result = classifyAnswer(answer, 'Discord', durationMs, retryAfter);
  if (answer.status === 404) result.error = 'Discord answered HTTP 404: the webhook was deleted';
  if (answer.status === 401) result.error = 'Discord answered HTTP 401: the webhook token is wrong';
  return result;
}
