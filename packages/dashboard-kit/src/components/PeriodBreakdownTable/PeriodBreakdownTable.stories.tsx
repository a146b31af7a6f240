/**
 * PeriodBreakdownTable: closed trades grouped by pair, strategy, exit reason, day, week or month,
 * on Performance > Analytics.
 *
 * Usage: `<PeriodBreakdownTable by="month" rows={data} loading={isLoading} error={error} />`.
 * Rows come as `GET /api/performance/breakdown?by=` answers; the total row is summed unless given.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, PhoneFrame } from '../../stories/StoryLayout';
import { PeriodBreakdownTable, type BreakdownRow } from './PeriodBreakdownTable';

export default {
  title: 'Performance / Period breakdown table',
} satisfies StoryDefault;

function row(
  key: string,
  wins: number,
  losses: number,
  draws: number,
  grossProfit: number,
  grossLoss: number,
): BreakdownRow {
  const tradeCount = wins + losses + draws;
  return {
    key,
    tradeCount,
    wins,
    losses,
    draws,
    winRate: tradeCount === 0 ? null : wins / tradeCount,
    netPnl: grossProfit + grossLoss,
    profitFactor: grossLoss < 0 ? grossProfit / -grossLoss : grossProfit > 0 ? 'Infinity' : null,
    grossProfit,
    grossLoss,
  };
}

const months = [
  row('2026-08', 6, 4, 1, 820.5, -410.2),
  row('2026-09', 3, 6, 0, 300, -655.75),
  row('2026-10', 9, 2, 2, 1_420, -180.4),
  row('2026-11', 4, 0, 1, 512.3, 0),
];

const pairs = [row('BTC', 12, 7, 2, 2_210, -960), row('ETH', 8, 5, 1, 640.8, -512), row('SOL', 2, 0, 1, 202, 0)];

const reasons = [
  row('signal', 10, 6, 2, 1_500, -700),
  row('stop_loss', 0, 6, 0, 0, -640.5),
  row('take_profit', 9, 0, 0, 1_210, 0),
  row('reverse', 2, 1, 0, 190, -40),
  row('manual', 1, 1, 1, 40, -35),
];

export const ByMonth: Story = () => <PeriodBreakdownTable by="month" rows={months} />;

export const ByPair: Story = () => <PeriodBreakdownTable by="pair" rows={pairs} />;

export const ByExitReason: Story = () => <PeriodBreakdownTable by="exitReason" rows={reasons} />;

export const ByStrategyWithNames: Story = () => (
  <PeriodBreakdownTable
    by="strategy"
    rows={[
      { ...pairs[0]!, key: '1', label: 'Default' },
      { ...pairs[1]!, key: '2', label: 'EMA cross 9/21 on the 15-minute chart, long only' },
    ]}
  />
);

export const SortedByNetPnl: Story = () => (
  <PeriodBreakdownTable by="month" rows={months} defaultSorting={[{ id: 'netPnl', desc: true }]} />
);

export const Empty: Story = () => <PeriodBreakdownTable by="week" rows={[]} />;

export const Loading: Story = () => <PeriodBreakdownTable by="day" rows={[]} loading />;

export const LoadError: Story = () => (
  <PeriodBreakdownTable by="day" rows={[]} error="The server did not answer (503)." onRetry={() => {}} />
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <PeriodBreakdownTable by="pair" rows={pairs} />
  </BothThemes>
);

/**
 * On phones (below 40rem) each group is a small card: its name on a line of its own, its trades, win rate, net
 * P&L and profit factor under it in four columns that line up from group to group, and its wins, losses and
 * draws on the line below, under labels of the same shape. Nothing is cut at the right edge, and the page does
 * not scroll sideways.
 */
export const Phone: Story = () => (
  <PhoneFrame>
    <PeriodBreakdownTable by="month" rows={months} />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };

export const PhoneBothThemes: Story = () => (
  <BothThemes>
    <PeriodBreakdownTable by="exitReason" rows={reasons} />
  </BothThemes>
);
PhoneBothThemes.meta = { width: 'xsmall' };

/** A long strategy name wraps across its card, and four- and five-digit P&L still fit beside the other figures. */
export const PhoneLongNamesLargeFigures: Story = () => (
  <BothThemes>
    <PeriodBreakdownTable
      by="strategy"
      rows={[
        { ...row('1', 31, 12, 2, 14_210.4, -1_875.12), label: 'Default' },
        { ...row('2', 4, 9, 0, 620.5, -2_140.75), label: 'Swing momentum portfolio with a trailing exit' },
      ]}
    />
  </BothThemes>
);
PhoneLongNamesLargeFigures.meta = { width: 'xsmall' };

export const PhoneEmpty: Story = () => (
  <PhoneFrame>
    <PeriodBreakdownTable by="week" rows={[]} />
  </PhoneFrame>
);
PhoneEmpty.meta = { width: 'xsmall' };
