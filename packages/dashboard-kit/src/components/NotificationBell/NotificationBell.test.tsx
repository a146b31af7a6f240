import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { itConforms } from '../../test/conformance';
import {
  NotificationBell,
  formatNotificationTime,
  formatUnreadCount,
  type NotificationBellItem,
  type NotificationBellProps,
} from './NotificationBell';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const items: NotificationBellItem[] = [
  { id: 3, title: 'Trade closed: BTC/USD long, P&L +$12.30', createdAt: NOW - 5 * 60_000, unread: true, href: '/a' },
  { id: 2, title: 'Signal rejected: unknown ticker', createdAt: NOW - 3 * 3_600_000, unread: true, href: null },
  { id: 1, title: 'Trade opened: ETH/USD long', createdAt: NOW - 2 * 86_400_000, unread: false, href: '/c' },
];

// While the panel is open, Radix hides the rest of the page from assistive technology.
const bell = () => screen.getByRole('button', { name: /^Notifications/, hidden: true });

function renderBell(props: Partial<NotificationBellProps> = {}) {
  return render(
    <NotificationBell
      items={items}
      unread={2}
      seeAllHref="/all"
      formatTime={(at) => formatNotificationTime(at, NOW)}
      {...props}
    />,
  );
}

itConforms('NotificationBell', {
  render: (props) => <NotificationBell items={items} unread={2} seeAllHref="/all" {...props} />,
  refType: HTMLButtonElement,
});

describe('given unread notifications', () => {
  it('should name the bell with the count and show it on the badge', () => {
    renderBell();
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    expect(bell()).toHaveAttribute('aria-haspopup', 'menu');
    expect(bell().querySelector('[data-slot="notification-bell-count"]')).toHaveTextContent('2');
  });

  it('should cap the count at 99+', () => {
    renderBell({ unread: 250 });
    expect(bell()).toHaveAccessibleName('Notifications, 99+ unread');
    expect(bell().querySelector('[data-slot="notification-bell-count"]')).toHaveTextContent('99+');
    expect(formatUnreadCount(99)).toBe('99');
    expect(formatUnreadCount(100)).toBe('99+');
  });

  it('should list the latest with their time, unread ones said so, each a link, then Mark all as read and See all', async () => {
    renderBell({ onMarkAllRead: () => {} });
    await userEvent.click(bell());
    const menu = screen.getByRole('menu');
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Unread: Trade closed: BTC/USD long, P&L +$12.305 min ago',
      'Unread: Signal rejected: unknown ticker3 h ago',
      'Trade opened: ETH/USD long2 d ago',
      'Mark all as read',
      'See all',
    ]);
    expect(entries[0]).toHaveAttribute('href', '/a');
    // An item without a link of its own leads to the full list.
    expect(entries[1]).toHaveAttribute('href', '/all');
    expect(entries[4]).toHaveAttribute('href', '/all');
    // Only the items scroll when the window is short: the two actions stay below them, in view.
    const scroller = menu.querySelector('[data-slot="notification-bell-items"]');
    expect([...entries].map((entry) => scroller?.contains(entry))).toEqual([true, true, true, false, false]);
  });

  it('should keep an amount on one line, its minus sign with its number', async () => {
    const title = 'Take profit hit: ETH long closed, P&L −$0.92 at 3,051.20';
    renderBell({ items: [{ id: 9, title, createdAt: NOW, unread: false, href: '/t' }] });
    await userEvent.click(bell());
    const amount = screen.getByText('−$0.92');
    expect(getComputedStyle(amount).whiteSpace).toBe('nowrap');
    expect(amount.closest('a')).toHaveTextContent(title);
  });

  it('should mark all as read and stay open', async () => {
    const onMarkAllRead = vi.fn();
    renderBell({ onMarkAllRead });
    await userEvent.click(bell());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark all as read' }));
    expect(onMarkAllRead).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('should open an item with the keyboard through onNavigate, telling which one was opened', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    const onOpenItem = vi.fn();
    renderBell({ onNavigate, onOpenItem });
    await user.tab();
    expect(bell()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: /Trade closed/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onNavigate).toHaveBeenCalledWith('/a');
    expect(onOpenItem).toHaveBeenCalledWith(items[0]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('should have no axe violations with the panel open', async () => {
    const { baseElement } = renderBell({ onMarkAllRead: () => {} });
    await userEvent.click(bell());
    await act(async () => {});
    await expectNoAxeViolations(baseElement);
  });
});

describe('given nothing unread', () => {
  it('should be named Notifications alone, without a badge, and Mark all as read disabled', async () => {
    renderBell({ unread: 0, items: items.map((item) => ({ ...item, unread: false })), onMarkAllRead: () => {} });
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(bell().querySelector('[data-slot="notification-bell-count"]')).toBeNull();
    await userEvent.click(bell());
    expect(screen.getByRole('menuitem', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('given no notifications, a first load, or a failed one', () => {
  it('should say "No notifications yet" and still offer See all', async () => {
    renderBell({ items: [], unread: 0, onMarkAllRead: () => {} });
    await userEvent.click(bell());
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('No notifications yet')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['See all']);
  });

  it('should say it is loading while the first load runs', async () => {
    renderBell({ items: [], unread: 0, loading: true });
    await userEvent.click(bell());
    expect(within(screen.getByRole('menu')).getByText('Loading notifications…')).toBeInTheDocument();
  });

  it('should show a failed load as an alert', async () => {
    renderBell({ items: [], unread: 0, error: 'Notifications could not be loaded.' });
    await userEvent.click(bell());
    expect(within(screen.getByRole('menu')).getByRole('alert')).toHaveTextContent('Notifications could not be loaded.');
  });
});

describe('formatNotificationTime', () => {
  it('should count minutes, hours and days, then give the date', () => {
    expect(formatNotificationTime(NOW - 10_000, NOW)).toBe('just now');
    expect(formatNotificationTime(NOW - 59 * 60_000, NOW)).toBe('59 min ago');
    expect(formatNotificationTime(NOW - 23 * 3_600_000, NOW)).toBe('23 h ago');
    expect(formatNotificationTime(NOW - 6 * 86_400_000, NOW)).toBe('6 d ago');
    expect(formatNotificationTime(NOW - 30 * 86_400_000, NOW)).toMatch(/2026/);
  });
});
