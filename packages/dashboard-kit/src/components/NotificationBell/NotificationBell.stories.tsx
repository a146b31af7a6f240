/**
 * NotificationBell: the header's bell with the unread count and the latest notifications.
 *
 * Usage: `<NotificationBell items={latest} unread={count} seeAllHref="/account/notifications"
 * onMarkAllRead={markAll} onNavigate={navigate} />`. Data only: the app fetches, marks read and navigates.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { BothThemes, Caption, PhoneFrame, Row, Stack } from '../../stories/StoryLayout';
import { NotificationBell, type NotificationBellItem } from './NotificationBell';

export default {
  title: 'Notifications / Notification bell',
} satisfies StoryDefault;

const now = Date.now();
const latest: NotificationBellItem[] = [
  { id: 5, title: 'Trade closed: BTC/USD long, P&L +$12.30', createdAt: now - 2 * 60_000, unread: true, href: '#5' },
  { id: 4, title: 'Stop loss hit: ETH/USD at 3,120.50', createdAt: now - 40 * 60_000, unread: true, href: '#4' },
  { id: 3, title: 'Signal rejected: SOLUSDT is not a traded pair', createdAt: now - 5 * 3_600_000, unread: false },
  { id: 2, title: 'Webhook silent for 30 minutes', createdAt: now - 26 * 3_600_000, unread: false, href: '#2' },
];

function Interactive({ initial }: { initial: NotificationBellItem[] }) {
  const [items, setItems] = useState(initial);
  const unread = items.filter((item) => item.unread).length;
  return (
    <NotificationBell
      items={items}
      unread={unread}
      seeAllHref="#all"
      onMarkAllRead={() => setItems((all) => all.map((item) => ({ ...item, unread: false })))}
      onOpenItem={(opened) =>
        setItems((all) => all.map((item) => (item.id === opened.id ? { ...item, unread: false } : item)))
      }
    />
  );
}

export const Default: Story = () => <Interactive initial={latest} />;

export const ManyUnread: Story = () => (
  <Row>
    <NotificationBell items={latest} unread={7} seeAllHref="#all" />
    <NotificationBell items={latest} unread={140} seeAllHref="#all" />
  </Row>
);

export const Empty: Story = () => <NotificationBell items={[]} unread={0} seeAllHref="#all" />;

export const Loading: Story = () => <NotificationBell items={[]} unread={0} loading seeAllHref="#all" />;

export const LoadError: Story = () => (
  <NotificationBell items={[]} unread={0} error="Notifications could not be loaded." seeAllHref="#all" />
);

export const LongTitles: Story = () => (
  <NotificationBell
    items={[
      {
        id: 1,
        title:
          'Channel "Ops team Discord" disabled after 5 permanent failures (HTTP 404) on 24 Nov 14:02: check its URL, then enable it again',
        createdAt: now - 60_000,
        unread: true,
      },
      ...latest,
    ]}
    unread={3}
    seeAllHref="#all"
  />
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Stack>
      <Interactive initial={latest} />
      <NotificationBell items={[]} unread={0} seeAllHref="#all" />
    </Stack>
  </BothThemes>
);

// A narrow frame rather than Ladle's width option: that option renders stories in an iframe,
// and menus portal to the outer document.
export const Phone: Story = () => (
  <PhoneFrame>
    <Caption>The panel keeps 8px from each edge of a 375px screen</Caption>
    <Row>
      <Interactive initial={latest} />
    </Row>
  </PhoneFrame>
);
