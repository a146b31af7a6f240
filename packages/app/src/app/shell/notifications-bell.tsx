import { NotificationBell, type NotificationBellItem } from 'dashboard-kit';
import { useNavigate } from 'react-router-dom';
import { paths, safeRedirect } from '../../config/paths';
import { useLatestNotifications, useMarkRead } from '../../features/notifications/api/notifications';
import { useNotificationLiveUpdates } from '../../features/notifications/live-updates';

/** The header's bell: the latest in-app notifications, kept live by the stream. */
export function HeaderNotificationBell() {
  useNotificationLiveUpdates();
  const navigate = useNavigate();
  const { data, error, isLoading } = useLatestNotifications();
  const markRead = useMarkRead();
  const items: NotificationBellItem[] = (data?.items ?? []).map((item) => ({
    id: item.id,
    title: item.title,
    createdAt: item.createdAt,
    unread: item.readAt === null,
    // Only paths inside the app are followed.
    href: item.link ? safeRedirect(item.link, paths.account.notifications) : null,
  }));
  return (
    <NotificationBell
      items={items}
      unread={data?.unread ?? 0}
      loading={isLoading}
      error={error ? 'Notifications could not be loaded.' : null}
      seeAllHref={paths.account.notifications}
      onNavigate={(href) => navigate(href)}
      onOpenItem={(item) => {
        if (item.unread) void markRead({ ids: [Number(item.id)] }).catch(() => {});
      }}
      onMarkAllRead={() => void markRead({ all: true }).catch(() => {})}
    />
  );
}
