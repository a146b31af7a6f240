/**
 * DeliveryLog: a notification channel's deliveries, newest first.
 *
 * Usage: `<DeliveryLog deliveries={items} hasMore={!!nextCursor} onLoadMore={more} />`. Data only.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, PhoneFrame } from '../../stories/StoryLayout';
import { DeliveryLog, type DeliveryLogRow } from './DeliveryLog';

export default {
  title: 'Notifications / Delivery log',
} satisfies StoryDefault;

const now = Date.now();
const rows: DeliveryLogRow[] = [
  {
    id: 4,
    title: 'Trade closed: BTC/USD long, P&L +$12.30',
    state: 'retrying',
    attempts: 3,
    responseCode: 500,
    error: null,
    createdAt: now - 4 * 60_000,
    lastAttemptAt: now - 60_000,
    nextAttemptAt: now + 2 * 60_000,
    durationMs: 120,
  },
  {
    id: 3,
    title: 'Test notification',
    state: 'delivered',
    attempts: 1,
    responseCode: 200,
    error: null,
    createdAt: now - 30 * 60_000,
    lastAttemptAt: now - 30 * 60_000,
    nextAttemptAt: null,
    durationMs: 84,
  },
  {
    id: 2,
    title: 'Signal rejected: SOLUSDT is not a traded pair',
    state: 'failed',
    attempts: 1,
    responseCode: 404,
    error: 'Not Found',
    createdAt: now - 3_600_000,
    lastAttemptAt: now - 3_600_000,
    nextAttemptAt: null,
    durationMs: 40,
  },
  {
    id: 1,
    title: 'Webhook silent for 30 minutes',
    state: 'retrying',
    attempts: 2,
    responseCode: null,
    error: 'timed out',
    createdAt: now - 2 * 3_600_000,
    lastAttemptAt: now - 3_000_000,
    nextAttemptAt: now + 600_000,
    durationMs: 10_000,
  },
];

export const Default: Story = () => <DeliveryLog deliveries={rows} />;
export const MoreToLoad: Story = () => <DeliveryLog deliveries={rows} hasMore onLoadMore={() => {}} />;
export const Empty: Story = () => <DeliveryLog deliveries={[]} />;
export const Loading: Story = () => <DeliveryLog deliveries={[]} loading />;
export const LoadError: Story = () => <DeliveryLog deliveries={[]} error="Network error" onRetry={() => {}} />;
export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <DeliveryLog deliveries={rows} timeZone="UTC" />
  </BothThemes>
);
export const Phone: Story = () => (
  <PhoneFrame>
    <DeliveryLog deliveries={rows} />
  </PhoneFrame>
);
