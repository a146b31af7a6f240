import type { DeliveryResult, NotificationMessage, TransportSettings } from '../contract';
import { escapeHtml, safeLink, truncate } from './format';
import { classifyAnswer, invalid, outcomeFailure, post } from './http';
import { TELEGRAM_CHAT, TELEGRAM_TOKEN } from './targets';

/*
 * Telegram's Bot API sendMessage. The bot token is in the URL path (`/bot<token>/sendMessage`): it is a
 * credential, so no error, log line or result ever carries the URL. The API's base URL is the operator's setting
 * (TELEGRAM_API_URL), not the trader's, so it is not subject to the private-address guard.
 */

/** The sendMessage body: HTML mode with every piece of data escaped, link previews off. */
export function telegramBody(chatId: string, message: NotificationMessage): string {
  const link = safeLink(message.link);
  const parts = [`<b>${escapeHtml(truncate(message.title, 256))}</b>`];
  if (message.body !== '') parts.push(escapeHtml(truncate(message.body, 3000)));
  if (link) parts.push(`<a href="${escapeHtml(link)}">Open in SignalDeck</a>`);
  return JSON.stringify({
    chat_id: chatId,
    text: parts.join('\n'),
    parse_mode: 'HTML',
    disable_web_page_preview: true,
  });
}

interface TelegramAnswer {
  ok?: boolean;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** Telegram's descriptions are short fixed phrases ("Bad Request: chat not found"); anything else is not shown. */
const SAFE_DESCRIPTION = /^[A-Za-z][A-Za-z0-9 :,.'_-]{0,119}$/;

export async function deliverTelegram(
  destination: { botToken: string; chatId: string },
  message: NotificationMessage,
  settings: TransportSettings,
): Promise<DeliveryResult> {
  if (!TELEGRAM_TOKEN.test(destination.botToken))
    return invalid('The Telegram bot token is not in the form 123456:ABC…');
  if (!TELEGRAM_CHAT.test(destination.chatId))
    return invalid('The Telegram chat id must be a number or an @channel name');
  let url: URL;
  try {
    url = new URL(`${settings.telegramApiUrl.replace(/\/+$/, '')}/bot${destination.botToken}/sendMessage`);
  } catch {
    return invalid('TELEGRAM_API_URL is not a valid URL');
  }
  const started = performance.now();
  const outcome = await post({
    url,
    headers: { 'content-type': 'application/json' },
    body: telegramBody(destination.chatId, message),
    timeoutMs: settings.timeoutMs,
    guard: null,
  });
  const durationMs = Math.round(performance.now() - started);
  if (outcome.kind !== 'answer') {
    // The reason names the host only (never the path, which holds the token).
    return outcomeFailure(outcome, durationMs);
  }
  let parsed: TelegramAnswer = {};
  try {
    parsed = JSON.parse(outcome.answer.body) as TelegramAnswer;
  } catch {
    // Not Telegram's JSON envelope: judged by the status alone.
  }
  const retryAfter = parsed.parameters?.retry_after;
  const result = classifyAnswer(
    outcome.answer,
    'Telegram',
    durationMs,
    typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter * 1000 : undefined,
  );
  if (result.ok && parsed.ok !== true) {
    return { ...result, ok: false, permanent: false, error: 'Telegram answered without confirming the message' };
  }
  if (!result.ok && typeof parsed.description === 'string' && SAFE_DESCRIPTION.test(parsed.description)) {
    result.error = `Telegram answered HTTP ${outcome.answer.status}: ${parsed.description}`;
  }
  return result;
}
