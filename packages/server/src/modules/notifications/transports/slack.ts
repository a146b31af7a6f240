import type { DeliveryResult, NotificationMessage, TransportSettings } from '../contract';
import type { Resolver } from './destination';
import { safeLink, truncate } from './format';
import { classifyAnswer, invalid, outcomeFailure, post } from './http';
import { checkSlackUrl } from './targets';

/** Slack's mrkdwn control characters: `&`, `<` and `>` (so `<!everyone>` or `<http://x|y>` cannot be formed). */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Cuts escaped text to `max` characters without splitting an entity (`&amp;` is whole or gone). */
function truncateEscaped(text: string, max: number): string {
  if ([...text].length <= max) return text;
  return `${truncate(text, max)
    .slice(0, -1)
    .replace(/&[a-z]*$/, '')}…`;
}

/** Slack's limit for a section block's text. */
const SECTION_MAX = 3000;

/**
 * An incoming-webhook body: `text` as the notification fallback, and one mrkdwn section block (title in bold, the
 * body cut to fit, the link kept whole at the end).
 */
export function slackBody(message: NotificationMessage): string {
  const link = safeLink(message.link);
  const title = `*${truncateEscaped(escapeSlack(message.title), 300)}*`;
  const linkLine = link ? `<${escapeSlack(link).replace(/\|/g, '%7C')}|Open in SignalDeck>` : null;
  const budget = SECTION_MAX - [...title].length - (linkLine ? [...linkLine].length + 1 : 0) - 1;
  const lines = [title];
  if (message.body !== '') lines.push(truncateEscaped(escapeSlack(message.body), budget));
  if (linkLine) lines.push(linkLine);
  return JSON.stringify({
    text: truncateEscaped(escapeSlack(message.title), SECTION_MAX),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } }],
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
