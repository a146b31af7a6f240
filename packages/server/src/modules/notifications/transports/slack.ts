import type { DeliveryResult, NotificationMessage, TransportSettings } from '../contract';
import type { Resolver } from './destination';
import { safeLink, truncate } from './format';
import { classifyAnswer, invalid, outcomeFailure, post } from './http';
import { checkSlackUrl } from './targets';

/** Slack's mrkdwn control characters: `&`, `<` and `>` (so `<!everyone>` or `<http://x|y>` cannot be formed). */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An incoming-webhook body: `text` as the notification fallback, and one mrkdwn section block. */
export function slackBody(message: NotificationMessage): string {
  const link = safeLink(message.link);
  const lines = [`*${escapeSlack(message.title)}*`];
  if (message.body !== '') lines.push(escapeSlack(message.body));
  if (link) lines.push(`<${escapeSlack(link).replace(/\|/g, '%7C')}|Open in SignalDeck>`);
  return JSON.stringify({
    text: truncate(escapeSlack(message.title), 3000),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: truncate(lines.join('\n'), 3000) } }],
    unfurl_links: false,
  });
}

/** Slack's answers are short codes in plain text (`invalid_payload`, `no_service`, …): safe words to show. */
const SLACK_CODES = new Set([
  'invalid_payload',
  'invalid_token',
  'no_service',
  'no_service_id',
  'no_team',
  'team_disabled',
  'channel_not_found',
  'channel_is_archived',
  'action_prohibited',
  'posting_to_general_channel_denied',
  'no_text',
  'too_many_attachments',
  'rollup_error',
]);

export async function deliverSlack(
  destination: { url: string },
  message: NotificationMessage,
  settings: TransportSettings,
  resolver: Resolver,
): Promise<DeliveryResult> {
  const target = checkSlackUrl(destination.url, settings.allowedHosts);
  if (!target.ok) return invalid(target.reason);
  const started = performance.now();
  const outcome = await post({
    url: target.url,
    headers: { 'content-type': 'application/json' },
    body: slackBody(message),
    timeoutMs: settings.timeoutMs,
    guard: { allowedHosts: settings.allowedHosts, resolver },
  });
  const durationMs = Math.round(performance.now() - started);
  if (outcome.kind !== 'answer') return outcomeFailure(outcome, durationMs);
  const result = classifyAnswer(outcome.answer, 'Slack', durationMs);
  const code = outcome.answer.body.trim();
  if (!result.ok && SLACK_CODES.has(code)) result.error = `${result.error}: ${code}`;
  return result;
}
