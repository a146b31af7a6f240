import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { itConforms } from '../../test/conformance';
import { mockMatchMedia } from '../../test/matchMedia';
import { stubScrollViewport } from '../../test/scrollViewport';
import { generateTrades, makeTrade } from './fixtures';
import { COMPACT_MEDIA_QUERY } from './layout';
import { TradesTable, type TradesTableProps } from './TradesTable';
import type { TradeRow } from './types';

// jsdom has no layout: give the scroller a viewport with room for ten 40px rows below the header.
const SCROLLER = 'trades-table-scroller';
stubScrollViewport(SCROLLER, { width: 1280, height: 440 });

function threeTrades(): TradeRow[] {
  return [
    makeTrade({
      id: 'open',
      symbol: 'ETH',
      side: 'short',
      entryTime: '2026-11-20T15:00:00.000Z',
      exitTime: null,
      exitPrice: null,
      exitReason: null,
      exitSignalId: null,
      pnl: -20.25,
      pnlPct: -0.81,
    }),
    makeTrade({ id: 'win', entryTime: '2026-11-20T10:00:00.000Z', pnl: 439.5, pnlPct: 1.47 }),
    makeTrade({
      id: 'loss',
      symbol: 'SOL',
      entryTime: '2026-11-19T09:00:00.000Z',
      exitTime: '2026-11-19T09:45:00.000Z',
      pnl: -55,
      pnlPct: -2.2,
      exitReason: 'stop_loss',
    }),
  ];
}

function renderTable(props: Partial<TradesTableProps> = {}) {
  const user = userEvent.setup();
  const utils = render(<TradesTable trades={threeTrades()} timeZone="UTC" {...props} />);
  return { user, ...utils };
}

const grid = () => screen.getByRole('grid', { name: 'Trades' });
const dataRows = () =>
  within(grid())
    .queryAllByRole('row')
    .filter((row) => row.dataset.slot === 'trades-table-row');
const rowIds = () => dataRows().map((row) => row.dataset.rowId);
const activeRowId = () => {
  const id = grid().getAttribute('aria-activedescendant');
  return id === null ? null : document.getElementById(id)?.dataset.rowId;
};

itConforms('TradesTable', {
  render: (props) => <TradesTable trades={threeTrades()} {...props} />,
  refType: HTMLDivElement,
});

