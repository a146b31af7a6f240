import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { itConforms } from '../../test/conformance';
import { MetricCard, MetricsGrid } from './MetricCard';

itConforms('MetricCard', {
  render: (props) => <MetricCard label="Net P&L" value={1234.5} format="signedMoney" tone="auto" {...props} />,
  refType: HTMLDivElement,
});

itConforms('MetricsGrid', {
  render: (props) => (
    <MetricsGrid label="Performance" {...props}>
      <MetricCard label="Trades" value={12} />
    </MetricsGrid>
  ),
  refType: HTMLDivElement,
});

describe('given a money metric', () => {
  it('should be a group named by its label showing the signed value', () => {
    render(<MetricCard label="Net P&L" value={1234.5} format="signedMoney" tone="auto" />);
    const card = screen.getByRole('group', { name: 'Net P&L' });
    expect(card).toHaveTextContent('+$1,234.50');
    expect(card).toHaveAttribute('data-tone', 'positive');
  });

  it('should show a loss with its minus sign, not by colour alone', () => {
    render(<MetricCard label="Net P&L" value={-80} format="signedMoney" tone="auto" />);
    const card = screen.getByRole('group', { name: 'Net P&L' });
    expect(card).toHaveTextContent('\u2212$80.00');
    expect(card).toHaveAttribute('data-tone', 'negative');
  });
});

describe('given a profit factor with no losses', () => {
  it.each([['Infinity'], [Infinity]])('should show ∞ named "infinite" when it arrives as %s', (value) => {
    render(<MetricCard label="Profit factor" value={value} format="ratio" />);
    const card = screen.getByRole('group', { name: 'Profit factor' });
    expect(within(card).getByRole('img', { name: 'infinite' })).toHaveTextContent('∞');
  });
});

describe('given no value yet', () => {
  it('should show a dash read as "none"', () => {
    render(<MetricCard label="Sharpe" value={null} format="ratio" />);
    expect(screen.getByRole('group', { name: 'Sharpe' })).toHaveTextContent('—none');
  });
});

describe('given a delta and a sub-value', () => {
  it('should show the change signed, with what it is over, and the sub-value', () => {
    render(
      <MetricCard
        label="Equity"
        value={10_500}
        format="money"
        delta={-2.5}
        deltaLabel="today"
        subValue="from $10,000.00"
      />,
    );
    const card = screen.getByRole('group', { name: 'Equity' });
    expect(card).toHaveTextContent('$10,500.00');
    expect(card).toHaveTextContent('\u22122.50% today');
    expect(card).toHaveTextContent('from $10,000.00');
  });
});

describe('given it is loading', () => {
  it('should be busy and say so instead of showing a value', () => {
    render(<MetricCard label="Win rate" value={40} format="percent" loading />);
    const card = screen.getByRole('group', { name: 'Win rate' });
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(card).toHaveTextContent('Loading');
    expect(card).not.toHaveTextContent('40.00%');
  });
});

describe('given a formula hint', () => {
  describe('when the info button gets keyboard focus', () => {
    it('should show the formula as a tooltip describing the button', async () => {
      const user = userEvent.setup();
      render(<MetricCard label="Win rate" value={40} format="percent" hint="wins ÷ closed trades" />);
      await user.tab();
      const button = screen.getByRole('button', { name: 'How Win rate is computed' });
      expect(button).toHaveFocus();
      expect(await screen.findByRole('tooltip', { name: 'wins ÷ closed trades' })).toBeInTheDocument();
      expect(button).toHaveAccessibleDescription('wins ÷ closed trades');
      await expectNoAxeViolations(document.body);
    });
  });
});

describe('given a grid of cards', () => {
  it('should be a named region holding each card', () => {
    render(
      <MetricsGrid label="Performance">
        <MetricCard label="Trades" value={12} />
        <MetricCard label="Win rate" value={50} format="percent" />
      </MetricsGrid>,
    );
    const grid = screen.getByRole('region', { name: 'Performance' });
    expect(
      within(grid)
        .getAllByRole('group')
        .map((card) => card.textContent),
    ).toEqual(['Trades12', 'Win rate50.00%']);
  });
});
