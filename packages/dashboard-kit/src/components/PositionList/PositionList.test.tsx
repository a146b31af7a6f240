import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { itConforms } from '../../test/conformance';
import { makePosition, samplePositions } from './fixtures';
import { PositionList } from './PositionList';

itConforms('PositionList', {
  render: (props) => <PositionList positions={samplePositions} onClose={async () => {}} {...props} />,
  refType: HTMLDivElement,
});

const list = () => screen.getByRole('table', { name: 'Open positions' });
const rowOf = (pair: string) => screen.getByRole('rowheader', { name: new RegExp(`^${pair}`) }).closest('tr')!;

describe('given three open positions', () => {
  it('should show a named table with a header per column and one row per position', () => {
    render(<PositionList positions={samplePositions} timeZone="UTC" />);
    expect(
      within(list())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Pair', 'Quantity', 'Entry', 'Mark', 'Unrealised P&L', 'Stop / target', 'Opened (UTC)']);
    expect(
      within(list())
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['BTCLong', 'ETHShort', 'SOLLong']);
  });

  it('should show prices, signed unrealised P&L, stop and target, and the time opened', () => {
    render(<PositionList positions={samplePositions} timeZone="UTC" />);
    const btc = rowOf('BTC');
    expect(btc).toHaveTextContent('60,000.00');
    expect(btc).toHaveTextContent('61,200.00');
    expect(btc).toHaveTextContent('+$570.00+1.90%');
    expect(btc).toHaveTextContent('58,800.00 / 66,000.00');
    expect(within(btc).getByText('2026-11-20 10:00')).toHaveAttribute('dateTime', '2026-11-20T10:00:00.000Z');
    expect(rowOf('ETH')).toHaveTextContent('\u2212$71.76\u22121.03%');
    // No mark price yet, no target: dashes read as "none".
    expect(rowOf('SOL')).toHaveTextContent('—none');
    expect(rowOf('SOL')).toHaveTextContent('148.00 / —');
  });

  it("should show a stop and target set by percentage at the pair's two decimals, as the chart labels them", () => {
    render(
      <PositionList
        positions={[
          makePosition({ id: 'btc', symbol: 'BTC', stopLoss: 87_829.7266, takeProfit: 93_207.0568 }),
          makePosition({ id: 'sol', symbol: 'SOL', stopLoss: 163.349, takeProfit: null }),
        ]}
      />,
    );
    expect(rowOf('BTC')).toHaveTextContent('87,829.73 / 93,207.06');
    expect(rowOf('SOL')).toHaveTextContent('163.35 / —');
  });

  it('should offer no close button without onClose', () => {
    render(<PositionList positions={samplePositions} />);
    expect(screen.queryByRole('button', { name: /Close/ })).not.toBeInTheDocument();
  });
});

describe('given Close at market', () => {
  describe('after the trader asks to close and confirms', () => {
    it('should confirm first, then call onClose and show the close pending', async () => {
      const user = userEvent.setup();
      let finish: () => void = () => {};
      const onClose = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      render(<PositionList positions={samplePositions} onClose={onClose} />);
      await user.click(screen.getByRole('button', { name: 'Close at market: ETH short' }));
      const confirmation = screen.getByRole('group', { name: 'Confirm closing ETH short' });
      expect(confirmation).toHaveTextContent('Close 2 ETH at market?');
      expect(onClose).not.toHaveBeenCalled();
      const confirm = within(confirmation).getByRole('button', { name: 'Confirm close' });
      expect(confirm).toHaveFocus();
      await user.click(confirm);
      expect(onClose).toHaveBeenCalledWith('p2');
      expect(within(confirmation).getByRole('button', { name: 'Closing…' })).toHaveAttribute('aria-busy', 'true');
      expect(within(confirmation).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      await act(async () => finish());
      // Still listed (the list has not refreshed yet): it can be closed again.
      expect(screen.getByRole('button', { name: 'Close at market: ETH short' })).toBeInTheDocument();
    });
  });

  describe('once the close is done and the row goes', () => {
    it('should say what was closed in a status line that takes the focus', async () => {
      const user = userEvent.setup();
      const onClose = vi.fn(async () => 'Closed ETH/USD short 2 at 3,010.00, P&L +$4.20');
      const { rerender } = render(<PositionList positions={samplePositions} onClose={onClose} />);
      await user.click(screen.getByRole('button', { name: 'Close at market: ETH short' }));
      await user.click(screen.getByRole('button', { name: 'Confirm close' }));
      rerender(<PositionList positions={samplePositions.filter((p) => p.id !== 'p2')} onClose={onClose} />);
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent('Closed ETH/USD short 2 at 3,010.00, P&L +$4.20');
      expect(status).toHaveFocus();
      await expectNoAxeViolations(document.body);
    });

    it('should say so in its own words when onClose gives none', async () => {
      const user = userEvent.setup();
      render(<PositionList positions={samplePositions} onClose={async () => {}} />);
      await user.click(screen.getByRole('button', { name: 'Close at market: BTC long' }));
      await user.click(screen.getByRole('button', { name: 'Confirm close' }));
      expect(await screen.findByRole('status')).toHaveTextContent(/^Closed BTC long [\d.]+ at market\.$/);
    });
  });

  describe('after the trader cancels with Escape', () => {
    it('should not close, and give the focus back to the close button', async () => {
      const user = userEvent.setup();
      const onClose = vi.fn(async () => {});
      render(<PositionList positions={samplePositions} onClose={onClose} />);
      await user.click(screen.getByRole('button', { name: 'Close at market: BTC long' }));
      await user.keyboard('{Escape}');
      expect(onClose).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Close at market: BTC long' })).toHaveFocus();
    });
  });

  describe('after the trader asks to close BTC, then SOL', () => {
    it('should leave only the SOL confirmation open, and Escape should close it and focus its button', async () => {
      const user = userEvent.setup();
      const onClose = vi.fn(async () => {});
      render(<PositionList positions={samplePositions} onClose={onClose} />);
      await user.click(screen.getByRole('button', { name: 'Close at market: BTC long' }));
      expect(screen.getByRole('group', { name: 'Confirm closing BTC long' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Close at market: SOL long' }));

      expect(screen.getAllByRole('group', { name: /^Confirm closing/ })).toHaveLength(1);
      expect(screen.queryByRole('group', { name: 'Confirm closing BTC long' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Close at market: BTC long' })).toBeInTheDocument();
      const sol = screen.getByRole('group', { name: 'Confirm closing SOL long' });
      expect(within(sol).getByRole('button', { name: 'Confirm close' })).toHaveFocus();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('group', { name: /^Confirm closing/ })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Close at market: SOL long' })).toHaveFocus();
      expect(onClose).not.toHaveBeenCalled();
    });
  });

  describe('when the close fails', () => {
    it('should say why in the row and let the trader try again', async () => {
      const user = userEvent.setup();
      const onClose = vi.fn(async () => {
        throw new Error('No market data for BTC');
      });
      render(<PositionList positions={samplePositions} onClose={onClose} />);
      await user.click(screen.getByRole('button', { name: 'Close at market: BTC long' }));
      await user.click(screen.getByRole('button', { name: 'Confirm close' }));
      expect(await within(rowOf('BTC')).findByRole('alert')).toHaveTextContent(
        'Could not close BTC long: No market data for BTC',
      );
      expect(screen.getByRole('button', { name: 'Close at market: BTC long' })).toHaveFocus();
      await expectNoAxeViolations(document.body);
    });
  });
});

describe('given alike positions of two strategies, and showStrategy', () => {
  const positions = [
    makePosition({ id: 'd', symbol: 'ETH', side: 'long', quantity: 0.1, strategyName: 'Default' }),
    makePosition({ id: 's', symbol: 'ETH', side: 'long', quantity: 0.1, strategyName: 'Scalper 1m' }),
  ];

  it('should name each row by its strategy, and say whose position a close is of', async () => {
    const user = userEvent.setup();
    render(<PositionList positions={positions} onClose={async () => {}} showStrategy />);
    expect(
      within(list())
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ETHLong Default', 'ETHLong Scalper 1m']);
    await user.click(screen.getByRole('button', { name: 'Close at market: ETH long of Scalper 1m' }));
    const confirmation = screen.getByRole('group', { name: 'Confirm closing ETH long of Scalper 1m' });
    expect(confirmation).toHaveTextContent('Close 0.1 ETH of Scalper 1m at market?');
  });

  it('should name no strategy without showStrategy (a trader with one)', () => {
    render(<PositionList positions={positions} onClose={async () => {}} />);
    expect(screen.getAllByRole('button', { name: 'Close at market: ETH long' })).toHaveLength(2);
    expect(list()).not.toHaveTextContent('Scalper');
  });
});

describe('given no positions', () => {
  it('should say "No open positions"', () => {
    render(<PositionList positions={[]} />);
    expect(screen.getByText('No open positions')).toBeInTheDocument();
  });

  it('should show skeletons and say it is loading', () => {
    render(<PositionList positions={[]} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading positions…');
    expect(list()).toHaveAttribute('aria-busy', 'true');
  });

  it('should show a load error with Retry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<PositionList positions={[]} error="The server did not answer (503)" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load positionsThe server did not answer (503)');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('given text from the data', () => {
  it('should render it as text, never as HTML', () => {
    const { container } = render(
      <PositionList positions={[makePosition({ id: 'x', symbol: '<img src=x onerror=alert(1)>' })]} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });
});
