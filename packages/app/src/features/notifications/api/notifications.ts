import useSWR, { useSWRConfig } from 'swr';
import { http } from '../../../lib/http';
import type {
  CreatedNotificationChannel,
  NotificationChannel,
  MarkNotificationsReadRequest,
  NotificationChannelList,
  CreateNotificationChannelRequest,
  NotificationDelivery,
  NotificationDeliveryPage,
  InAppNotificationPage,
  NotificationPreferences,
  UpdateNotificationChannelRequest,
} from '@signaldeck/server/api-types';

export const CHANNELS_KEY = '/api/notifications/channels';
export const PREFERENCES_KEY = '/api/notifications/preferences';
/** The bell's list: the latest few. */
export const LATEST_LIMIT = 8;
export const LATEST_KEY = `/api/notifications?limit=${LATEST_LIMIT}`;
export const notificationsKey = (cursor?: string | null) =>
  cursor ? `/api/notifications?limit=50&cursor=${encodeURIComponent(cursor)}` : '/api/notifications?limit=50';
export const deliveriesKey = (channelId: number, cursor?: string | null) =>
  `/api/notifications/channels/${channelId}/deliveries?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

const isNotificationsKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/notifications?');

export function useChannels() {
  return useSWR<NotificationChannelList>(CHANNELS_KEY);
}

export function usePreferences() {
  return useSWR<NotificationPreferences>(PREFERENCES_KEY);
}

export function useLatestNotifications() {
  return useSWR<InAppNotificationPage>(LATEST_KEY);
}

export function useNotifications(cursor: string | null = null) {
  return useSWR<InAppNotificationPage>(notificationsKey(cursor));
}

/** How often an open delivery log, or a delivery on its way, is asked again (the stream's events come too). */
export const DELIVERIES_POLL_MS = 5_000;

/** A delivery still on its way: pending or being retried. */
export const inFlight = (delivery: NotificationDelivery | undefined) =>
  delivery?.state === 'pending' || delivery?.state === 'retrying';

/**
 * A page of a channel's delivery log. `poll`: ask again every few seconds while it says so (the log is open, or
 * the latest delivery is still on its way).
 */
export function useDeliveries(
  channelId: number,
  enabled: boolean,
  cursor: string | null = null,
  poll?: (page: NotificationDeliveryPage | undefined) => boolean,
) {
  return useSWR<NotificationDeliveryPage>(enabled ? deliveriesKey(channelId, cursor) : null, {
    refreshInterval: poll ? (page) => (poll(page) ? DELIVERIES_POLL_MS : 0) : 0,
  });
}

export function createChannel(body: CreateNotificationChannelRequest): Promise<CreatedNotificationChannel> {
  return http.post<CreatedNotificationChannel>(CHANNELS_KEY, body);
}

export function updateChannel(id: number, body: UpdateNotificationChannelRequest) {
  return http.patch<{ channel: NotificationChannel }>(`${CHANNELS_KEY}/${id}`, body);
}

export function removeChannel(id: number): Promise<void> {
  return http.delete<void>(`${CHANNELS_KEY}/${id}`);
}

export function sendTest(id: number): Promise<{ delivery: NotificationDelivery }> {
  return http.post<{ delivery: NotificationDelivery }>(`${CHANNELS_KEY}/${id}/test`, {});
}

export function savePreferences(body: NotificationPreferences): Promise<NotificationPreferences> {
  return http.put<NotificationPreferences>(PREFERENCES_KEY, body);
}

/** Marks notifications read (some, or all) and refreshes every list of them with the new unread count. */
export function useMarkRead() {
  const { mutate } = useSWRConfig();
  return async (which: MarkNotificationsReadRequest) => {
    const now = Date.now();
    const ids = 'ids' in which ? new Set(which.ids) : null;
    // The dots go at once; the server's count follows.
    await mutate(
      isNotificationsKey,
      (page: InAppNotificationPage | undefined) =>
        page && {
          ...page,
          items: page.items.map((item) =>
            item.readAt === null && (!ids || ids.has(item.id)) ? { ...item, readAt: now } : item,
          ),
          unread: ids
            ? Math.max(0, page.unread - page.items.filter((i) => i.readAt === null && ids.has(i.id)).length)
            : 0,
        },
      { revalidate: false },
    );
    const { unread } = await http.post<{ unread: number }>('/api/notifications/read', which);
    await mutate(isNotificationsKey, (page: InAppNotificationPage | undefined) => page && { ...page, unread }, {
      revalidate: false,
    });
  };
}
