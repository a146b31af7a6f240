import { useSWRConfig } from 'swr';
import { RECONNECTED_EVENT } from '../../lib/live-stream';
import { useStreamEvent } from '../../lib/live-stream-context';
import type { InAppNotificationPage } from '@signaldeck/server/api-types';

const isNotificationsKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/notifications?');
const isFirstPage = (key: string) => !key.includes('cursor=');

/**
 * Keeps the bell and the notifications page current: a `notification` event puts the new item first on every
 * first page in the cache and sets the unread count it carries; after a break in the stream they refetch.
 * Mounted once, in the shell.
 */
export function useNotificationLiveUpdates(): void {
  const { mutate, cache } = useSWRConfig();
  useStreamEvent('notification', ({ unread, ...item }) => {
    for (const key of cache.keys()) {
      if (!isNotificationsKey(key)) continue;
      void mutate(
        key,
        (page: InAppNotificationPage | undefined) => {
          if (!page) return page;
          const items =
            isFirstPage(key) && !page.items.some((existing) => existing.id === item.id)
              ? [item, ...page.items]
              : page.items;
          return { ...page, items, unread };
        },
        { revalidate: false },
      );
    }
  });
  useStreamEvent(RECONNECTED_EVENT, () => void mutate(isNotificationsKey));
}
