/**
 * MetricCard and MetricsGrid: the figures of a paper account on Performance > Overview.
 *
 * Usage: `<MetricsGrid label="Performance"><MetricCard label="Net P&L" value={metrics.realisedPnl}
 * format="signedMoney" tone="auto" hint="Σ net P&L of closed trades" /></MetricsGrid>`.
 * Numbers are formatted by `format`; a profit factor of `"Infinity"` shows as ∞.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, PhoneFrame } from '../../stories/StoryLayout';
import { MetricCard, MetricsGrid } from './MetricCard';

export default {
  title: 'Performance / Metric card',
} satisfies StoryDefault;

function Overview({ loading = false }: { loading?: boolean }) {
  return (
    <MetricsGrid label="Performance">
      <MetricCard
        label="Equity"
        value={10_482.35}
        format="money"
        subValue="from $10,000.00"
        delta={4.82}
        deltaLabel="since start"
        loading={loading}
      />
      <MetricCard
        label="Net P&L"
        value={482.35}
        format="signedMoney"
        tone="auto"
        hint="Realised P&L of closed trades, net of fees, plus unrealised P&L of open positions."
        loading={loading}
      />
      <MetricCard
        label="Win rate"
        value={58.33}
        format="percent"
        subValue="7 wins · 4 losses · 1 draw"
        hint="Wins ÷ closed trades. A break-even trade is a draw, not a win."
        loading={loading}
      />
      <MetricCard
        label="Profit factor"
        value={1.86}
        format="ratio"
        hint="Gross profit ÷ |gross loss|; ∞ with no losing trade."
        loading={loading}
      />
      <MetricCard
        label="Max drawdown"
        value={-412.1}
        format="signedMoney"
        tone="negative"
        delta={-3.93}
        deltaLabel="of peak"
        loading={loading}
      />
      <MetricCard label="Sharpe" value={null} format="ratio" subValue="needs two days of equity" loading={loading} />
    </MetricsGrid>
  );
}

export const Grid: Story = () => <Overview />;

export const Loading: Story = () => <Overview loading />;

export const InfiniteProfitFactor: Story = () => (
  <MetricsGrid>
    <MetricCard label="Profit factor" value="Infinity" format="ratio" subValue="no losing trade yet" />
    <MetricCard label="Sortino" value={Infinity} format="ratio" />
  </MetricsGrid>
);

export const GainLossNeutral: Story = () => (
  <MetricsGrid>
    <MetricCard label="Gain" value={125.4} format="signedMoney" tone="auto" />
    <MetricCard label="Loss" value={-80} format="signedMoney" tone="auto" />
    <MetricCard label="Flat" value={0} format="signedMoney" tone="auto" />
  </MetricsGrid>
);

export const LongLabel: Story = () => (
  <MetricsGrid style={{ maxWidth: '28rem' }}>
    <MetricCard
      label="Average duration of a winning trade held over a weekend"
      value={3 * 86_400_000 + 4 * 3_600_000}
      format="duration"
      subValue="a sub-value that goes on long enough to wrap onto a second line at this width"
    />
  </MetricsGrid>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Overview />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <Overview />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };

export const PhoneBothThemes: Story = () => (
  <BothThemes>
    <Overview />
  </BothThemes>
);
PhoneBothThemes.meta = { width: 'xsmall' };

export const PhoneLoading: Story = () => (
  <PhoneFrame>
    <Overview loading />
  </PhoneFrame>
);
PhoneLoading.meta = { width: 'xsmall' };

/** A loading card beside loaded ones, with and without a sub-value: all one height, so nothing moves on load. */
export const LoadingBesideLoaded: Story = () => (
  <MetricsGrid style={{ maxWidth: '40rem' }}>
    <MetricCard label="Equity" value={null} format="money" loading hint="Starting balance + P&L." />
    <MetricCard
      label="Equity"
      value={10_017.98}
      format="money"
      subValue="of 10,000 USD starting balance"
      hint="Starting balance + P&L."
    />
    <MetricCard label="Sharpe" value={1.42} format="ratio" hint="Mean ÷ standard deviation of daily returns." />
  </MetricsGrid>
);
