import { Button, EmptyState, Skeleton } from 'dashboard-kit';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { paths, safeRedirect } from '../../config/paths';
import { useMarkRead, useNotifications } from '../../features/notifications/api/notifications';
import type { InAppNotification } from '@signaldeck/server/api-types';
import { useTimeZone } from '../../features/preferences/time-zone';
import { errorMessage } from '../../lib/http';
import { useReportLoadError } from '../../lib/live-stream-context';
import * as styles from './notifications.css';
import { srOnly } from '../../components/screen-reader.css';

function NotificationItem({ item, onRead }: { item: InAppNotification; onRead: (id: number) => void }) {
  const timeZone = useTimeZone();
  const unread = item.readAt === null;
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone === 'UTC' && { timeZone: 'UTC' }),
  }).format(item.createdAt);
  const href = item.link ? safeRedirect(item.link, '') : '';
  return (
    <li className={styles.item} data-unread={unread || undefined}>
      <span aria-hidden="true" className={unread ? styles.dot : styles.noDot} />
      <div className={styles.text}>
        <p className={`${styles.title} ${unread ? styles.unreadTitle : ''}`}>
          {unread && <span className={srOnly}>Unread: </span>}
          {href ? (
            <Link className={styles.link} to={href} onClick={() => unread && onRead(item.id)}>
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </p>
        {item.body && <p className={styles.body}>{item.body}</p>}
        <time className={styles.time} dateTime={new Date(item.createdAt).toISOString()}>
          {when}
        </time>
      </div>
      {unread && (
        <Button size="sm" variant="ghost" onClick={() => onRead(item.id)} aria-label={`Mark as read: ${item.title}`}>
          Mark as read
        </Button>
      )}
    </li>
  );
}

function NotificationPage({
  cursor,
  last,
  onMore,
  onRead,
}: {
  cursor: string | null;
  last: boolean;
  onMore: (cursor: string) => void;
  onRead: (id: number) => void;
}) {
  const page = useNotifications(cursor);
  useReportLoadError(page.error);
  if (page.error && !page.data) {
    return (
      <EmptyState
        role="alert"
        tone="danger"
        titleAs="p"
        title="Could not load your notifications"
        description={errorMessage(page.error)}
        action={
          <Button variant="outline" size="sm" onClick={() => void page.mutate()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!page.data) return <Skeleton aria-label="Loading notifications" />;
  if (cursor === null && page.data.items.length === 0) {
    return (
      <EmptyState
        titleAs="p"
        title="No notifications yet"
        description={
          <>
            Rejected signals, trades, exits and a silent webhook show here as they happen. To get them elsewhere too,
            add a channel in <Link to={paths.settings.notifications}>Settings &gt; Notifications</Link>.
          </>
        }
      />
    );
  }
  const next = page.data.nextCursor;
  return (
    <>
      <ul className={styles.list} aria-label={cursor ? 'Older notifications' : 'Notifications'}>
        {page.data.items.map((item) => (
          <NotificationItem key={item.id} item={item} onRead={onRead} />
        ))}
      </ul>
      {last && next && (
        <div className={styles.footer}>
          <Button variant="outline" size="sm" onClick={() => onMore(next)}>
            Load older
          </Button>
        </div>
      )}
    </>
  );
}

/** User menu > Notifications: every in-app notification, newest first, to read and mark read. */
export function NotificationsRoute() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const first = useNotifications(null);
  const markRead = useMarkRead();
  const [error, setError] = useState<string | null>(null);
  const unread = first.data?.unread ?? 0;

  const run = (which: { ids: number[] } | { all: true }) => {
    setError(null);
    markRead(which).catch((err: unknown) => {
      setError(errorMessage(err));
      void first.mutate();
    });
  };

  return (
    <>
      <PageHeader
        title="Notifications"
        description={unread > 0 ? `${unread} unread` : 'All read'}
        actions={
          <>
            <Button variant="outline" onClick={() => run({ all: true })} disabled={unread === 0}>
              Mark all as read
            </Button>
            <Button asChild variant="ghost">
              <Link to={paths.settings.notifications}>Channels</Link>
            </Button>
          </>
        }
      />
      <div role="alert">{error && <p>{error}</p>}</div>
      {cursors.map((cursor, index) => (
        <NotificationPage
          key={cursor ?? 'first'}
          cursor={cursor}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors((all) => [...all, next])}
          onRead={(id) => run({ ids: [id] })}
        />
      ))}
    </>
  );
}
