import type { NotificationMessage, TransportSettings } from '../../modules/notifications/contract';

/** Transport settings for tests: the stand-ins on 127.0.0.1 allowed, a short timeout. */
export function transportSettings(overrides: Partial<TransportSettings> = {}): TransportSettings {
  return {
    allowedHosts: ['127.0.0.1'],
    smtpUrl: undefined,
    smtpFrom: 'signals@signaldeck.test',
    telegramApiUrl: 'https://api.telegram.org',
    timeoutMs: 1_000,
    ...overrides,
  };
}

/** A trade-closed notification whose text carries hostile data: HTML, mentions and markdown. */
export function hostileMessage(overrides: Partial<NotificationMessage> = {}): NotificationMessage {
  return {
    id: 'msg_01JD8W2C7Q',
    event: 'trade_closed',
    occurredAt: Date.UTC(2026, 10, 24, 14, 2, 0),
    title: 'Trade closed: <b>BTC/USD</b> long, P&L +$12.30',
    body: 'Strategy *Breakout* _v2_ closed @everyone <@&123> <!channel>\n[click](https://evil.example) `code` & more',
    link: 'https://signaldeck.example/trades/7?tab=fills&x=1',
    data: { tradeId: 7, pnl: 12.3 },
    ...overrides,
  };
}
