import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { discordRateLimited, startDiscordStandIn, type DiscordStandIn } from '../../../test/stand-ins/discord';
import { hostileMessage, transportSettings } from '../../../test/stand-ins/fixtures';
import { checkDestination, deliver } from './index';

let discord: DiscordStandIn;
beforeAll(async () => {
  discord = await startDiscordStandIn();
});
afterAll(() => discord.close());
beforeEach(() => {
  discord.requests.length = 0;
  discord.messages.length = 0;
  discord.behave({});
});

const settings = transportSettings();

describe('Discord transport', () => {
  it('posts one embed that Discord accepts (204), with mentions disabled', async () => {
    const result = await deliver({ kind: 'discord', url: discord.url }, hostileMessage(), settings);
    expect(result).toMatchObject({ ok: true, status: 204, permanent: false, error: null });
    expect(discord.requests[0]!.headers['content-type']).toBe('application/json');
    expect(discord.messages).toEqual([
      {
        embeds: [
          {
            // Escaped markdown reads as the raw text in Discord (a quote marker `>` included), and mentions never ping.
            title: 'Trade closed: <b\\>BTC/USD</b\\> long, P&L +$12.30',
            description:
              'Strategy \\*Breakout\\* \\_v2\\_ closed @everyone <@&123\\> <!channel\\>\n\\[click\\]\\(https://evil.example\\) \\`code\\` & more',
            url: 'https://signaldeck.example/trades/7?tab=fills&x=1',
            timestamp: '2026-11-24T14:02:00.000Z',
            color: 0x2f9e6e,
          },
        ],
        allowed_mentions: { parse: [] },
      },
    ]);
  });

  it('cuts a long body to the embed description limit instead of being refused', async () => {
    const result = await deliver(
      { kind: 'discord', url: discord.url },
      hostileMessage({ body: 'x'.repeat(5000) }),
      settings,
    );
    expect(result.ok).toBe(true);
    expect([...discord.messages[0]!.embeds![0]!.description!]).toHaveLength(4096);
  });

  it('takes the wait from a 429 body (retry_after in seconds)', async () => {
    discord.behaveOnce({ answer: discordRateLimited(2.5) });
    const result = await deliver({ kind: 'discord', url: discord.url }, hostileMessage(), settings);
    expect(result).toMatchObject({ ok: false, status: 429, permanent: false, retryAfterMs: 2_500 });
    expect(result.error).toBe('Discord answered HTTP 429 (rate limited)');
  });

  it('treats a deleted webhook (404) and a wrong token (401) as permanent, with no token in the error', async () => {
    const deleted = await deliver(
      { kind: 'discord', url: `${discord.origin}/api/webhooks/999/${discord.token}` },
      hostileMessage(),
      settings,
    );
    expect(deleted).toMatchObject({
      ok: false,
      status: 404,
      permanent: true,
      error: 'Discord answered HTTP 404: the webhook was deleted',
    });
    const wrong = await deliver(
      { kind: 'discord', url: `${discord.origin}/api/webhooks/${discord.webhookId}/not-the-token` },
      hostileMessage(),
      settings,
    );
    expect(wrong).toMatchObject({ ok: false, status: 401, permanent: true });
    expect(wrong.error).not.toContain('not-the-token');
    expect(wrong.error).not.toContain(discord.webhookId);
  });

  it('retries a 5xx and a hanging Discord within the timeout', async () => {
    discord.behaveOnce({ answer: { status: 502 } });
    expect(await deliver({ kind: 'discord', url: discord.url }, hostileMessage(), settings)).toMatchObject({
      ok: false,
      status: 502,
      permanent: false,
    });
    discord.behaveOnce({ hang: true });
    const started = performance.now();
    const hung = await deliver({ kind: 'discord', url: discord.url }, hostileMessage(), settings);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(hung).toMatchObject({
      ok: false,
      status: null,
      permanent: false,
      error: '127.0.0.1 did not answer within 1 s',
    });
  });

  it('refuses a redirect', async () => {
    discord.behaveOnce({ answer: { status: 301, headers: { location: 'http://169.254.169.254/' } } });
    const result = await deliver({ kind: 'discord', url: discord.url }, hostileMessage(), settings);
    expect(result).toMatchObject({ ok: false, status: 301, permanent: true });
    expect(result.error).toContain('redirects are not followed');
  });

  it("accepts Discord's own hosts or an operator-allowed host with Discord's path, nothing else", async () => {
    const check = (url: string, allowedHosts: string[] = []) =>
      checkDestination({ kind: 'discord', url }, transportSettings({ allowedHosts }));
    expect(await check(discord.url, ['127.0.0.1'])).toBeNull();
    expect(await check(discord.url)).toContain('must look like https://discord.com/api/webhooks/');
    expect(await check('https://discord.com.evil.example/api/webhooks/1/abc')).toContain('must look like');
    expect(await check('http://discord.com/api/webhooks/1/abc')).toContain('must look like');
    expect(await check('https://discord.com/api/users/@me')).toContain('must look like');
    expect(await check(`${discord.origin}/somewhere-else`, ['127.0.0.1'])).toContain('must look like');
    // A message is never sent to a URL that fails the check.
    const result = await deliver(
      { kind: 'discord', url: discord.url },
      hostileMessage(),
      transportSettings({ allowedHosts: [] }),
    );
    expect(result).toMatchObject({ ok: false, permanent: true, status: null });
    expect(discord.requests).toHaveLength(0);
  });
});
