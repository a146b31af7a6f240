/**
 * PositionList: the open positions of a paper account, on Performance > Overview.
 *
 * Usage: `<PositionList positions={data} loading={isLoading} error={error} onRetry={mutate}
 * onClose={(id) => closePosition(id)} />`. `onClose` returns a promise: the row shows
 * "Closing…" until it settles, and a rejection's message in the row.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { BothThemes, Caption, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { makePosition, samplePositions } from './fixtures';
import { PositionList, type PositionRow } from './PositionList';

export default {
  title: 'Performance / Position list',
} satisfies StoryDefault;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Closing takes a second, then the position leaves the list and a status line (which takes the
 * focus) says what was closed.
 */
function Closable({ initial = samplePositions }: { initial?: PositionRow[] }) {
  const [positions, setPositions] = useState(initial);
  return (
    <PositionList
      positions={positions}
      onClose={async (id) => {
        await wait(1_000);
        const closed = positions.find((position) => position.id === id);
        setPositions((current) => current.filter((position) => position.id !== id));
        return closed
          ? `Closed ${closed.symbol}/USD ${closed.side} ${closed.quantity} at ${closed.markPrice ?? closed.entryPrice}, P&L +$12.30`
          : undefined;
      }}
    />
  );
}

export const ThreePositions: Story = () => <Closable />;

export const ReadOnly: Story = () => <PositionList positions={samplePositions} />;

export const CloseFails: Story = () => (
  <Stack>
    <PositionList
      positions={samplePositions}
      onClose={async () => {
        await wait(600);
        throw new Error('No market data for this pair right now; try again in a minute.');
      }}
    />
    <Caption>Every close fails here, to show the error in the row</Caption>
  </Stack>
);

export const Empty: Story = () => <PositionList positions={[]} />;

export const Loading: Story = () => <PositionList positions={[]} loading />;

export const LoadError: Story = () => (
  <PositionList positions={[]} error="The server did not answer (503)." onRetry={() => {}} />
);

export const RefreshErrorAboveRows: Story = () => (
  <PositionList positions={samplePositions} error="Network unreachable" onRetry={() => {}} />
);

export const LongAndHostileText: Story = () => (
  <PositionList
    positions={[
      makePosition({ id: 'h1', symbol: '<img src=x onerror=alert(1)>', strategyName: 'x'.repeat(80) }),
      makePosition({ id: 'h2', symbol: 'PEPE', quantity: 123_456_789.12345678, entryPrice: 0.00001234 }),
    ]}
    onClose={async () => {}}
  />
);

/** Two strategies' alike positions (`showStrategy`): each names its strategy, and a close says whose it is. */
export const SeveralStrategies: Story = () => (
  <PositionList
    positions={[
      makePosition({ id: 'd', symbol: 'ETH', quantity: 0.1, entryPrice: 2_804.41, strategyName: 'Default' }),
      makePosition({ id: 's', symbol: 'ETH', quantity: 0.1, entryPrice: 2_793.14, strategyName: 'Scalper 1m' }),
      makePosition({ id: 'l', symbol: 'BTC', quantity: 0.01, strategyName: 'Mean reversion on the 4 hour chart, v2' }),
    ]}
    onClose={async () => {}}
    showStrategy
  />
);

/**
 * The card beside an open sidebar at 1280 px (about 990 px): stops and targets set by percentage read at the pair's
 * two decimals, the target goes under the stop, and "Close at market" stays whole in its cell.
 */
export const PercentageStopsBesideSidebar: Story = () => (
  <div style={{ width: 990 }}>
    <Closable
      initial={[
        makePosition({ id: 'w1', quantity: 0.0223159, stopLoss: 87_829.7266, takeProfit: 93_207.0568 }),
        makePosition({
          id: 'w2',
          symbol: 'ETH',
          side: 'short',
          quantity: 1,
          stopLoss: 2_827.6123,
          takeProfit: 2_662.8911,
        }),
        makePosition({
          id: 'w3',
          symbol: 'SOL',
          quantity: 3,
          entryPrice: 168.88,
          markPrice: 169.1,
          stopLoss: 163.349,
          takeProfit: 173.349,
        }),
      ]}
    />
  </div>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Closable />
  </BothThemes>
);

/** At phone width each position is a card, its values under their labels. */
export const Phone: Story = () => (
  <PhoneFrame>
    <Closable />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };

export const PhoneBothThemes: Story = () => (
  <BothThemes>
    <Closable />
  </BothThemes>
);
PhoneBothThemes.meta = { width: 'xsmall' };

export const PhoneEmpty: Story = () => (
  <PhoneFrame>
    <PositionList positions={[]} />
  </PhoneFrame>
);
PhoneEmpty.meta = { width: 'xsmall' };
