import type { ChannelKind, NotificationEvent } from '@signaldeck/server/api-types';

/** Each event in plain words, in the order the form lists them. */
export const EVENT_LABELS: Record<NotificationEvent, string> = {
  signal_rejected: 'Signal rejected',
  signal_ignored: 'Signal ignored',
  trade_opened: 'Trade opened',
  trade_closed: 'Trade closed (with P&L)',
  exit_hit: 'Stop loss or take profit hit',
  webhook_silent: 'Webhook silent',
  out_of_sync: 'Out-of-sync signal',
  daily_summary: 'Daily summary',
};

export const EVENTS = Object.keys(EVENT_LABELS) as NotificationEvent[];

export const KIND_LABELS: Record<ChannelKind, string> = {
  webhook: 'Generic webhook',
  discord: 'Discord',
  slack: 'Slack',
  telegram: 'Telegram',
  email: 'Email',
};

/** What the URL field asks for, per kind that has one. */
export const URL_HINTS: Partial<Record<ChannelKind, string>> = {
  webhook: 'Your receiver’s HTTPS address. Each request is signed (Standard Webhooks) with a secret shown once.',
  discord: 'In Discord: Server settings > Integrations > Webhooks > New webhook > Copy webhook URL.',
  slack: 'In Slack: create an app with Incoming Webhooks, add one to a channel, and copy its URL.',
};