describe('given three trades, one still open', () => {
  it('should show a named grid with a header per column, times naming their zone', () => {
    renderTable();
    expect(
      within(grid())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Entry (UTC)', 'Exit (UTC)', 'Pair', 'Side', 'Quantity', 'Fees', 'P&L', 'Exit reason']);
    expect(rowIds()).toEqual(['open', 'win', 'loss']);
    expect(screen.getByText('3 trades')).toBeInTheDocument();
  });

  it('should say a trade is open and mark its P&L unrealised', () => {
    renderTable();
    const [open, win, loss] = dataRows();
    expect(within(open!).getByText('Open')).toBeInTheDocument();
    expect(open).toHaveTextContent('\u2212$20.25\u22120.81% unrealised');
    // Its own text, so that a narrow column puts it on a line of its own rather than cutting it.
    expect(within(open!).getByText('unrealised')).toBeInTheDocument();
    expect(within(open!).getByText('\u22120.81%')).toBeInTheDocument();
    expect(within(open!).getByText('Short')).toBeInTheDocument();
    expect(win).toHaveTextContent('+$439.50+1.47%');
    expect(win).not.toHaveTextContent('unrealised');
    expect(within(win!).getByText('Long')).toBeInTheDocument();
    expect(within(loss!).getByText('Stop loss')).toBeInTheDocument();
    expect(within(win!).getByText('2026-11-20 10:00').closest('time')).toHaveAttribute(
      'dateTime',
      '2026-11-20T10:00:00.000Z',
    );
  });

  it("should show each fill's time over its price, in one Entry or Exit cell", () => {
    renderTable();
    const [, win] = dataRows();
    const [entry, exit] = within(win!).getAllByRole('gridcell');
    expect(entry).toHaveTextContent('2026-11-20 10:00at 60,000.00');
    expect(within(entry!).getByText('2026-11-20 10:00').tagName).toBe('TIME');
    expect(exit).toHaveTextContent(/^2026-11-20 \d\d:\d\dat [\d,]+\.\d\d$/);
  });

  it('should draw a link given an icon as that icon, its label its tooltip and part of its name', () => {
    render(
      <TradesTable
        trades={threeTrades()}
        timeZone="UTC"
        getTradeLinks={(trade) => [
          { label: 'Chart', href: `/chart/${trade.id}`, icon: <svg data-testid="chart-icon" aria-hidden="true" /> },
        ]}
      />,
    );
    const chart = screen.getByRole('link', { name: 'Chart for BTC long, opened 2026-11-20 10:00' });
    expect(chart).toHaveAttribute('title', 'Chart');
    expect(chart).toHaveTextContent('');
    expect(within(chart).getByTestId('chart-icon')).toBeInTheDocument();
  });

  it('should show a quantity to its 8 decimals, with its pair', () => {
    render(<TradesTable trades={[makeTrade({ id: 'small', symbol: 'ETH', quantity: 0.01960784 })]} />);
    expect(within(dataRows()[0]!).getByRole('gridcell', { name: '0.01960784 ETH' })).toBeInTheDocument();
  });

  it('should sort by P&L from its header, highest first, then lowest first', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Sort by P&L' }));
    expect(rowIds()).toEqual(['win', 'open', 'loss']);
    expect(screen.getByRole('columnheader', { name: 'P&L' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Sort by P&L' }));
    expect(rowIds()).toEqual(['loss', 'open', 'win']);
  });

  // Radix menus take seconds to open and settle on a loaded two-core machine.
  it('should sort from the Sort menu, the keyboard way', { timeout: 15_000 }, async () => {
    const { user } = renderTable();
    const choose = async (name: string) => {
      await user.click(screen.getByRole('button', { name: 'Sort Trades' }));
      await user.click(await screen.findByRole('menuitemradio', { name }));
    };
    // Each column starts in the direction its header's first click gives: text A to Z, numbers largest first.
    await choose('Pair');
    expect(rowIds()).toEqual(['win', 'open', 'loss']);
    expect(screen.getByRole('columnheader', { name: 'Pair' })).toHaveAttribute('aria-sort', 'ascending');
    await choose('Descending');
    expect(rowIds()).toEqual(['loss', 'open', 'win']);
    await choose('P&L');
    expect(screen.getByRole('columnheader', { name: 'P&L' })).toHaveAttribute('aria-sort', 'descending');
    expect(rowIds()).toEqual(['win', 'open', 'loss']);
  });

  it(
    'should hide a column from the columns menu, and offer the optional strategy column',
    { timeout: 15_000 },
    async () => {
      const { user } = renderTable();
      await user.click(screen.getByRole('button', { name: 'Columns of Trades' }));
      expect(await screen.findByRole('menuitemcheckbox', { name: 'Strategy' })).toHaveAttribute(
        'aria-checked',
        'false',
      );
      await user.click(screen.getByRole('menuitemcheckbox', { name: 'Fees' }));
      await user.click(screen.getByRole('menuitemcheckbox', { name: 'Strategy' }));
      await user.keyboard('{Escape}');
      const headers = within(grid())
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
      expect(headers).not.toContain('Fees');
      expect(headers).toContain('Strategy');
      expect(dataRows()[0]).toHaveTextContent('Default');
    },
  );
});

describe('given trades of several strategies', () => {
  const headers = () =>
    within(grid())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
  const ofTwoStrategies = () =>
    threeTrades().map((trade, index) => (index === 1 ? { ...trade, strategyName: 'Scalper 1m' } : trade));

  it('should show the strategy in place of the pair and the fees, so the row still fits 1280 px', () => {
    renderTable({ trades: ofTwoStrategies(), showStrategy: true });
    expect(headers()).toEqual(['Entry (UTC)', 'Exit (UTC)', 'Side', 'Quantity', 'P&L', 'Exit reason', 'Strategy']);
    expect(dataRows()[1]).toHaveTextContent('Scalper 1m');
  });

  it(
    'should show the strategy once it learns of several, and keep only the columns the user toggled',
    { timeout: 15_000 },
    async () => {
      const { user, rerender } = renderTable({ trades: ofTwoStrategies() });
      expect(headers()).toContain('Pair');
      expect(headers()).not.toContain('Strategy');
      const show = (several: boolean) =>
        rerender(<TradesTable trades={ofTwoStrategies()} timeZone="UTC" showStrategy={several} />);
      show(true);
      expect(headers()).toContain('Strategy');
      expect(headers()).not.toContain('Pair');

      await user.click(screen.getByRole('button', { name: 'Columns of Trades' }));
      await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Exit reason' }));
      await user.keyboard('{Escape}');
      // One strategy again: Pair and Fees come back, Strategy goes; the hidden Exit reason stays hidden.
      show(false);
      expect(headers()).toEqual(expect.arrayContaining(['Pair', 'Fees']));
      expect(headers()).not.toContain('Strategy');
      expect(headers()).not.toContain('Exit reason');
      show(true);
      expect(headers()).toContain('Strategy');
      expect(headers()).not.toContain('Exit reason');
    },
  );

  it(
    'should start with the choices kept from an earlier visit, the rest following the strategies, and report each toggle',
    { timeout: 15_000 },
    async () => {
      const onColumnChoicesChange = vi.fn();
      // Kept: Exit reason hidden, Pair shown (though several strategies leave it out).
      const { user } = renderTable({
        trades: ofTwoStrategies(),
        showStrategy: true,
        defaultColumnChoices: { exitReason: false, pair: true },
        onColumnChoicesChange,
      });
      expect(headers()).toEqual(['Entry (UTC)', 'Exit (UTC)', 'Pair', 'Side', 'Quantity', 'P&L', 'Strategy']);

      await user.click(screen.getByRole('button', { name: 'Columns of Trades' }));
      await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Side' }));
      expect(onColumnChoicesChange).toHaveBeenLastCalledWith({ exitReason: false, pair: true, side: false });
      expect(onColumnChoicesChange).toHaveBeenCalledTimes(1);
    },
  );

  it(
    'should offer "Reset columns" only once columns were chosen, and put the view\'s own columns back with it',
    { timeout: 15_000 },
    async () => {
      const onColumnChoicesChange = vi.fn();
      const onColumnVisibilityChange = vi.fn();
      const { user } = renderTable({
        trades: ofTwoStrategies(),
        showStrategy: true,
        onColumnChoicesChange,
        onColumnVisibilityChange,
      });
      const columnsMenu = () => screen.getByRole('button', { name: 'Columns of Trades' });
      await user.click(columnsMenu());
      await screen.findByRole('menuitemcheckbox', { name: 'Side' });
      expect(screen.queryByRole('menuitem', { name: 'Reset columns' })).toBeNull();
      // A column hidden and shown again is a choice, but shows what the view shows: nothing to reset.
      await user.click(screen.getByRole('menuitemcheckbox', { name: 'Side' }));
      await user.click(screen.getByRole('menuitemcheckbox', { name: 'Side' }));
      expect(onColumnChoicesChange).toHaveBeenLastCalledWith({ side: true });
      expect(screen.queryByRole('menuitem', { name: 'Reset columns' })).toBeNull();

      // Pair shown and Side hidden, against the several-strategies view's own columns.
      await user.click(screen.getByRole('menuitemcheckbox', { name: 'Pair' }));
      await user.click(screen.getByRole('menuitemcheckbox', { name: 'Side' }));
      expect(headers()).toEqual(['Entry (UTC)', 'Exit (UTC)', 'Pair', 'Quantity', 'P&L', 'Exit reason', 'Strategy']);
      await user.click(screen.getByRole('menuitem', { name: 'Reset columns' }));

      expect(headers()).toEqual(['Entry (UTC)', 'Exit (UTC)', 'Side', 'Quantity', 'P&L', 'Exit reason', 'Strategy']);
      expect(onColumnChoicesChange).toHaveBeenLastCalledWith({});
      expect(onColumnVisibilityChange).toHaveBeenLastCalledWith({ pair: false, fees: false, duration: false });
      // The menu closed on the trigger, and has nothing to reset any more.
      expect(columnsMenu()).toHaveFocus();
      await user.click(columnsMenu());
      await screen.findByRole('menuitemcheckbox', { name: 'Side' });
      expect(screen.queryByRole('menuitem', { name: 'Reset columns' })).toBeNull();
    },
  );

  it('should write each strategy in the direction most of its letters read, so a cut keeps its start', () => {
    const names = ['BTC מומנטום קצר טווח', 'שלום Breakout strategy', 'Scalper 1m'];
    renderTable({
      trades: threeTrades().map((trade, index) => ({ ...trade, strategyName: names[index]! })),
      showStrategy: true,
    });
    const directions = Object.fromEntries(
      names.map((name) => [name, within(grid()).getByTitle(name).getAttribute('dir')]),
    );
    expect(directions).toEqual({ 'BTC מומנטום קצר טווח': 'rtl', 'שלום Breakout strategy': 'ltr', 'Scalper 1m': 'ltr' });
  });

  it('should hand a controlled phone table its own columns back from "Reset columns"', async () => {
    const media = mockMatchMedia({ [COMPACT_MEDIA_QUERY]: true });
    try {
      const onColumnVisibilityChange = vi.fn();
      const { user } = renderTable({ trades: ofTwoStrategies(), columnVisibility: {}, onColumnVisibilityChange });
      await user.click(screen.getByRole('button', { name: 'Columns of Trades' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Reset columns' }));
      expect(onColumnVisibilityChange).toHaveBeenLastCalledWith({ fees: false, duration: false, strategy: false });
    } finally {
      media.restore();
    }
  });

  it('should give each card a line for its strategy on a phone', () => {
    const media = mockMatchMedia({ [COMPACT_MEDIA_QUERY]: true });
    try {
      renderTable({ trades: ofTwoStrategies(), showStrategy: true });
      expect(headers()).toEqual([
        'Entry (UTC)',
        'Exit (UTC)',
        'Pair',
        'Side',
        'Quantity',
        'P&L',
        'Exit reason',
        'Strategy',
      ]);
      expect(within(grid()).getAllByRole('row')[2]).toHaveTextContent('Scalper 1m');
    } finally {
      media.restore();
    }
  });
});

describe('given the keyboard', () => {
  function renderBetweenButtons(props: Partial<TradesTableProps> = {}) {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <TradesTable trades={threeTrades()} {...props} />
        <button type="button">After</button>
      </>,
    );
    return user;
  }

  it('should be one Tab stop that the arrow keys move through, Enter choosing a trade', async () => {
    const onTradeSelect = vi.fn();
    const user = renderBetweenButtons({ onTradeSelect });
    screen.getByRole('button', { name: 'Columns of Trades' }).focus();
    await user.tab();
    expect(grid()).toHaveFocus();
    expect(activeRowId()).toBe('open');
    await user.keyboard('{ArrowDown}');
    expect(activeRowId()).toBe('win');
    await user.keyboard('{End}');
    expect(activeRowId()).toBe('loss');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onTradeSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'win' }));
    await user.keyboard('{Home} ');
    expect(onTradeSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'open' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it("should put only the active trade's links in the Tab order", async () => {
    const user = renderBetweenButtons({
      getTradeLinks: (trade) => [
        { label: 'Signals', href: `/signals?trade=${trade.id}` },
        { label: 'Chart', href: `/trading/${trade.symbol}/1m?at=${trade.entryTime}` },
      ],
    });
    const chart = screen.getByRole('link', { name: 'Chart for BTC long, opened 2026-11-20 10:00' });
    expect(chart).toHaveAttribute('href', '/trading/BTC/1m?at=2026-11-20T10:00:00.000Z');
    act(() => grid().focus());
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.getByRole('link', { name: /^Signals for BTC long/ })).toHaveFocus();
    await user.tab();
    expect(chart).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('should choose a trade when a row is clicked', async () => {
    const onTradeSelect = vi.fn();
    const { user } = renderTable({ onTradeSelect, selectedId: 'loss' });
    await user.click(within(dataRows()[1]!).getByText('BTC'));
    expect(onTradeSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'win' }));
    expect(dataRows()[2]).toHaveAttribute('aria-selected', 'true');
  });
});

describe('given 10,000 trades', () => {
  const many = generateTrades(10_000, { open: 2 });

  it('should show the first screens at once and the whole list right after', { timeout: 20_000 }, async () => {
    render(<TradesTable trades={many} />);
    expect(grid()).toHaveAttribute('aria-rowcount', '201');
    await waitFor(() => expect(grid()).toHaveAttribute('aria-rowcount', '10001'), { timeout: 10_000 });
  });

  it('should keep at most a screenful of rows in the DOM, and more as it scrolls', { timeout: 20_000 }, async () => {
    const { container } = render(<TradesTable trades={many} />);
    await waitFor(() => expect(grid()).toHaveAttribute('aria-rowcount', '10001'), { timeout: 10_000 });
    expect(screen.getByText('10,000 trades')).toBeInTheDocument();
    expect(dataRows().length).toBeGreaterThan(5);
    expect(container.querySelectorAll('tr').length).toBeLessThanOrEqual(60);
    const scroller = container.querySelector<HTMLElement>(`[data-slot="${SCROLLER}"]`)!;
    await act(async () => {
      scroller.scrollTop = 260_000;
      scroller.dispatchEvent(new Event('scroll'));
    });
    const ids = rowIds();
    expect(ids).toContain(many[5_000]!.id);
    expect(container.querySelectorAll('tr').length).toBeLessThanOrEqual(60);
  });
});

describe('given the CSV export', () => {
  it('should hand over the trades sorted as shown, with every column but those the user hid', async () => {
    const onExportCsv = vi.fn();
    // Pair and Fees left out to fit the screen, as with several strategies.
    const { user } = renderTable({ onExportCsv, showStrategy: true });
    await user.click(screen.getByRole('button', { name: 'Columns of Trades' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Exit reason' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Sort by P&L' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = onExportCsv.mock.calls[0]![0] as string;
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toContain('Pair');
    expect(lines[0]).toContain('Fees (USD)');
    expect(lines[0]).toContain('P&L (USD)');
    expect(lines[0]).toContain('Strategy');
    expect(lines[0]).not.toContain('Exit reason');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['win', 'open', 'loss']);
  });

  it('should download a file when no handler is given', async () => {
    const createObjectURL = vi.fn(() => 'blob:trades');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('paper-trades.csv');
      expect(this.href).toBe('blob:trades');
    });
    const { user } = renderTable({ csvFileName: 'paper-trades.csv' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });
});

describe('given no trades', () => {
  it('should say so, with nothing to export', () => {
    renderTable({ trades: [] });
    expect(screen.getByText('No trades yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('should show skeletons and a status while loading', () => {
    renderTable({ trades: [], loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading trades…');
    expect(grid()).toHaveAttribute('aria-busy', 'true');
  });

  it('should show an error with Retry', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({ trades: [], error: new Error('The server did not answer (503)'), onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load tradesThe server did not answer (503)');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('should show a refresh error above rows already loaded', () => {
    renderTable({ error: 'Network unreachable' });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not refresh trades: Network unreachable');
    expect(dataRows()).toHaveLength(3);
  });
});

describe('given a phone-width screen', () => {
  it('should start with the card columns: entry, exit, pair, side, quantity, P&L and exit reason', () => {
    const media = mockMatchMedia({ [COMPACT_MEDIA_QUERY]: true });
    try {
      const { container } = renderTable();
      expect(container.querySelector(`[data-slot="${SCROLLER}"]`)).toHaveAttribute('data-layout', 'cards');
      expect(
        within(grid())
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual(['Entry (UTC)', 'Exit (UTC)', 'Pair', 'Side', 'Quantity', 'P&L', 'Exit reason']);
      // A trade's card tells what a trader checks on a phone: both fills and the size, not only the result.
      const card = within(grid()).getAllByRole('row')[1]!;
      expect(within(card).getByText(/^[\d.,]+ (BTC|ETH|SOL)$/)).toBeInTheDocument();
    } finally {
      media.restore();
    }
  });
});
