/**
 * EmptyState: what a list, table or page shows when it has nothing, or when loading failed.
 *
 * Usage: `<EmptyState icon={<InboxIcon />} title="No signals yet" description="..." action={<Button>...</Button>} />`.
 * Add `role="status"` when it replaces content that was loading; for errors use `tone="danger"`
 * (and `role="alert"` if the user must notice). `titleAs` picks the heading level.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { AlertTriangleIcon } from '../../icons/AlertTriangleIcon';
import { InboxIcon } from '../../icons/InboxIcon';
import { BothThemes, PhoneFrame } from '../../stories/StoryLayout';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

export default {
  title: 'Feedback / Empty state',
} satisfies StoryDefault;

function NoSignals() {
  return (
    <EmptyState
      role="status"
      icon={<InboxIcon size={20} />}
      title="No signals yet"
      description="Point a TradingView alert at your webhook URL and its signals will appear here."
      action={<Button variant="outline">Show webhook URL</Button>}
    />
  );
}

function LoadFailed() {
  return (
    <EmptyState
      role="alert"
      tone="danger"
      icon={<AlertTriangleIcon size={20} />}
      title="Could not load signals"
      description="The server did not answer. Check your connection and try again."
      action={<Button>Retry</Button>}
    />
  );
}

export const Empty: Story = () => <NoSignals />;

export const LoadError: Story = () => <LoadFailed />;

export const TitleOnly: Story = () => <EmptyState title="Nothing here" />;

export const NotFound: Story = () => (
  <EmptyState
    titleAs="h2"
    title="Unknown pair: DOGE/USD"
    description="SignalDeck lists BTC/USD, ETH/USD and SOL/USD."
    action={
      <Button asChild variant="outline">
        <a href="#trading/BTC/1m">Open BTC/USD</a>
      </Button>
    }
  />
);

export const LongText: Story = () => (
  <div style={{ maxWidth: '22rem' }}>
    <EmptyState
      icon={<InboxIcon size={20} />}
      title="No signals for the strategy Mean reversion with volatility bands and a trailing exit"
      description="Alerts sent to https://signaldeck.example/api/webhooks/9f2c41d7e0b84a1c9d3f will be listed here as soon as they arrive, including rejected ones with their reason."
    />
  </div>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <NoSignals />
    <LoadFailed />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <NoSignals />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
