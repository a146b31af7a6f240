import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candle } from '../market/markets';
import { upsertCandles } from '../market/store';
import { flatCandle } from '../paper/test-helpers';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { startDiscordStandIn, type DiscordStandIn } from '../../test/stand-ins/discord';
import { startSlackStandIn, type SlackStandIn } from '../../test/stand-ins/slack';
import { startSmtpStandIn, type SmtpStandIn } from '../../test/stand-ins/smtp';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/stand-ins/telegram';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/stand-ins/webhook-receiver';
import { signUpTrader } from '../../test/traders';

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 5, 9, 0);
const PUBLIC_URL = 'https://signaldeck.example.com';

/*
 * From an alert to every kind of channel: a paper trade closed by an alert is planned once and delivered by the
 * outbox, through the real transports, to stand-ins that speak each service's format (a generic webhook receiver,
 * Discord, Slack, Telegram's Bot API, an SMTP server), with the link made absolute with PUBLIC_URL.
 */
describe.each(TEST_DIALECTS)('a trade closed, notified on every kind of channel on %s', (dialect) => {
  let testApp: TestApp;
  let webhook: WebhookReceiver;
  let discord: DiscordStandIn;
  let slack: SlackStandIn;
  let telegram: TelegramStandIn;
  let smtp: SmtpStandIn;
  const clock = manualClock(START);

  beforeAll(async () => {
    [webhook, discord, slack, telegram, smtp] = await Promise.all([
      startWebhookReceiver(),
      startDiscordStandIn(),
      startSlackStandIn(),
      startTelegramStandIn(),
      startSmtpStandIn(),
    ]);
    testApp = await createTestApp(
      dialect,
      {
        NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1',
        SMTP_URL: smtp.url,
        TELEGRAM_API_URL: telegram.apiUrl,
        PUBLIC_URL,
      },
      { clock },
    );
  });
  afterAll(async () => {
    await testApp?.cleanup();
    await Promise.all([webhook, discord, slack, telegram, smtp].map((standIn) => standIn?.close()));
  });

  it('should reach each service once, in its format, with a valid signature on the webhook', async () => {
    const prices: Candle[] = [0, 1, 2, 3].map((minute) => flatCandle(START + minute * MINUTE, 50_000 + minute * 100));
    await upsertCandles(testApp.database.db, 'BTC', prices);
    const ada = await signUpTrader(testApp.app, 'Ada');
    const destinations = [
      { kind: 'webhook', url: webhook.url },
      { kind: 'discord', url: discord.url },
      { kind: 'slack', url: slack.url },
      { kind: 'telegram', botToken: telegram.botToken, chatId: telegram.chatIds[0] },
      { kind: 'email', email: 'ada@example.com' },
    ];
    let signingSecret = '';
    for (const destination of destinations) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/notifications/channels',
        headers: ada.headers,
        payload: { name: destination.kind, events: ['trade_closed'], ...destination },
      });
      expect(response.statusCode, response.body).toBe(201);
      signingSecret ||= response.json<{ signingSecret: string | null }>().signingSecret ?? '';
    }
    const { planner, outbox } = testApp.app.notifications;
    await planner.run();

    for (const [minute, action] of [
      [1, 'buy'],
      [2, 'sell'],
    ] as const) {
      clock.advance(START + minute * MINUTE + 1000 - clock());
      const alert = await testApp.app.inject({
        method: 'POST',
        url: ada.webhookPath,
        payload: `{"ticker":"BTCUSD","action":"${action}","quantity":0.1,"market_position":"${action === 'buy' ? 'long' : 'flat'}"}`,
        headers: { 'content-type': 'text/plain' },
      });
      expect(alert.statusCode, alert.body).toBe(202);
      await testApp.app.paper.run();
    }
    await planner.run();
    await outbox.runOnce();
    await planner.run();
    await outbox.runOnce();

    const title = /^Trade closed: BTC long, P&L [+\u2212]\$\d+\.\d\d$/;
    expect(webhook.requests).toHaveLength(1);
    const [request] = webhook.requests;
    expect(webhook.verify(request!, signingSecret)).toEqual({ valid: true });
    const body = JSON.parse(request!.body) as { type: string; data: { title: string; link: string } };
    expect(body.type).toBe('trade_closed');
    expect(body.data.title).toMatch(title);
    expect(body.data.link).toBe(`${PUBLIC_URL}/performance/trades`);

    expect(discord.messages).toHaveLength(1);
    expect(JSON.stringify(discord.messages[0])).toMatch(/Trade closed: BTC long/);
    expect(slack.messages).toHaveLength(1);
    expect(JSON.stringify(slack.messages[0])).toMatch(/Trade closed: BTC long/);
    expect(telegram.messages).toHaveLength(1);
    expect(telegram.messages[0]!.text).toMatch(/Trade closed: BTC long/);
    expect(String(telegram.messages[0]!.chat_id)).toBe(telegram.chatIds[0]);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toEqual(['ada@example.com']);
    expect(smtp.messages[0]!.subject).toMatch(title);

    const list = await testApp.app.inject({ method: 'GET', url: '/api/notifications/channels', headers: ada.headers });
    expect(
      list
        .json<{ channels: { lastDelivery: { ok: boolean } | null }[] }>()
        .channels.map((item) => item.lastDelivery?.ok),
    ).toEqual([true, true, true, true, true]);
  });
});
