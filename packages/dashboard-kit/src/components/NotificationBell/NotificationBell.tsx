import { clsx } from 'clsx';
import { forwardRef, useState, type MouseEvent, type ReactNode } from 'react';
import { BellIcon } from '../../icons/BellIcon';
import { visuallyHidden } from '../../theme/focus.css';
import { Button, type ButtonProps } from '../Button/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  type DropdownMenuContentProps,
} from '../DropdownMenu/DropdownMenu';
import * as styles from './NotificationBell.css';

/** One notification as the bell lists it: data only, the app decides where it leads. */
/** A sign, currency symbol and number: "−$0.92", "+$1,250.00", "$87,829.73". */
const AMOUNT = /[−+-]?[$€£¥]\s?\d[\d,]*(?:\.\d+)?/g;

/**
 * `text` with each amount kept on one line: the browser may break a line between a minus sign and a currency
 * symbol ("P&L −" at one line's end, "$0.92" at the next's), which reads as a gain.
 */
function WholeAmounts({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(AMOUNT)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <span key={match.index} className={styles.amount}>
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

export interface NotificationBellItem {
  id: string | number;
  /** One line of plain text. */
  title: string;
  /** When it happened, ms since the epoch. */
  createdAt: number;
  unread: boolean;
  /** Where the item leads (an app path or URL); without it the item opens `seeAllHref`. */
  href?: string | null;
}

/** Counts above this show as "99+". */
export const NOTIFICATION_COUNT_CAP = 99;

/** The badge's text: the count, or "99+" past the cap. */
export function formatUnreadCount(unread: number): string {
  return unread > NOTIFICATION_COUNT_CAP ? `${NOTIFICATION_COUNT_CAP}+` : String(unread);
}

/** "Notifications" or "Notifications, 3 unread": the bell's accessible name. */
export function notificationBellName(label: string, unread: number): string {
  return unread > 0 ? `${label}, ${formatUnreadCount(unread)} unread` : label;
}

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date: the default time of an item. */
export function formatNotificationTime(at: number, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

export interface NotificationBellProps extends Omit<ButtonProps, 'asChild' | 'children'> {
  /** The latest notifications, newest first (the bell shows them all: pass the few latest). */
  items: readonly NotificationBellItem[];
  /** How many are unread in all (not only among `items`). */
  unread: number;
  /** While the first load is under way: the panel says so instead of "No notifications yet". */
  loading?: boolean;
  /** A load that failed: the panel shows this message. */
  error?: string | null;
  /** The page listing every notification ("See all"). */
  seeAllHref: string;
  /** "Mark all as read"; the item is shown only when this is given and disabled while nothing is unread. */
  onMarkAllRead?: () => void;
  /** Called when an item is opened (to mark it read). */
  onOpenItem?: (item: NotificationBellItem) => void;
  /**
   * Client-side navigation: called instead of following a link on a plain click or Enter (a router's
   * `navigate`). Without it, links are followed by the browser.
   */
  onNavigate?: (href: string) => void;
  /** An item's time; relative ("5 min ago") by default. */
  formatTime?: (at: number) => string;
  /** The button's name before the count, and the panel's heading. */
  label?: string;
  side?: DropdownMenuContentProps['side'];
  align?: DropdownMenuContentProps['align'];
  /** What the panel says when there is nothing. */
  emptyText?: ReactNode;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A bell button with the unread count that opens the latest notifications: each a link with its time and an
 * unread dot, "Mark all as read" and "See all". Data only: the app fetches, marks read and navigates.
 * Ref and rest props go to the button.
 */
export const NotificationBell = forwardRef<HTMLButtonElement, NotificationBellProps>(function NotificationBell(
  {
    items,
    unread,
    loading = false,
    error = null,
    seeAllHref,
    onMarkAllRead,
    onOpenItem,
    onNavigate,
    formatTime = formatNotificationTime,
    label = 'Notifications',
    side = 'bottom',
    align = 'end',
    emptyText = 'No notifications yet',
    variant = 'ghost',
    size = 'icon',
    className,
    ...rest
  },
  ref,
) {
  const [open, setOpen] = useState(false);

  // A plain click (or Enter) goes through the router; the browser's own handling (a new tab) is left alone.
  // Cancelling the click also cancels the menu's own select, so this closes the panel itself.
  function follow(href: string, item?: NotificationBellItem) {
    return (event: MouseEvent<HTMLAnchorElement>) => {
      if (!onNavigate || !isPlainClick(event)) return;
      event.preventDefault();
      if (item) onOpenItem?.(item);
      setOpen(false);
      onNavigate(href);
    };
  }

  let body: ReactNode;
  if (error && items.length === 0) {
    body = (
      <div role="alert" className={styles.errorMessage}>
        {error}
      </div>
    );
  } else if (loading && items.length === 0) {
    body = <div className={styles.message}>Loading notifications…</div>;
  } else if (items.length === 0) {
    body = <div className={styles.message}>{emptyText}</div>;
  } else {
    body = items.map((item) => {
      const href = item.href ?? seeAllHref;
      return (
        <DropdownMenuItem
          key={item.id}
          asChild
          className={styles.item}
          data-unread={item.unread ? '' : undefined}
          onSelect={() => onOpenItem?.(item)}
        >
          <a href={href} onClick={follow(href, item)}>
            <span aria-hidden="true" className={item.unread ? styles.dot : styles.noDot} />
            <span className={styles.text}>
              <span className={clsx(styles.title, item.unread && styles.unreadTitle)}>
                {item.unread && <span className={visuallyHidden}>Unread: </span>}
                <WholeAmounts text={item.title} />
              </span>
              <time className={styles.time} dateTime={new Date(item.createdAt).toISOString()}>
                {formatTime(item.createdAt)}
              </time>
            </span>
          </a>
        </DropdownMenuItem>
      );
    });
  }

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={ref}
          data-slot="notification-bell"
          variant={variant}
          size={size}
          aria-label={notificationBellName(label, unread)}
          className={clsx(styles.trigger, className)}
          {...rest}
        >
          <BellIcon />
          {unread > 0 && (
            <span aria-hidden="true" data-slot="notification-bell-count" className={styles.count}>
              {formatUnreadCount(unread)}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent side={side} align={align} className={styles.content}>
        <DropdownMenuLabel className={styles.header}>{label}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <div className={styles.items} data-slot="notification-bell-items">
          {body}
        </div>
        <DropdownMenuSeparator />
        {onMarkAllRead && items.length > 0 && (
          <DropdownMenuItem
            className={styles.footerItem}
            disabled={unread === 0}
            onSelect={(event) => {
              // The panel stays open: the trader sees the dots go.
              event.preventDefault();
              onMarkAllRead();
            }}
          >
            Mark all as read
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild className={styles.footerItem}>
          <a href={seeAllHref} onClick={follow(seeAllHref)}>
            See all
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
});
