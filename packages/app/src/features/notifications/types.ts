import type { LiveStreamEvents } from '../../lib/live-stream';

/**
 * The notifications API's wire types, written against its contract until the server's types-only entry exports
 * them (replace with `@signaldeck/server/api-types` once it does).
 */
export type NotificationEvent =
  | 'signal_rejected'
  | 'signal_ignored'
  | 'trade_opened'
  | 'trade_closed'
  | 'exit_hit'
  | 'webhook_silent'
  | 'out_of_sync'
  | 'daily_summary';
export type ChannelKind = 'webhook' | 'discord' | 'slack' | 'telegram' | 'email';
export interface Channel {
  id: number;
  name: string;
  kind: ChannelKind;
  target: string;
  events: NotificationEvent[];
  enabled: boolean;
  disabledReason: string | null;
  consecutiveFailures: number;
  lastDelivery: { at: number; ok: boolean; status: number | null } | null;
  createdAt: number;
}
export interface ChannelList {
  channels: Channel[];
  availableKinds: ChannelKind[];
  maxChannels: number;
}
export interface CreateChannelRequest {
  name: string;
  kind: ChannelKind;
  events: NotificationEvent[];
  url?: string;
  botToken?: string;
  chatId?: string;
  email?: string;
}
export interface ChannelCreated {
  channel: Channel;
  signingSecret: string | null;
}
export interface UpdateChannelRequest {
  name?: string;
  events?: NotificationEvent[];
  enabled?: boolean;
}
export interface Delivery {
  id: number;
  messageId: string;
  event: NotificationEvent | 'test';
  title: string;
  state: 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  responseCode: number | null;
  error: string | null;
  createdAt: number;
  lastAttemptAt: number | null;
  nextAttemptAt: number | null;
  durationMs: number | null;
}
export interface DeliveryPage {
  items: Delivery[];
  nextCursor: string | null;
}
export interface NotificationPreferences {
  timeZone: string;
  dailySummaryHour: number;
}
/** The stream's `notification` event is typed by the server: an item of the feed and the unread count. */
export type NotificationStreamEvent = LiveStreamEvents['notification'];
export type InAppNotification = Omit<NotificationStreamEvent, 'unread'>;
export interface InAppNotificationPage {
  items: InAppNotification[];
  unread: number;
  nextCursor: string | null;
}
