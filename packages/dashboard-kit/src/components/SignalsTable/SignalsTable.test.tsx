import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { itConforms } from '../../test/conformance';
import { mockMatchMedia } from '../../test/matchMedia';
import { stubScrollViewport } from '../../test/scrollViewport';
import { generateSignals, makeSignal } from './fixtures';
import { COMPACT_MEDIA_QUERY, SIGNAL_ROW_HEIGHT_PX as ROW } from './layout';
import { SignalsTable, type SignalsTableProps } from './SignalsTable';
import type { SignalRow } from './types';

// jsdom has no layout: give the table's scroller a viewport so the virtualiser has room for
// ten 40px rows below the 40px header.
const SCROLLER = 'signals-table-scroller';
stubScrollViewport(SCROLLER, { width: 1024, height: 440 });

const MINUTE = 60_000;

function threeSignals(): SignalRow[] {
  const now = Date.now();
  return [
    makeSignal({ id: 'a', ticker: 'BTC', action: 'buy', price: 67_234.5, receivedAt: now - 2 * MINUTE }),
    makeSignal({
      id: 'b',
      ticker: 'ETH',
      action: 'sell',
      price: 3_480.25,
      quantity: null,
      receivedAt: now - 5 * MINUTE,
      status: 'rejected',
      reason: 'Price must be a positive number',
    }),
    makeSignal({
      id: 'c',
      ticker: 'SOL',
      action: 'exit',
      price: 152.1,
      receivedAt: now - 9 * MINUTE,
      status: 'duplicate',
    }),
  ];
}

function renderTable(props: Partial<SignalsTableProps> = {}) {
  const user = userEvent.setup();
  const utils = render(<SignalsTable signals={threeSignals()} {...props} />);
  return { user, ...utils };
}

const table = () => screen.getByRole('grid', { name: 'Signals' });
const dataRows = () =>
  within(table())
    .queryAllByRole('row')
    .filter((row) => row.dataset.slot === 'signals-table-row');
const tickers = () => dataRows().map((row) => row.dataset.rowId);
const scroller = (container: HTMLElement) => container.querySelector<HTMLElement>(`[data-slot="${SCROLLER}"]`)!;

async function scrollTo(element: HTMLElement, top: number) {
  await act(async () => {
    element.scrollTop = top;
    element.dispatchEvent(new Event('scroll'));
  });
}

itConforms('SignalsTable', {
  render: (props) => <SignalsTable signals={threeSignals()} {...props} />,
  refType: HTMLDivElement,
});

