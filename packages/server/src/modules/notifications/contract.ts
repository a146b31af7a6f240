/**
 * The contract between the notifications outbox (which decides what to send, stores it durably and retries it)
 * and the transports (which turn one message into one request to Discord, Slack, Telegram, a generic webhook or
 * an SMTP server). The outbox never speaks a service's format; a transport never touches the database.
 */

/** The kinds of channel a trader can add. `email` is offered only when the operator set SMTP_URL. */
export const CHANNEL_KINDS = ['webhook', 'discord', 'slack', 'telegram', 'email'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/**
 * What a channel needs to deliver, decrypted (the outbox stores the secret parts encrypted at rest). Never
 * logged: a Discord or Slack URL and a Telegram bot token are credentials.
 */
export type ChannelDestination =
  /** A generic JSON webhook signed per Standard Webhooks; `secret` is `whsec_` + base64 of 24 random bytes. */
  | { kind: 'webhook'; url: string; secret: string }
  | { kind: 'discord'; url: string }
  | { kind: 'slack'; url: string }
  | { kind: 'telegram'; botToken: string; chatId: string }
  | { kind: 'email'; to: string };

/** The events a trader chooses per channel (and `test`, sent by "Send test"). */
export const NOTIFICATION_EVENTS = [
  'signal_rejected',
  'signal_ignored',
  'trade_opened',
  'trade_closed',
  'exit_hit',
  'webhook_silent',
  'out_of_sync',
  'daily_summary',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** One notification, rendered by each transport in its service's format. */
export interface NotificationMessage {
  /** Stable per (channel, event occurrence): the `webhook-id`, identical on every retry. */
  id: string;
  event: NotificationEvent | 'test';
  /** When the event happened, ms since the epoch (the `webhook-timestamp` is the time of each attempt). */
  occurredAt: number;
  /** One line, e.g. "Trade closed: BTC/USD long, P&L +$12.30". Plain text. */
  title: string;
  /** Further lines of plain text (may be empty). Transports escape it for their format; never HTML from data. */
  body: string;
  /** An absolute link into the app for this event, or null. */
  link: string | null;
  /** The event's data as JSON (the generic webhook's `data`). */
  data: Record<string, unknown>;
}

/** The answer of one delivery attempt. */
export interface DeliveryResult {
  ok: boolean;
  /** The HTTP status (or the SMTP reply code), null when no answer arrived (refused, timeout, DNS). */
  status: number | null;
  /** True when retrying cannot help: a 4xx other than 408/429, a refused destination, a bad configuration. */
  permanent: boolean;
  /** The service asked to wait this long before the next attempt (429 Retry-After, Telegram's retry_after). */
  retryAfterMs: number | null;
  /** Why it failed, in words fit for the trader's delivery log (never a secret, never the response body). */
  error: string | null;
  durationMs: number;
}

export interface TransportSettings {
  /** Host names, addresses or CIDR ranges that may be reached although private (NOTIFICATIONS_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** SMTP_URL, or undefined when email is off. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** The Bot API's base URL (TELEGRAM_API_URL). */
  telegramApiUrl: string;
  /** Per attempt, connect to last byte. */
  timeoutMs: number;
}

/** Sends one message on one channel. Never throws: every failure is a DeliveryResult. */
export type Deliver = (
  destination: ChannelDestination,
  message: NotificationMessage,
  settings: TransportSettings,
) => Promise<DeliveryResult>;

/**
 * Checks a destination when a trader adds or edits a channel (resolving its host): null when it may be used,
 * else the reason in the trader's words, e.g. "hooks.internal resolves to 10.0.0.5, a private address".
 */
export type CheckDestination = (destination: ChannelDestination, settings: TransportSettings) => Promise<string | null>;
