import { useSWRConfig } from 'swr';
import { RECONNECTED_EVENT } from '../../lib/live-stream';
import { useStreamEvent } from '../../lib/live-stream-context';
import type { InAppNotificationPage } from '@signaldeck/server/api-types';
import { CHANNELS_KEY, LATEST_KEY, LATEST_LIMIT } from './api/notifications';

const isNotificationsKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/notifications?');
const isFirstPage = (key: string) => !key.includes('cursor=');
/** The channels list and each delivery log's first page: a new notification is a new delivery on them. */
const isChannelsKey = (key: unknown) =>
  key === CHANNELS_KEY ||
  (typeof key === 'string' && key.startsWith(`${CHANNELS_KEY}/`) && key.includes('/deliveries?') && isFirstPage(key));

/**
 * Keeps the bell and the notifications page current: a `notification` event puts the new item first on every
 * first page in the cache and sets the unread count it carries (a list still loading is asked again), and the channels (their last delivery) and the open
 * delivery logs are asked again; after a break in the stream they refetch.
 * Mounted once, in the shell.
 */
export function useNotificationLiveUpdates(): void {
  const { mutate, cache } = useSWRConfig();
  useStreamEvent('notification', ({ unread, ...item }) => {
    for (const key of cache.keys()) {
      if (!isNotificationsKey(key)) continue;
      // A list still on its way is asked again: changing it meanwhile would make SWR drop its answer.
      if ((cache.get(key) as { data?: unknown } | undefined)?.data === undefined) {
        void mutate(key);
        continue;
      }
      void mutate(
        key,
        (page: InAppNotificationPage | undefined) => {
          if (!page) return page;
          let items =
            isFirstPage(key) && !page.items.some((existing) => existing.id === item.id)
              ? [item, ...page.items]
              : page.items;
          // The bell's short list stays short (it has no next page to lose the last item to).
          if (key === LATEST_KEY) items = items.slice(0, LATEST_LIMIT);
          return { ...page, items, unread };
        },
        { revalidate: false },
      );
    }
    void mutate(isChannelsKey);
  });
  useStreamEvent(RECONNECTED_EVENT, () => {
    void mutate(isNotificationsKey);
    void mutate(isChannelsKey);
  });
}
