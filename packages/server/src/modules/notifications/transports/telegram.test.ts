import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { hostileMessage, transportSettings } from '../../../test/stand-ins/fixtures';
import {
  startTelegramStandIn,
  telegramRateLimited,
  visibleText,
  type TelegramStandIn,
} from '../../../test/stand-ins/telegram';
import { checkDestination, deliver } from './index';

let telegram: TelegramStandIn;
beforeAll(async () => {
  telegram = await startTelegramStandIn();
});
afterAll(() => telegram.close());
beforeEach(() => {
  telegram.requests.length = 0;
  telegram.messages.length = 0;
  telegram.behave({});
});

const settings = () => transportSettings({ telegramApiUrl: telegram.apiUrl, allowedHosts: [] });
const channel = () => ({ kind: 'telegram' as const, botToken: telegram.botToken, chatId: telegram.chatIds[0]! });

describe('Telegram transport', () => {
  it("sends an HTML message that Telegram's parser accepts, every piece of data escaped", async () => {
    const result = await deliver(channel(), hostileMessage(), settings());
    expect(result).toMatchObject({ ok: true, status: 200, permanent: false, error: null });
    expect(telegram.requests[0]!.url).toBe(`/bot${telegram.botToken}/sendMessage`);
    expect(telegram.messages).toEqual([
      {
        chat_id: telegram.chatIds[0],
        parse_mode: 'HTML',
        disable_web_page_preview: true,
        text: [
          '<b>Trade closed: &lt;b&gt;BTC/USD&lt;/b&gt; long, P&amp;L +$12.30</b>',
          'Strategy *Breakout* _v2_ closed @everyone &lt;@&amp;123&gt; &lt;!channel&gt;',
          '[click](https://evil.example) `code` &amp; more',
          '<a href="https://signaldeck.example/trades/7?tab=fills&amp;x=1">Open in SignalDeck</a>',
        ].join('\n'),
      },
    ]);
  });

  it('keeps the minus sign of a loss in the title', async () => {
    await deliver(channel(), hostileMessage({ title: 'Trade closed: BTC long, P&L \u2212$1.02' }), settings());
    expect(telegram.messages[0]!.text).toMatch(/^<b>Trade closed: BTC long, P&amp;L \u2212\$1\.02<\/b>\n/);
  });

  it('refuses unescaped data the way Telegram does (so the escaping test above can fail)', async () => {
    // Sent raw, `<script>` is not a Telegram tag: the stand-in answers like Telegram.
    const raw = await fetch(`${telegram.apiUrl}/bot${telegram.botToken}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: telegram.chatIds[0], text: '<script>x</script> & y', parse_mode: 'HTML' }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: can\'t parse entities: Unsupported start tag "script"',
    });
  });

  it('reports "chat not found" as permanent, with no token in the error', async () => {
    const result = await deliver({ ...channel(), chatId: '999' }, hostileMessage(), settings());
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      permanent: true,
      error: 'Telegram answered HTTP 400: Bad Request: chat not found',
    });
    const unauthorized = await deliver(
      { ...channel(), botToken: '7012345678:AAwrongwrongwrongwrongwrongwrongwro' },
      hostileMessage(),
      settings(),
    );
    expect(unauthorized).toMatchObject({
      ok: false,
      status: 401,
      permanent: true,
      error: 'Telegram answered HTTP 401: Unauthorized',
    });
    for (const failure of [result, unauthorized]) expect(failure.error).not.toContain('AA');
  });

  it('waits as parameters.retry_after says on a 429, retries a 5xx', async () => {
    telegram.behaveOnce({ answer: telegramRateLimited(11) });
    expect(await deliver(channel(), hostileMessage(), settings())).toMatchObject({
      ok: false,
      status: 429,
      permanent: false,
      retryAfterMs: 11_000,
      error: 'Telegram answered HTTP 429: Too Many Requests: retry after 11',
    });
    telegram.behaveOnce({ answer: { status: 502, body: '<html>Bad Gateway</html>' } });
    expect(await deliver(channel(), hostileMessage(), settings())).toMatchObject({
      ok: false,
      status: 502,
      permanent: false,
      error: 'Telegram answered HTTP 502',
    });
  });

  it('gives up on a hanging API within the timeout, and on a slow one only past it', async () => {
    telegram.behaveOnce({ hang: true });
    const started = performance.now();
    const hung = await deliver(channel(), hostileMessage(), settings());
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(hung).toMatchObject({
      ok: false,
      status: null,
      permanent: false,
      error: '127.0.0.1 did not answer within 1 s',
    });
    expect(hung.error).not.toContain(telegram.botToken);
    telegram.behaveOnce({ delayMs: 400 });
    expect(await deliver(channel(), hostileMessage(), settings())).toMatchObject({ ok: true });
  });

  it('keeps a long message within 4096 visible characters, cut with an ellipsis', async () => {
    const result = await deliver(channel(), hostileMessage({ body: '<&>'.repeat(3000) }), settings());
    expect(result.ok).toBe(true);
    const [sent] = telegram.messages;
    const seen = visibleText(sent!.text, sent!.parse_mode);
    expect([...seen].length).toBeLessThanOrEqual(4096);
    expect(seen).toMatch(/<&><&>(<&?)?…\nOpen in SignalDeck$/);
  });

  it('checks the token and chat id shapes when the channel is added', async () => {
    expect(await checkDestination(channel(), settings())).toBeNull();
    expect(await checkDestination({ ...channel(), chatId: '@signal_deck' }, settings())).toBeNull();
    expect(await checkDestination({ ...channel(), botToken: '12345/../../x' }, settings())).toContain('bot token');
    expect(await checkDestination({ ...channel(), chatId: 'me; drop' }, settings())).toContain('chat id');
  });
});
