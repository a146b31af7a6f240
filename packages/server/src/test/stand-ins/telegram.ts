import { json, startHttpStandIn, type CannedAnswer, type HttpStandIn, type RecordedRequest } from './http-stand-in';

/*
 * Telegram's Bot API (POST /bot<token>/sendMessage), as Telegram answers it: the JSON envelope
 * `{ok: true, result: Message}` or `{ok: false, error_code, description, parameters?}`: 401 "Unauthorized" for an
 * unknown token, 400 "Bad Request: chat not found", "Bad Request: message text is empty", "Bad Request: message is
 * too long" (over 4096 characters after entity parsing) and "Bad Request: can't parse entities: …" for HTML that Telegram's parser
 * refuses (a tag it does not support, a bare `&`), 429 with `parameters.retry_after`.
 */

export interface TelegramStandIn extends HttpStandIn {
  /** Set as TELEGRAM_API_URL. */
  apiUrl: string;
  botToken: string;
  /** Chats the bot can write to. */
  chatIds: string[];
  messages: TelegramMessage[];
}

export interface TelegramMessage {
  chat_id: string | number;
  text: string;
  parse_mode?: string;
  disable_web_page_preview?: boolean;
}

const failure = (code: number, description: string, parameters?: Record<string, unknown>): CannedAnswer =>
  json(code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

export const telegramRateLimited = (seconds: number) =>
  failure(429, `Too Many Requests: retry after ${seconds}`, { retry_after: seconds });

const HTML_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'a',
  'code',
  'pre',
  'span',
  'tg-spoiler',
  'blockquote',
]);

/** Telegram's HTML rules: only its tags, `<` only as a tag, `&` only as an entity. Null when it parses. */
function htmlProblem(text: string): string | null {
  const tag = /<\/?([a-z-]+)(\s[^<>]*)?>/g;
  for (const match of text.matchAll(tag)) {
    if (!HTML_TAGS.has(match[1]!)) return `Unsupported start tag "${match[1]}"`;
  }
  let rest = text.replace(tag, '');
  if (rest.includes('<') || rest.includes('>')) return 'Unexpected end of name token';
  rest = rest.replace(/&(lt|gt|amp|quot|#\d+);/g, '');
  if (rest.includes('&')) return 'Character entity expected';
  return null;
}

/** The text a reader sees, as Telegram counts it against its 4096 limit: tags removed, entities decoded. */
export function visibleText(text: string, parseMode?: string): string {
  if (parseMode !== 'HTML') return text;
  return text
    .replace(/<\/?[a-z-]+(\s[^<>]*)?>/g, '')
    .replace(/&#(\d+);/g, (_entity, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

export async function startTelegramStandIn(): Promise<TelegramStandIn> {
  const botToken = '7012345678:AAHk3vP9xQ2mZ8tYw1cR5uJ0nB6dF4gS7eL';
  const chatIds = ['424242424', '-1001234567890'];
  const messages: TelegramMessage[] = [];
  let nextId = 1;
  const answer = (request: RecordedRequest): CannedAnswer => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(request.url, 'http://stand-in').pathname);
    if (!match || match[1] !== botToken) return failure(401, 'Unauthorized');
    if (match[2] !== 'sendMessage') return failure(404, 'Not Found');
    let body: TelegramMessage;
    try {
      body = JSON.parse(request.body) as TelegramMessage;
    } catch {
      return failure(400, 'Bad Request: message text is empty');
    }
    if (body.chat_id === undefined || body.chat_id === '') return failure(400, 'Bad Request: chat_id is empty');
    if (!chatIds.includes(String(body.chat_id))) return failure(400, 'Bad Request: chat not found');
    if (typeof body.text !== 'string' || body.text.trim() === '')
      return failure(400, 'Bad Request: message text is empty');
    if (body.parse_mode === 'HTML') {
      const problem = htmlProblem(body.text);
      if (problem) return failure(400, `Bad Request: can't parse entities: ${problem}`);
    }
    if ([...visibleText(body.text, body.parse_mode)].length > 4096)
      return failure(400, 'Bad Request: message is too long');
    messages.push(body);
    return json(200, {
      ok: true,
      result: {
        message_id: nextId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(body.chat_id) },
        text: body.text,
      },
    });
  };
  const standIn = await startHttpStandIn(answer);
  return Object.assign(standIn, { apiUrl: standIn.origin, botToken, chatIds, messages });
}
