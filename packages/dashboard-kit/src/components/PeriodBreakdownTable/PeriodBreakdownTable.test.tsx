import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { itConforms } from '../../test/conformance';
import { PeriodBreakdownTable, totalOf, type BreakdownRow } from './PeriodBreakdownTable';

const byPair: BreakdownRow[] = [
  {
    key: 'BTC',
    tradeCount: 5,
    wins: 3,
    losses: 1,
    draws: 1,
    winRate: 0.6,
    netPnl: 130,
    profitFactor: 3.6,
    grossProfit: 180,
    grossLoss: -50,
  },
  {
    key: 'ETH',
    tradeCount: 2,
    wins: 2,
    losses: 0,
    draws: 0,
    winRate: 1,
    netPnl: 40,
    profitFactor: 'Infinity',
    grossProfit: 40,
    grossLoss: 0,
  },
  {
    key: 'SOL',
    tradeCount: 3,
    wins: 0,
    losses: 3,
    draws: 0,
    winRate: 0,
    netPnl: -70,
    profitFactor: 0,
    grossProfit: 0,
    grossLoss: -70,
  },
];

const table = () => screen.getByRole('table', { name: 'Breakdown by pair' });
const keys = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const cellsOf = (key: string) =>
  within(screen.getByRole('rowheader', { name: key }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

itConforms('PeriodBreakdownTable', {
  render: (props) => <PeriodBreakdownTable rows={byPair} by="pair" {...props} />,
  refType: HTMLDivElement,
});

describe('given a breakdown by pair', () => {
  it('should show each pair with its figures and a total row', () => {
    render(<PeriodBreakdownTable rows={byPair} by="pair" />);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Pair', 'Trades', 'Wins', 'Losses', 'Draws', 'Win rate', 'Net P&L', 'Profit factor']);
    expect(keys()).toEqual(['BTC', 'ETH', 'SOL', 'Total']);
    expect(cellsOf('BTC')).toEqual(['5', '3', '1', '1', '60.00%', '+$130.00', '3.60']);
    expect(cellsOf('SOL')).toEqual(['3', '0', '3', '0', '0.00%', '\u2212$70.00', '0.00']);
    // Σ gross profit 220 ÷ |Σ gross loss| 120.
    expect(cellsOf('Total')).toEqual(['10', '5', '4', '1', '50.00%', '+$100.00', '1.83']);
  });

  it('should show a profit factor without losses as ∞, named "infinite"', () => {
    render(<PeriodBreakdownTable rows={byPair} by="pair" />);
    const eth = screen.getByRole('rowheader', { name: 'ETH' }).closest('tr')!;
    expect(within(eth).getByRole('img', { name: 'infinite' })).toHaveTextContent('∞');
  });

  it('should sort by a column from its header, highest first, then lowest, then as given; the total stays last', async () => {
    const user = userEvent.setup();
    render(<PeriodBreakdownTable rows={byPair} by="pair" />);
    const profitFactor = screen.getByRole('button', { name: 'Profit factor' });
    await user.click(profitFactor);
    expect(keys()).toEqual(['ETH', 'BTC', 'SOL', 'Total']);
    expect(screen.getByRole('columnheader', { name: 'Profit factor' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(profitFactor);
    expect(keys()).toEqual(['SOL', 'BTC', 'ETH', 'Total']);
    await user.click(profitFactor);
    expect(keys()).toEqual(['BTC', 'ETH', 'SOL', 'Total']);
    expect(screen.getByRole('columnheader', { name: 'Profit factor' })).not.toHaveAttribute('aria-sort');
  });

  it('should report a controlled sort change', async () => {
    const user = userEvent.setup();
    const onSortingChange = vi.fn();
    render(<PeriodBreakdownTable rows={byPair} by="pair" sorting={[]} onSortingChange={onSortingChange} />);
    await user.click(screen.getByRole('button', { name: 'Net P&L' }));
    expect(onSortingChange).toHaveBeenCalledWith([{ id: 'netPnl', desc: true }]);
    expect(keys()).toEqual(['BTC', 'ETH', 'SOL', 'Total']);
  });
});

describe('given a breakdown by exit reason', () => {
  it('should name each reason in words', () => {
    render(
      <PeriodBreakdownTable
        by="exitReason"
        rows={[
          { ...byPair[0]!, key: 'stop_loss' },
          { ...byPair[1]!, key: 'reverse' },
        ]}
      />,
    );
    expect(
      within(screen.getByRole('table', { name: 'Breakdown by exit reason' }))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Stop loss', 'Reversal', 'Total']);
  });
});

describe('given rows without gross profit and loss', () => {
  it('should leave the total profit factor out rather than guess it', () => {
    const rows = byPair.map(({ grossProfit: _profit, grossLoss: _loss, ...row }) => row);
    expect(totalOf(rows).profitFactor).toBeNull();
    render(<PeriodBreakdownTable rows={rows} by="pair" />);
    expect(cellsOf('Total').at(-1)).toBe('—none');
  });
});

describe('given no rows', () => {
  it('should say there are no closed trades, without a total', () => {
    render(<PeriodBreakdownTable rows={[]} by="month" />);
    expect(screen.getByText('No closed trades yet')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Total' })).not.toBeInTheDocument();
  });

  it('should say it is loading', () => {
    render(<PeriodBreakdownTable rows={[]} by="month" loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading breakdown…');
    expect(screen.getByRole('table', { name: 'Breakdown by month' })).toHaveAttribute('aria-busy', 'true');
  });

  it('should show a load error with Retry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<PeriodBreakdownTable rows={[]} by="day" error={new Error('Timed out')} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the breakdownTimed out');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