describe('given three signals', () => {
  it('should show a named table with a header per column, the time column naming its zone', () => {
    renderTable({ timeZone: 'UTC' });
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Details',
      'Time (UTC)',
      'Ticker',
      'Action',
      'Price',
      'Quantity',
      'Interval',
      'Strategy',
      'Status',
    ]);
    expect(screen.getByRole('button', { name: 'Sort by Price' })).toBeInTheDocument();
    expect(dataRows()).toHaveLength(3);
  });

  it('should show each time on the clock its header names, how long ago beneath, the exact time behind it', () => {
    const now = Date.now();
    const receivedAt = now - 2 * MINUTE;
    render(<SignalsTable signals={[makeSignal({ id: 'a', receivedAt })]} timeZone="UTC" />);
    expect(screen.getByRole('columnheader', { name: /^Time \(UTC\)/ })).toBeInTheDocument();
    const clock = new Date(receivedAt).toISOString().slice(11, 19);
    const sameDay = new Date(receivedAt).toISOString().slice(0, 10) === new Date(now).toISOString().slice(0, 10);
    const shown = sameDay ? clock : new Date(receivedAt).toISOString().slice(5, 16).replace('T', ' ');
    const time = screen.getByText(shown);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', new Date(receivedAt).toISOString());
    expect(time.getAttribute('title')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} UTC$/);
    expect(time.closest('td')).toHaveTextContent(`${shown}2 min ago`);
  });

  it('should name each row’s details button with the time the row shows, so rows of one pair and action differ', () => {
    const now = Date.now();
    const at = (minutesAgo: number) => now - minutesAgo * MINUTE;
    render(
      <SignalsTable
        signals={[makeSignal({ id: 'a', receivedAt: at(2) }), makeSignal({ id: 'b', receivedAt: at(5) })]}
        timeZone="UTC"
      />,
    );
    const names = screen
      .getAllByRole('button', { name: /^Details of/ })
      .map((button) => button.getAttribute('aria-label'));
    const shown = screen.getAllByRole('row').flatMap((row) => {
      const time = row.querySelector('time');
      return time ? [time.textContent] : [];
    });
    expect(names).toEqual(shown.map((time) => `Details of BTC buy at ${time}`));
    expect(new Set(names).size).toBe(2);
  });

  describe('given the UTC time zone', () => {
    it('should show every time of an opened row in UTC, named', async () => {
      const receivedAt = Date.UTC(2024, 2, 1, 23, 15, 0, 250);
      const { user } = renderTable({ timeZone: 'UTC', signals: [makeSignal({ id: 'a', receivedAt })] });
      expect(screen.getByText('2024-03-01')).toHaveAttribute('title', '2024-03-01 23:15:00.250 UTC');
      await user.click(screen.getByRole('button', { name: /^Details of/ }));
      expect(screen.getByText('2024-03-01 23:15:00.250 UTC')).toBeInTheDocument();
    });
  });

  it('should colour actions by direction and show a rejection with its reason', () => {
    renderTable();
    expect(screen.getByText('buy')).toHaveAttribute('data-variant', 'success');
    expect(screen.getByText('sell')).toHaveAttribute('data-variant', 'danger');
    expect(screen.getByText('exit')).toHaveAttribute('data-variant', 'neutral');
    const rejected = dataRows()[1]!;
    expect(within(rejected).getByText('rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('Price must be a positive number')).toBeInTheDocument();
    expect(within(rejected).getByText('none')).toBeInTheDocument();
    expect(within(rejected).getByText('3,480.25')).toBeInTheDocument();
  });

  it("should give a rejection's reason in full in its details, with a How to fix link when the consumer has one", async () => {
    const reason = 'TradingView sent text, not JSON: paste the alert template into the alert\'s Message (got "BUY")';
    const { user } = renderTable({
      signals: [
        makeSignal({
          id: 'a',
          status: 'rejected',
          reason,
          reasonHelpHref: '/docs/webhooks#tradingview-sent-text-not-json',
        }),
        makeSignal({ id: 'b', status: 'rejected', reason: 'Missing ticker' }),
      ],
    });
    const [first, second] = screen.getAllByRole('button', { name: /^Details of/ });
    await user.click(first!);
    expect(document.querySelector('[data-field="reason"]')).toHaveTextContent(reason);
    const help = document.querySelector('[data-field="reason-help"]') as HTMLElement;
    expect(within(help).getByRole('link', { name: 'How to fix' })).toHaveAttribute(
      'href',
      '/docs/webhooks#tradingview-sent-text-not-json',
    );
    await user.click(first!);
    await user.click(second!);
    expect(document.querySelector('[data-field="reason"]')).toHaveTextContent('Missing ticker');
    expect(document.querySelector('[data-field="reason-help"]')).toBeNull();
  });

  describe('after clicking a column header', () => {
    it('should sort numbers largest first, then smallest first, then return to the given order', async () => {
      const onSortingChange = vi.fn();
      const { user } = renderTable({ onSortingChange });
      const priceHeader = screen.getByRole('columnheader', { name: 'Price' });
      expect(priceHeader).not.toHaveAttribute('aria-sort');

      await user.click(screen.getByRole('button', { name: 'Sort by Price' }));
      expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
      expect(tickers()).toEqual(['a', 'b', 'c']);
      expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'price', desc: true }]);

      await user.click(screen.getByRole('button', { name: 'Sort by Price' }));
      expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
      expect(tickers()).toEqual(['c', 'b', 'a']);

      await user.click(screen.getByRole('button', { name: 'Sort by Price' }));
      expect(priceHeader).not.toHaveAttribute('aria-sort');
      expect(tickers()).toEqual(['a', 'b', 'c']);
    });

    it('should keep rows without a value last in both directions', async () => {
      const { user } = renderTable();
      await user.click(screen.getByRole('button', { name: 'Sort by Quantity' }));
      expect(tickers().at(-1)).toBe('b');
      await user.click(screen.getByRole('button', { name: 'Sort by Quantity' }));
      expect(tickers().at(-1)).toBe('b');
    });

    it('should sort text from A to Z first', async () => {
      const { user } = renderTable();
      await user.click(screen.getByRole('button', { name: 'Sort by Ticker' }));
      expect(screen.getByRole('columnheader', { name: 'Ticker' })).toHaveAttribute('aria-sort', 'ascending');
      expect(tickers()).toEqual(['a', 'b', 'c']);
    });

    it('should sort intervals by length, not alphabetically', async () => {
      const signals = ['1d', '15m', '1h', '1m'].map((interval) =>
        makeSignal({ id: interval, interval, receivedAt: Date.now() }),
      );
      const user = userEvent.setup();
      render(<SignalsTable signals={signals} />);
      await user.click(screen.getByRole('button', { name: 'Sort by Interval' }));
      expect(tickers()).toEqual(['1m', '15m', '1h', '1d']);
    });
  });

  describe('after hiding a column from the columns menu', () => {
    it('should remove its header and cells and report the change', async () => {
      const onColumnVisibilityChange = vi.fn();
      const { user } = renderTable({ onColumnVisibilityChange });
      await user.click(screen.getByRole('button', { name: 'Columns of Signals' }));
      const strategy = await screen.findByRole('menuitemcheckbox', { name: 'Strategy' });
      expect(strategy).toHaveAttribute('aria-checked', 'true');

      await user.click(strategy);
      expect(screen.queryByRole('columnheader', { name: 'Strategy' })).not.toBeInTheDocument();
      expect(screen.queryAllByText('EMA cross 9/21')).toHaveLength(0);
      expect(onColumnVisibilityChange).toHaveBeenLastCalledWith({ strategy: false });
      // The menu stays open so several columns can be toggled in one go.
      expect(screen.getByRole('menuitemcheckbox', { name: 'Strategy' })).toHaveAttribute('aria-checked', 'false');

      await user.click(screen.getByRole('menuitemcheckbox', { name: 'Strategy' }));
      expect(screen.getByRole('columnheader', { name: 'Strategy' })).toBeInTheDocument();
    });
  });

  describe('given columns kept by the caller (controlled)', () => {
    it('should offer "Reset columns" while they differ from its own, and report its own columns when chosen', async () => {
      const user = userEvent.setup();
      const onColumnVisibilityChange = vi.fn();
      const { rerender } = render(
        <SignalsTable
          signals={threeSignals()}
          columnVisibility={{ strategy: false }}
          onColumnVisibilityChange={onColumnVisibilityChange}
        />,
      );
      expect(screen.queryByRole('columnheader', { name: 'Strategy' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Columns of Signals' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Reset columns' }));
      expect(onColumnVisibilityChange).toHaveBeenLastCalledWith({});

      rerender(
        <SignalsTable
          signals={threeSignals()}
          columnVisibility={{}}
          onColumnVisibilityChange={onColumnVisibilityChange}
        />,
      );
      expect(screen.getByRole('columnheader', { name: 'Strategy' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Columns of Signals' }));
      await screen.findByRole('menuitemcheckbox', { name: 'Strategy' });
      expect(screen.queryByRole('menuitem', { name: 'Reset columns' })).toBeNull();
    });
  });

  describe('given a phone-width viewport', () => {
    it('should start with every column, quantity and interval included, which the menu can hide', async () => {
      const media = mockMatchMedia({ [COMPACT_MEDIA_QUERY]: true });
      try {
        const { user } = renderTable();
        for (const name of ['Price', 'Quantity', 'Interval', 'Strategy']) {
          expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
        }
        await user.click(screen.getByRole('button', { name: 'Columns of Signals' }));
        await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Interval' }));
        expect(screen.queryByRole('columnheader', { name: 'Interval' })).not.toBeInTheDocument();
      } finally {
        media.restore();
      }
    });

    it('should follow an explicit default instead', () => {
      const media = mockMatchMedia({ [COMPACT_MEDIA_QUERY]: true });
      try {
        renderTable({ defaultColumnVisibility: { quantity: false } });
        expect(screen.queryByRole('columnheader', { name: 'Quantity' })).not.toBeInTheDocument();
        expect(screen.getByRole('columnheader', { name: 'Interval' })).toBeInTheDocument();
      } finally {
        media.restore();
      }
    });
  });
});

describe('given the grid and the keyboard', () => {
  function renderBetweenButtons(props: Partial<SignalsTableProps> = {}) {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <SignalsTable signals={threeSignals()} {...props} />
        <button type="button">After</button>
      </>,
    );
    return user;
  }
  const activeRowId = () => {
    const id = table().getAttribute('aria-activedescendant');
    return id === null ? null : document.getElementById(id)?.dataset.rowId;
  };

  it('should be one Tab stop, whatever the number of rows', async () => {
    const user = renderBetweenButtons();
    screen.getByRole('button', { name: 'Columns of Signals' }).focus();
    await user.tab();
    expect(table()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('should move between rows with the arrow keys, Home and End', async () => {
    const user = renderBetweenButtons();
    act(() => table().focus());
    expect(activeRowId()).toBe('a');
    await user.keyboard('{ArrowDown}');
    expect(activeRowId()).toBe('b');
    await user.keyboard('{End}');
    expect(activeRowId()).toBe('c');
    await user.keyboard('{ArrowDown}');
    expect(activeRowId()).toBe('c');
    await user.keyboard('{Home}');
    expect(activeRowId()).toBe('a');
    await user.keyboard('{ArrowUp}');
    expect(activeRowId()).toBe('a');
  });

  it('should open and close the active row with Enter and the side arrows, stepping over its details', async () => {
    const user = renderBetweenButtons();
    table().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: /^Details of BTC buy at / })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(activeRowId()).toBe('b');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: /^Details of ETH sell at / })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowLeft}{ArrowUp}{Enter}');
    expect(screen.getByRole('button', { name: /^Details of ETH sell at / })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: /^Details of BTC buy at / })).toHaveAttribute('aria-expanded', 'false');
  });

  it('should sort from the Sort menu, since the header buttons are out of the Tab order', async () => {
    const user = renderBetweenButtons();
    expect(screen.getByRole('button', { name: 'Sort by Price' })).toHaveAttribute('tabindex', '-1');
    await user.click(screen.getByRole('button', { name: 'Sort Signals' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Price' }));
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
    expect(tickers()).toEqual(['a', 'b', 'c']);
    await user.click(screen.getByRole('button', { name: 'Sort Signals' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Ascending' }));
    expect(tickers()).toEqual(['c', 'b', 'a']);
  });
});

describe('given a selected row that links to its chart', () => {
  it('should open the selected row and offer "Show on chart"', async () => {
    const onChartLinkClick = vi.fn((_signal: SignalRow, event: { preventDefault: () => void }) =>
      event.preventDefault(),
    );
    const user = userEvent.setup();
    render(
      <SignalsTable
        signals={threeSignals()}
        selectedId="b"
        expandSelected
        getChartHref={(signal) => `/trading/${signal.ticker}/1m?signal=${signal.id}`}
        onChartLinkClick={onChartLinkClick}
      />,
    );
    const row = dataRows().find((candidate) => candidate.dataset.rowId === 'b')!;
    expect(row).toHaveAttribute('aria-selected', 'true');
    expect(within(row).getByRole('button', { name: /^Details of ETH sell at / })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const link = screen.getByRole('link', { name: 'Show on chart' });
    expect(link).toHaveAttribute('href', '/trading/ETH/1m?signal=b');
    await user.click(link);
    expect(onChartLinkClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }), expect.anything());
  });
});

describe('given a price far from the market', () => {
  it('should flag it beside the price, by name', () => {
    renderTable({ priceWarning: (signal) => (signal.id === 'a' ? 'Price 98% below the market' : null) });
    const row = dataRows()[0]!;
    expect(within(row).getByTitle('Price 98% below the market')).toBeInTheDocument();
    expect(within(row).getByText('Price 98% below the market:')).toBeInTheDocument();
    expect(within(dataRows()[1]!).queryByTitle(/below the market/)).not.toBeInTheDocument();
  });
});

describe('given a phone-width viewport and signals', () => {
  it('should lay out a card per signal, and pass axe', async () => {
    const media = mockMatchMedia({ [COMPACT_MEDIA_QUERY]: true });
    try {
      const { container } = renderTable({ timeZone: 'UTC' });
      expect(scroller(container)).toHaveAttribute('data-layout', 'cards');
      expect(table().style.minWidth).toBe('');
      expect(within(dataRows()[1]!).getByText('rejected')).toBeInTheDocument();
      await expectNoAxeViolations(container);
    } finally {
      media.restore();
    }
  });
});

describe('given a phone-width viewport and signals with and without a quantity and an interval', () => {
  it('should show in each card how much the signal was for and its timeframe, or that the alert sent none', () => {
    const media = mockMatchMedia({ [COMPACT_MEDIA_QUERY]: true });
    try {
      render(
        <SignalsTable
          signals={[
            makeSignal({ id: 'a', quantity: 0.00012345, interval: '4h' }),
            makeSignal({ id: 'b', quantity: null, interval: null }),
          ]}
        />,
      );
      const cell = (row: HTMLElement | undefined, column: string) =>
        within(row!)
          .getAllByRole('gridcell')
          .find((element) => element.dataset.column === column);
      const [sent, bare] = dataRows();
      expect(cell(sent, 'quantity')).toHaveTextContent(/^0\.00012345$/);
      expect(cell(sent, 'interval')).toHaveTextContent(/^4h$/);
      expect(cell(sent, 'price')).toHaveTextContent('67,234.50');
      // An alert that sent neither says so ("none" to a screen reader, a dash on screen) rather than leaving a gap.
      expect(cell(bare, 'quantity')).toHaveTextContent(/none$/);
      expect(cell(bare, 'interval')).toHaveTextContent(/none$/);
    } finally {
      media.restore();
    }
  });
});

describe('given a phone-width viewport and signals of several strategies', () => {
  it("should show each signal's strategy in its card", () => {
    const media = mockMatchMedia({ [COMPACT_MEDIA_QUERY]: true });
    try {
      render(
        <SignalsTable
          signals={[
            makeSignal({ id: 'a', strategy: 'Momentum breakout · Default' }),
            makeSignal({ id: 'b', strategy: 'Mean reversion' }),
          ]}
        />,
      );
      const [first, second] = dataRows();
      expect(within(first!).getByRole('gridcell', { name: 'Momentum breakout · Default' })).toBeInTheDocument();
      expect(within(second!).getByRole('gridcell', { name: 'Mean reversion' })).toBeInTheDocument();
    } finally {
      media.restore();
    }
  });
});

describe('given signals of a strategy named in the alert and received on another', () => {
  it('should show each label in the strategy column, whole in its tooltip when two lines of the row cut it', () => {
    const long = 'Breakout 4h · Swing momentum portfolio with a trailing exit';
    render(
      <SignalsTable
        signals={[
          makeSignal({ id: 'a', strategy: 'Breakout 4h · Default', outcome: 'Executed: opened long 0.01 @ 87,829.73' }),
          makeSignal({ id: 'b', strategy: long }),
        ]}
      />,
    );
    const [first, second] = dataRows();
    expect(within(first!).getByRole('gridcell', { name: 'Breakout 4h · Default' })).toBeInTheDocument();
    expect(within(first!).getByText('Executed: opened long 0.01 @ 87,829.73')).toBeInTheDocument();
    expect(within(second!).getByRole('gridcell', { name: long }).firstElementChild).toHaveAttribute('title', long);
  });
});

describe('given an accepted signal whose outcome is longer than its row', () => {
  const outcome =
    "Ignored: the alert's price 1 is 100.0% from the market price 2861.26; " +
    'fill "signal" takes alert prices within 10% of the market';
  const signals = [
    makeSignal({ id: 'done', outcome: 'Executed: buy 0.01960784 @ 51,000.00' }),
    makeSignal({ id: 'ignored', ticker: 'ETH', action: 'sell', strategy: 'Mean reversion · Default', outcome }),
  ];

  describe('after the keyboard moves to it and presses Enter', () => {
    it('should show the whole outcome and the strategy in its details', async () => {
      const user = userEvent.setup();
      render(<SignalsTable signals={signals} />);
      screen.getByRole('button', { name: 'Columns of Signals' }).focus();
      await user.tab();
      expect(table()).toHaveFocus();
      await user.keyboard('{ArrowDown}{Enter}');
      const toggle = screen.getByRole('button', { name: /^Details of ETH sell at / });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const detail = within(document.getElementById(toggle.getAttribute('aria-controls')!)!);
      expect(detail.getByText(outcome)).toBeInTheDocument();
      expect(detail.getByText('Strategy')).toBeInTheDocument();
      expect(detail.getByText('Mean reversion · Default')).toBeInTheDocument();
    });
  });
});

describe('given an out-of-sync signal with its journey', () => {
  const received = Date.UTC(2026, 4, 2, 14, 3, 7, 120);
  const signals = [
    makeSignal({
      id: 'synced',
      ticker: 'SOL',
      action: 'sell',
      receivedAt: received,
      alertTime: received - 1_500,
      outOfSync: true,
      journey: {
        storedAt: received + 3,
        outcome: { status: 'executed', at: received + 20, detail: 'sell 1 @ 150.00' },
        outOfSync: { at: 'before', tradingView: 'flat', paper: 'long 1' },
        repeats: 2,
      },
    }),
  ];

  it('should badge the row out of sync, and show the journey in its details', async () => {
    const user = userEvent.setup();
    render(<SignalsTable signals={signals} timeZone="UTC" />);
    const row = screen.getByRole('row', { name: /SOL/ });
    expect(within(row).getByText('out of sync')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Details of SOL sell at / }));
    const toggle = screen.getByRole('button', { name: /^Details of SOL sell at / });
    const detail = within(document.getElementById(toggle.getAttribute('aria-controls')!)!);
    const journey = detail.getByRole('region', { name: 'Signal journey' });
    expect(
      within(journey)
        .getAllByRole('listitem')
        .map((step) => step.getAttribute('data-step')),
    ).toEqual(['alert', 'received', 'stored', 'executed']);
    expect(journey).toHaveTextContent('Repeated 2 times');
    expect(journey).toHaveTextContent('TradingView was flat, the paper account long 1');
  });
});

describe('given an accepted signal the paper account ignored', () => {
  const received = Date.UTC(2026, 4, 2, 14, 3, 7, 120);
  const reason = 'already long 0.0153';
  const signals = [
    makeSignal({ id: 'done', ticker: 'BTC', action: 'buy', outcome: 'Executed: buy 0.01 @ 65,000.00' }),
    makeSignal({
      id: 'skipped',
      ticker: 'ETH',
      action: 'buy',
      receivedAt: received,
      outcome: `Ignored: ${reason}`,
      journey: { storedAt: received + 3, outcome: { status: 'ignored', at: received + 20, reason } },
    }),
  ];

  it.each([
    { layout: 'table rows', compact: false },
    { layout: 'phone cards', compact: true },
  ])('should badge it "ignored" beside "accepted", and only it, then say why, in $layout', ({ compact }) => {
    const media = mockMatchMedia({ [COMPACT_MEDIA_QUERY]: compact });
    try {
      render(<SignalsTable signals={signals} timeZone="UTC" />);
      const ignored = screen.getByRole('row', { name: /ETH/ });
      const status = within(ignored).getByRole('gridcell', { name: /^accepted ignored/ });
      expect(within(status).getByText('accepted')).toBeInTheDocument();
      expect(within(status).getByText('ignored')).toHaveAttribute('data-variant', 'neutral');
      // Said once: the badge, then the reason alone, not "Ignored: already long" after "ignored".
      expect(status.textContent?.match(/ignored/gi)).toHaveLength(1);
      expect(within(status).getByText(reason)).toHaveAttribute('title', reason);
      const executed = screen.getByRole('row', { name: /BTC/ });
      expect(within(executed).getByText('accepted')).toBeInTheDocument();
      expect(within(executed).queryByText('ignored')).not.toBeInTheDocument();
    } finally {
      media.restore();
    }
  });

  it('should keep the whole outcome in its details', async () => {
    const user = userEvent.setup();
    render(<SignalsTable signals={signals} timeZone="UTC" />);
    await user.click(screen.getByRole('button', { name: /^Details of ETH buy at / }));
    const toggle = screen.getByRole('button', { name: /^Details of ETH buy at / });
    const detail = within(document.getElementById(toggle.getAttribute('aria-controls')!)!);
    expect(detail.getByText(`Ignored: ${reason}`)).toBeInTheDocument();
  });
});

describe('given a row with a hostile raw body', () => {
  const hostile = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
  const signals = [
    makeSignal({
      id: 'evil',
      ticker: '<b>BTC</b>',
      action: 'buy',
      raw: hostile,
      comment: '<i>note</i>',
      status: 'rejected',
      reason: 'Body is not valid JSON',
    }),
    makeSignal({ id: 'plain', ticker: 'ETH', action: 'sell', outcome: 'Executed: sell 1 @ 3,000' }),
  ];

  describe('after activating its details button', () => {
    it('should show the raw body as text in a <pre>, never as markup', async () => {
      const onRowExpandedChange = vi.fn();
      const user = userEvent.setup();
      const { container } = render(<SignalsTable signals={signals} onRowExpandedChange={onRowExpandedChange} />);
      const toggle = screen.getByRole('button', { name: /^Details of <b>BTC<\/b> buy at / });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const detail = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      const pre = within(detail).getByText(hostile);
      expect(pre.tagName).toBe('PRE');
      expect(within(detail).getByText('<i>note</i>')).toBeInTheDocument();
      expect(within(detail).getByText('Body is not valid JSON')).toBeInTheDocument();
      expect(container.querySelector('script, img, b, i')).toBeNull();
      expect((window as { __pwned?: number }).__pwned).toBeUndefined();
      expect(onRowExpandedChange).toHaveBeenCalledWith(signals[0], true);
    });

    it('should toggle with Enter and Space from the keyboard', async () => {
      const user = userEvent.setup();
      render(<SignalsTable signals={signals} />);
      const toggle = screen.getByRole('button', { name: /^Details of ETH sell at / });
      toggle.focus();
      await user.keyboard('{Enter}');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByText('{"ticker":"BTC","action":"buy"}').tagName).toBe('PRE');
      const detail = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(within(detail).getByText('Outcome')).toBeInTheDocument();
      expect(within(detail).getByText('Executed: sell 1 @ 3,000')).toBeInTheDocument();
      await user.keyboard(' ');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByText('{"ticker":"BTC","action":"buy"}')).not.toBeInTheDocument();
    });

    it('should say so when the raw body has not been loaded', async () => {
      const user = userEvent.setup();
      render(<SignalsTable signals={[makeSignal({ id: 'x', raw: undefined })]} />);
      await user.click(screen.getByRole('button', { name: /^Details of BTC buy at / }));
      expect(screen.getByText('Not loaded')).toBeInTheDocument();
    });

    it('should offer to load a raw body that is not there, say while it loads, and offer Retry when it fails', async () => {
      const user = userEvent.setup();
      const onLoadRawBody = vi.fn();
      const signal = makeSignal({ id: 'x', raw: undefined });
      const { rerender } = render(<SignalsTable signals={[signal]} onLoadRawBody={onLoadRawBody} />);
      await user.click(screen.getByRole('button', { name: /^Details of BTC buy at / }));
      expect(screen.queryByText('Not loaded')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Load raw body' }));
      expect(onLoadRawBody).toHaveBeenCalledWith(signal);

      rerender(
        <SignalsTable signals={[signal]} onLoadRawBody={onLoadRawBody} rawBodyStatus={() => ({ state: 'loading' })} />,
      );
      expect(screen.getByRole('status')).toHaveTextContent('Loading the raw body…');

      rerender(
        <SignalsTable
          signals={[signal]}
          onLoadRawBody={onLoadRawBody}
          rawBodyStatus={() => ({ state: 'error', message: 'Try again shortly.' })}
        />,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('Could not load the raw body: Try again shortly.');
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(onLoadRawBody).toHaveBeenCalledTimes(2);

      rerender(<SignalsTable signals={[{ ...signal, raw: '{"seq":1}' }]} onLoadRawBody={onLoadRawBody} />);
      expect(screen.getByText('{"seq":1}').tagName).toBe('PRE');
    });

    it('should stay open when a new signal arrives', async () => {
      const user = userEvent.setup();
      const { rerender } = render(<SignalsTable signals={signals} />);
      await user.click(screen.getByRole('button', { name: /^Details of ETH sell at / }));
      rerender(<SignalsTable signals={[makeSignal({ id: 'new', receivedAt: Date.now() }), ...signals]} />);
      expect(screen.getByRole('button', { name: /^Details of ETH sell at / })).toHaveAttribute('aria-expanded', 'true');
    });

    it('should have no axe violations with the details open', async () => {
      const user = userEvent.setup();
      const { container } = render(<SignalsTable signals={signals} onRowClick={() => {}} selectedId="plain" />);
      await user.click(screen.getByRole('button', { name: /^Details of ETH sell at / }));
      await expectNoAxeViolations(container);
    });
  });
});

describe('given signals already on screen', () => {
  const now = Date.now();
  const initial = [
    makeSignal({ id: 'two', receivedAt: now - MINUTE }),
    makeSignal({ id: 'one', receivedAt: now - 2 * MINUTE }),
  ];
  const freshRows = () =>
    dataRows()
      .filter((row) => row.hasAttribute('data-fresh'))
      .map((row) => row.dataset.rowId);

  it('should not highlight the rows of the first render', () => {
    render(<SignalsTable signals={initial} />);
    expect(freshRows()).toEqual([]);
  });

  it('should not highlight the first page arriving after loading', () => {
    const { rerender } = render(<SignalsTable signals={[]} loading />);
    rerender(<SignalsTable signals={initial} />);
    expect(freshRows()).toEqual([]);
  });

  describe('after a newer signal arrives', () => {
    it('should highlight only that row', () => {
      const { rerender } = render(<SignalsTable signals={initial} />);
      rerender(<SignalsTable signals={[makeSignal({ id: 'three', receivedAt: now }), ...initial]} />);
      expect(freshRows()).toEqual(['three']);
    });

    it('should highlight the first signal of an empty list', () => {
      const { rerender } = render(<SignalsTable signals={[]} />);
      rerender(<SignalsTable signals={[makeSignal({ id: 'first', receivedAt: now })]} />);
      expect(freshRows()).toEqual(['first']);
    });
  });

  describe('after an older page is appended', () => {
    it('should not highlight the older rows', () => {
      const { rerender } = render(<SignalsTable signals={initial} />);
      rerender(<SignalsTable signals={[...initial, makeSignal({ id: 'zero', receivedAt: now - 3 * MINUTE })]} />);
      expect(freshRows()).toEqual([]);
    });
  });

  describe('after a whole page arrives into an empty table', () => {
    it('should not light up the page', () => {
      const { rerender } = render(<SignalsTable signals={[]} />);
      rerender(<SignalsTable signals={generateSignals(50, { now })} />);
      expect(freshRows()).toEqual([]);
    });
  });

  describe('after the list is replaced by another one', () => {
    it('should take the new list as its starting point', () => {
      const { rerender } = render(<SignalsTable signals={initial} />);
      rerender(<SignalsTable signals={[makeSignal({ id: 'other', ticker: 'ETH', receivedAt: now })]} />);
      expect(freshRows()).toEqual([]);
    });
  });
});

describe('given no signals', () => {
  it('should say there are none yet', async () => {
    const { container } = render(<SignalsTable signals={[]} />);
    expect(screen.getByText('No signals yet')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('should show a custom empty state', () => {
    render(<SignalsTable signals={[]} emptyState={<p>No BTC signals</p>} />);
    expect(screen.getByText('No BTC signals')).toBeInTheDocument();
  });

  describe('while loading', () => {
    it('should show skeleton rows and announce the loading', async () => {
      const { container } = render(<SignalsTable signals={[]} loading />);
      expect(screen.getByRole('status')).toHaveTextContent('Loading signals…');
      expect(table()).toHaveAttribute('aria-busy', 'true');
      expect(container.querySelectorAll('[data-slot="signals-table-skeleton"]').length).toBeGreaterThan(0);
      expect(screen.queryByText('No signals yet')).not.toBeInTheDocument();
      await expectNoAxeViolations(container);
    });
  });

  describe('after loading failed', () => {
    it('should show the error and retry on request', async () => {
      const onRetry = vi.fn();
      const user = userEvent.setup();
      const { container } = render(
        <SignalsTable signals={[]} error={new Error('Network unreachable')} onRetry={onRetry} />,
      );
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Could not load signals');
      expect(alert).toHaveTextContent('Network unreachable');
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(onRetry).toHaveBeenCalledTimes(1);
      await expectNoAxeViolations(container);
    });
  });
});

describe('given loaded rows and a failed refresh', () => {
  it('should keep the rows and show the error above them', () => {
    renderTable({ error: 'Server answered 503' });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not refresh signals: Server answered 503');
    expect(dataRows()).toHaveLength(3);
  });
});

describe('given 100,000 signals', () => {
  const many = generateSignals(100_000);

  // Building 100,000 rows in jsdom on a shared machine can take a few seconds.
  const fullListShown = () =>
    waitFor(() => expect(table()).toHaveAttribute('aria-rowcount', '100001'), { timeout: 10_000 });

  it('should show the first screen at once and the whole list right after', { timeout: 20_000 }, async () => {
    render(<SignalsTable signals={many} />);
    expect(table()).toHaveAttribute('aria-rowcount', '201');
    expect(dataRows()[0]).toHaveAttribute('data-row-id', many[0]!.id);
    await fullListShown();
  });

  it('should put only a bounded number of rows in the DOM', { timeout: 20_000 }, async () => {
    render(<SignalsTable signals={many} />);
    await fullListShown();
    const rendered = dataRows();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');
  });

  it('should build the whole list at once when it is sorted', { timeout: 20_000 }, async () => {
    render(<SignalsTable signals={many} defaultSorting={[{ id: 'price', desc: true }]} />);
    expect(table()).toHaveAttribute('aria-rowcount', '100001');
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
  });

  describe('after scrolling to the middle', () => {
    it('should render the rows at that position', { timeout: 20_000 }, async () => {
      const { container } = render(<SignalsTable signals={many} />);
      await fullListShown();
      await scrollTo(scroller(container), 50_000 * ROW);
      const indexes = dataRows().map((row) => Number(row.getAttribute('aria-rowindex')));
      expect(indexes).toContain(50_002);
      expect(indexes.length).toBeLessThan(40);
    });
  });

  describe('after scrolling a focused link out of view', () => {
    it('should hand focus to the grid rather than the page', { timeout: 20_000 }, async () => {
      const user = userEvent.setup();
      const { container } = render(<SignalsTable signals={many} getChartHref={() => '/chart'} />);
      await fullListShown();
      await user.click(within(dataRows()[0]!).getByRole('button', { name: /^Details of/ }));
      const link = screen.getByRole('link', { name: 'Show on chart' });
      link.focus();
      await scrollTo(scroller(container), 30_000 * ROW);
      expect(link.isConnected).toBe(false);
      expect(document.activeElement).toBe(table());
    });
  });

  describe('after End in the focused grid', () => {
    it('should scroll the last row into view and point at it', { timeout: 20_000 }, async () => {
      const user = userEvent.setup();
      render(<SignalsTable signals={many} />);
      await fullListShown();
      table().focus();
      await user.keyboard('{End}');
      await waitFor(() => {
        const id = table().getAttribute('aria-activedescendant');
        expect(id && document.getElementById(id)?.dataset.rowId).toBe(many.at(-1)!.id);
      });
      expect(dataRows().length).toBeLessThan(40);
    });
  });

  describe('after a chart marker points at a row that is not built yet', () => {
    it('should scroll to it once it is', async () => {
      const target = many[90_000]!;
      render(<SignalsTable signals={many} highlightedId={target.id} />);
      await fullListShown();
      await waitFor(() => expect(dataRows().map((row) => row.dataset.rowId)).toContain(target.id));
    });
  });

  describe('after a chart marker points at a far row', () => {
    it('should scroll that row into view and mark it', async () => {
      const { rerender } = render(<SignalsTable signals={many} />);
      await fullListShown();
      const target = many[70_000]!;
      rerender(<SignalsTable signals={many} highlightedId={target.id} />);
      await waitFor(() => {
        const row = dataRows().find((candidate) => candidate.dataset.rowId === target.id);
        expect(row).toHaveAttribute('data-highlighted');
      });
    });
  });
});

describe('given a long list scrolled away from the top', () => {
  const signals = generateSignals(1_000, { now: Date.now() - MINUTE });
  const live = (count: number) =>
    Array.from({ length: count }, (_, index) => makeSignal({ id: `live-${index}`, receivedAt: Date.now() + index }));

  describe('after live signals arrive above the view', () => {
    it('should keep the rows in view where they were', async () => {
      const { container, rerender } = render(<SignalsTable signals={signals} />);
      await scrollTo(scroller(container), 400 * ROW);
      const topRow = () => dataRows().find((row) => row.getAttribute('aria-rowindex') === '402')?.dataset.rowId;
      const before = topRow();
      rerender(<SignalsTable signals={[...live(3), ...signals]} />);
      expect(scroller(container).scrollTop).toBe(403 * ROW);
      await scrollTo(scroller(container), 403 * ROW);
      expect(dataRows().find((row) => row.getAttribute('aria-rowindex') === '405')?.dataset.rowId).toBe(before);
    });
  });

  describe('after live signals arrive while at the top', () => {
    it('should show them', () => {
      const { container, rerender } = render(<SignalsTable signals={signals} />);
      rerender(<SignalsTable signals={[...live(2), ...signals]} />);
      expect(scroller(container).scrollTop).toBe(0);
      expect(dataRows()[0]).toHaveAttribute('data-row-id', 'live-0');
    });
  });
});

describe('given more signals to load', () => {
  it('should ask for them when the end is already in view', () => {
    const onEndReached = vi.fn();
    render(<SignalsTable signals={generateSignals(10)} hasMore onEndReached={onEndReached} />);
    expect(onEndReached).toHaveBeenCalledTimes(1);
    expect(table()).toHaveAttribute('aria-rowcount', '-1');
  });

  it('should not ask while a page is already loading, and say it is loading', () => {
    const onEndReached = vi.fn();
    render(<SignalsTable signals={generateSignals(10)} hasMore loadingMore onEndReached={onEndReached} />);
    expect(onEndReached).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading more signals…');
  });

  it('should not ask when nothing more exists', () => {
    const onEndReached = vi.fn();
    render(<SignalsTable signals={generateSignals(10)} hasMore={false} onEndReached={onEndReached} />);
    expect(onEndReached).not.toHaveBeenCalled();
  });

  describe('after scrolling near the end of a long list', () => {
    it('should ask exactly once for that list', async () => {
      const onEndReached = vi.fn();
      const signals = generateSignals(1_000);
      const { container } = render(<SignalsTable signals={signals} hasMore onEndReached={onEndReached} />);
      expect(onEndReached).not.toHaveBeenCalled();
      await scrollTo(scroller(container), 985 * ROW);
      expect(onEndReached).toHaveBeenCalledTimes(1);
      await scrollTo(scroller(container), 990 * ROW);
      expect(onEndReached).toHaveBeenCalledTimes(1);
    });
  });
});

describe('given rows that can be selected', () => {
  it('should report a clicked row, but not a click on its details button', async () => {
    const onRowClick = vi.fn();
    const { user } = renderTable({ onRowClick });
    await user.click(screen.getByText('ETH'));
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
    await user.click(screen.getByRole('button', { name: /^Details of SOL exit at / }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('should report a row chosen with the keyboard (Space)', async () => {
    const onRowClick = vi.fn();
    const { user } = renderTable({ onRowClick });
    table().focus();
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'c' }));
  });

  it('should mark the selected row', () => {
    renderTable({ onRowClick: () => {}, selectedId: 'b' });
    expect(dataRows().map((row) => row.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
  });
});
