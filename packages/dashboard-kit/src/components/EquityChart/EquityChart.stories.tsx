/**
 * EquityChart: an account's equity over time, its drawdown beneath, a crosshair and range presets.
 *
 * Usage: `<EquityChart points={curve} startingBalance={10_000} loading={isLoading} error={error} />`.
 * Hover, touch or focus the plot and use the arrow keys; pick a range with the presets. 10,000+
 * points stay fast: at most 400 are drawn. Switch the theme with Ladle's theme button.
 */
import { action, type Story, type StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { BothThemes, Caption, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { seededRandom } from '../../test/seeded-random';
import { HOUR } from '../CandlestickChart/aggregate';
import { EquityChart } from './EquityChart';
import type { EquityPoint, EquityRange } from './equity';

export default {
  title: 'Data / Equity chart',
} satisfies StoryDefault;

const LAST = Date.UTC(2026, 2, 12, 12, 0);

/** A random walk of equity from 10,000 with its drawdown from the running peak, a point every `stepMs`. */
function sampleCurve(count: number, stepMs = HOUR, seed = 3): EquityPoint[] {
  const random = seededRandom(seed);
  let equity = 10_000;
  let peak = equity;
  return Array.from({ length: count }, (_, i) => {
    if (i > 0) equity = Math.max(100, equity * (1 + (random() - 0.47) * 0.012));
    peak = Math.max(peak, equity);
    const drawdown = peak - equity;
    return {
      time: new Date(LAST - (count - 1 - i) * stepMs).toISOString(),
      equity: Math.round(equity * 100) / 100,
      drawdown: Math.round(drawdown * 100) / 100,
      drawdownPct: (drawdown / peak) * 100,
    };
  });
}

const CURVE = sampleCurve(24 * 120);

export const Default: Story = () => <EquityChart points={CURVE} startingBalance={10_000} />;

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <EquityChart points={CURVE} startingBalance={10_000} height={320} timeZone="UTC" />
  </BothThemes>
);

export const ControlledRange: Story = () => {
  const [range, setRange] = useState<EquityRange>('1M');
  return (
    <Stack>
      <EquityChart points={CURVE} startingBalance={10_000} range={range} onRangeChange={setRange} />
      <Caption>Range chosen by the page: {range}</Caption>
    </Stack>
  );
};

export const TenThousandPoints: Story = () => (
  <Stack>
    <Caption>20,000 points (a point every 10 minutes for 139 days): at most 400 go to Victory.</Caption>
    <EquityChart points={sampleCurve(20_000, HOUR / 6, 8)} startingBalance={10_000} />
  </Stack>
);

export const OnlyAFewTrades: Story = () => (
  <EquityChart points={sampleCurve(4, 24 * HOUR, 5)} startingBalance={10_000} defaultRange="All" />
);

export const Updating: Story = () => <EquityChart points={CURVE} startingBalance={10_000} loading height={300} />;

export const FailedUpdate: Story = () => (
  <EquityChart points={CURVE} startingBalance={10_000} error="Live updates stopped." onRetry={action('retry')} />
);

export const Loading: Story = () => <EquityChart points={[]} loading />;

export const Empty: Story = () => (
  <BothThemes>
    <EquityChart points={[]} />
  </BothThemes>
);

export const EmptyWithOwnWords: Story = () => (
  <EquityChart
    points={[]}
    emptyTitle="Paper trading is off"
    emptyDescription="Turn paper trading on in Settings › Strategy to see this strategy's equity."
  />
);

export const ErrorState: Story = () => (
  <EquityChart points={[]} error="The server did not answer." onRetry={action('retry')} />
);

export const Phone: Story = () => (
  <PhoneFrame>
    <EquityChart points={CURVE} startingBalance={10_000} height={300} />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
