import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { itConforms } from '../../test/conformance';
import { darkColors, lightColors } from '../../theme/palettes';
import { MINUTE } from './aggregate';
import { CandlestickChart, type CandlestickChartProps } from './CandlestickChart';
import { sampleCandles } from './fixtures';
import type { Candle, ChartMarker, PriceLine, TradeMarker } from './types';

const T0 = Date.UTC(2026, 2, 12, 10, 0);

/** `count` rising one-minute candles: candle i closes at 100 + i. */
function rising(count: number): Candle[] {
  return Array.from({ length: count }, (_, i) => ({
    time: T0 + i * MINUTE,
    open: 99.5 + i,
    high: 101 + i,
    low: 98.5 + i,
    close: 100 + i,
    volume: i + 1,
  }));
}

const CANDLES = rising(30);

function renderChart(props: Partial<CandlestickChartProps> = {}) {
  const user = userEvent.setup();
  const view = render(<CandlestickChart candles={CANDLES} interval="1m" symbol="BTC/USD" timeZone="UTC" {...props} />);
  return { user, ...view };
}

const attribute = (element: Element | undefined, name: string) => Number(element?.getAttribute(name));
/** Centre of a candle glyph: its path starts at the top of the upper wick. */
const candleX = (glyph: Element | undefined) => Number(/^M([\d.]+),/.exec(glyph?.getAttribute('d') ?? '')?.[1]);

const legend = () => screen.getByRole('group', { name: 'Candle values' });
const chartArea = () => screen.getByRole('slider', { name: 'Crosshair' });

itConforms('CandlestickChart', {
  render: (props) => <CandlestickChart candles={CANDLES} interval="1m" symbol="BTC/USD" {...props} />,
  refType: HTMLDivElement,
});

describe('given a chart with candles', () => {
  describe('when it is rendered', () => {
    it('should be a figure named by its pair and interval', () => {
      renderChart();
      expect(screen.getByRole('figure', { name: 'BTC/USD 1m candlestick chart' })).toHaveAttribute(
        'data-state',
        'ready',
      );
    });

    it('should take a name from aria-label instead', () => {
      renderChart({ 'aria-label': 'Bitcoin price' });
      expect(screen.getByRole('figure', { name: 'Bitcoin price' })).toBeInTheDocument();
    });

    it('should describe the pair, interval, last price and change for screen readers', () => {
      renderChart();
      expect(screen.getByRole('figure')).toHaveAccessibleDescription(
        'BTC/USD 1m. Last price 129.00, up 29.50 (29.65%) since 12 Mar 2026 10:00 UTC (30 candles).',
      );
    });

    it('should show the latest candle in the legend', () => {
      renderChart();
      expect(legend()).toHaveTextContent('12 Mar 2026 10:29 UTC');
      expect(legend()).toHaveTextContent('O 128.50 H 130.00 L 127.50 C 129.00 V 30 +0.50 (+0.39%) from open');
    });

    it('should offer a crosshair slider whose value is the latest candle', () => {
      renderChart();
      expect(chartArea()).toHaveAttribute('aria-valuenow', '29');
      expect(chartArea()).toHaveAttribute('aria-valuetext', expect.stringContaining('close 129.00, volume 30.'));
      expect(chartArea()).toHaveAccessibleDescription(/arrow keys move the crosshair/);
    });

    it('should draw every candle of a short history', () => {
      const { container } = renderChart();
      expect(container.querySelectorAll('[data-slot="candle"]')).toHaveLength(30);
      expect(container.querySelectorAll('[data-slot="volume-bar"]')).toHaveLength(30);
    });

    it('should label the time and price axes', () => {
      const { container } = renderChart();
      const labels = [...container.querySelectorAll('svg text')].map((node) => node.textContent);
      expect(labels).toEqual(expect.arrayContaining(['10:10', '10:20', '129.00']));
    });

    it('should put a volume bar under each candle, coloured by its direction and as tall as its volume', () => {
      const candles = CANDLES.map((candle, i) => (i % 4 === 0 ? { ...candle, open: candle.close + 0.5 } : candle));
      const { container } = renderChart({ candles });
      const bars = [...container.querySelectorAll('[data-slot="volume-bar"]')];
      const glyphs = [...container.querySelectorAll('[data-slot="candle"]')];
      const directions = candles.map((candle) => (candle.close < candle.open ? 'down' : 'up'));
      expect(bars.map((bar) => bar.getAttribute('data-direction'))).toEqual(directions);
      expect(glyphs.map((glyph) => glyph.getAttribute('data-direction'))).toEqual(directions);
      const bottom = attribute(bars[0], 'y') + attribute(bars[0], 'height');
      const pxPerVolume = attribute(bars[0], 'height') / (candles[0] as Candle).volume;
      bars.forEach((bar, i) => {
        expect(attribute(bar, 'x') + attribute(bar, 'width') / 2).toBeCloseTo(candleX(glyphs[i]));
        expect(attribute(bar, 'y') + attribute(bar, 'height')).toBeCloseTo(bottom);
        expect(attribute(bar, 'height')).toBeCloseTo((candles[i] as Candle).volume * pxPerVolume);
      });
    });

    it('should keep the price axis right of the candles and the time axis under the volume, however short the history', () => {
      // 30 candles fill less than half of the plot's slots.
      const { container } = renderChart();
      const rightmostCandle = Math.max(...[...container.querySelectorAll('[data-slot="candle"]')].map(candleX));
      const lowestBar = Math.max(
        ...[...container.querySelectorAll('[data-slot="volume-bar"]')].map(
          (bar) => attribute(bar, 'y') + attribute(bar, 'height'),
        ),
      );
      const priceLabels = [...container.querySelectorAll('[data-slot="price-label"]')];
      const timeLabels = [...container.querySelectorAll('[data-slot="time-label"]')];
      expect(priceLabels.length).toBeGreaterThan(1);
      expect(timeLabels.length).toBeGreaterThan(1);
      priceLabels.forEach((label) => expect(attribute(label, 'x')).toBeGreaterThan(rightmostCandle + 4));
      timeLabels.forEach((label) => expect(attribute(label, 'y')).toBeGreaterThan(lowestBar));
    });
  });

  describe('when a live tick edits the forming candle', () => {
    it('should update the legend, the last price and the summary', () => {
      const { rerender } = renderChart();
      const ticked = [...CANDLES.slice(0, -1), { ...(CANDLES[29] as Candle), close: 131.25, high: 131.5 }];
      rerender(<CandlestickChart candles={ticked} interval="1m" symbol="BTC/USD" />);
      expect(legend()).toHaveTextContent('C 131.25');
      expect(screen.getByRole('figure')).toHaveAccessibleDescription(/Last price 131.25, up 31.75/);
    });
  });

  describe('when a candle closes and the new one has shorter values', () => {
    it('should keep each value as wide as the longest it has shown, so the header keeps its lines', () => {
      const { rerender } = renderChart();
      const opened = {
        time: (CANDLES[29] as Candle).time + MINUTE,
        open: 129,
        high: 129,
        low: 129,
        close: 129,
        volume: 0,
      };
      rerender(<CandlestickChart candles={[...CANDLES, opened]} interval="1m" symbol="BTC/USD" timeZone="UTC" />);
      expect(legend()).toHaveTextContent('V 0 0.00 (0.00%) from open');
      const value = (field: string) => legend().querySelector(`[data-field="${field}"]`);
      expect(value('volume')).toHaveStyle({ minWidth: `${'30'.length}ch` });
      expect(value('change')).toHaveStyle({ minWidth: `${'+0.50 (+0.39%)'.length}ch` });
    });
  });
});

describe('given the chart area has keyboard focus', () => {
  describe('after arrow keys', () => {
    it('should move the crosshair between candles, updating the legend and the value read out', async () => {
      const { user } = renderChart();
      await user.tab();
      expect(chartArea()).toHaveFocus();
      await user.keyboard('{ArrowLeft}');
      expect(legend()).toHaveTextContent('C 129.00');
      await user.keyboard('{ArrowLeft}');
      expect(legend()).toHaveTextContent('12 Mar 2026 10:28 UTC');
      expect(legend()).toHaveTextContent('C 128.00');
      expect(chartArea()).toHaveAttribute('aria-valuenow', '28');
      expect(chartArea()).toHaveAttribute(
        'aria-valuetext',
        '12 Mar 2026 10:28 UTC: open 127.50, high 129.00, low 126.50, close 128.00, volume 29.',
      );
      await user.keyboard('{ArrowRight}');
      expect(legend()).toHaveTextContent('C 129.00');
    });
  });

  describe('after Home and End', () => {
    it('should jump to the first and the last candle on screen', async () => {
      const { user } = renderChart();
      await user.tab();
      await user.keyboard('{Home}');
      expect(legend()).toHaveTextContent('C 100.00');
      await user.keyboard('{End}');
      expect(legend()).toHaveTextContent('C 129.00');
    });
  });

  describe('after Escape', () => {
    it('should hide the crosshair and show the latest candle again', async () => {
      const { user, container } = renderChart();
      await user.tab();
      await user.keyboard('{Home}');
      expect(container.querySelector('[data-state="visible"]')).not.toBeNull();
      await user.keyboard('{Escape}');
      expect(container.querySelector('[data-state="visible"]')).toBeNull();
      expect(legend()).toHaveTextContent('C 129.00');
    });

    it('should leave Escape alone when there is nothing to hide', () => {
      renderChart();
      expect(fireEvent.keyDown(chartArea(), { key: 'Escape' })).toBe(true);
    });
  });

  describe('after a key with Control held', () => {
    it('should leave it to the browser', () => {
      renderChart();
      expect(fireEvent.keyDown(chartArea(), { key: '+', ctrlKey: true })).toBe(true);
    });
  });
});

describe('given a mouse over the chart', () => {
  it('should put the crosshair on the candle under the pointer, and take it away on leaving', async () => {
    const { container } = renderChart();
    const tenth = container.querySelectorAll('[data-slot="settled-layer"] [data-slot="candle"]')[10];
    const x = Number(/^M([\d.]+),/.exec(tenth?.getAttribute('d') ?? '')?.[1]);
    fireEvent.pointerMove(chartArea(), { clientX: x, clientY: 60, pointerType: 'mouse' });
    await waitFor(() => expect(legend()).toHaveTextContent('C 110.00'));
    expect(container.querySelector('[data-state="visible"]')).not.toBeNull();
    fireEvent.pointerLeave(chartArea(), { pointerType: 'mouse' });
    await waitFor(() => expect(legend()).toHaveTextContent('C 129.00'));
    expect(container.querySelector('[data-state="visible"]')).toBeNull();
  });
});

// 20,000 candles re-aggregated at each of 30 zoom steps in jsdom: seconds of work on a busy 2-core machine.
describe('given a long history', { timeout: 30_000 }, () => {
  const history = sampleCandles({ count: 20_000 });

  describe('when zoomed all the way out with the minus key', () => {
    it('should never draw more than 200 candles, using coarser ones', async () => {
      const { user, container } = renderChart({ candles: history });
      await user.tab();
      for (let i = 0; i < 30; i++) await user.keyboard('-');
      expect(container.querySelectorAll('[data-slot="candle"]').length).toBeLessThanOrEqual(200);
      expect(screen.getByTitle(/candles combined into coarser ones/)).toHaveTextContent(/^\d+[mhdw] candles$/);
      expect(screen.getByRole('figure')).toHaveAccessibleDescription(/20000 candles/);
    });

    it('should come back to the base candles when zoomed in again', async () => {
      const { user } = renderChart({ candles: history });
      await user.tab();
      await user.keyboard('------');
      expect(screen.getByTitle(/candles combined/)).toBeInTheDocument();
      await user.keyboard('++++++');
      expect(screen.queryByTitle(/candles combined/)).toBeNull();
    });
  });

  describe('when the crosshair is moved past the left edge', () => {
    it('should scroll back, offer "Go to latest", and keep its place while live candles arrive', async () => {
      const candles = rising(300);
      const { user, rerender } = renderChart({ candles });
      expect(screen.queryByRole('button', { name: 'Go to latest' })).toBeNull();
      await user.tab();
      await user.keyboard('{Home}');
      const oldestShown = legend().textContent;
      await user.keyboard('{ArrowLeft}');
      const goToLatest = screen.getByRole('button', { name: 'Go to latest' });
      expect(legend()).not.toHaveTextContent(oldestShown ?? '');

      await user.keyboard('{End}');
      const lastShown = legend().textContent;
      const next = { ...(candles[299] as Candle), time: T0 + 300 * MINUTE, close: 500, high: 501 };
      rerender(<CandlestickChart candles={[...candles, next]} interval="1m" symbol="BTC/USD" />);
      await user.keyboard('{End}');
      expect(legend().textContent).toBe(lastShown);

      await user.click(goToLatest);
      expect(screen.queryByRole('button', { name: 'Go to latest' })).toBeNull();
      expect(chartArea()).toHaveFocus();
      await user.keyboard('{End}');
      expect(legend()).toHaveTextContent('C 500.00');
    });

    it('should return to the live edge when another pair is shown', async () => {
      const candles = rising(300);
      const { user, rerender } = renderChart({ candles });
      await user.tab();
      await user.keyboard('{Home}{ArrowLeft}');
      expect(screen.getByRole('button', { name: 'Go to latest' })).toBeInTheDocument();
      rerender(<CandlestickChart candles={candles} interval="1m" symbol="ETH/USD" />);
      expect(screen.queryByRole('button', { name: 'Go to latest' })).toBeNull();
    });
  });
});

describe('given signal markers', () => {
  const markers: ChartMarker[] = [
    { id: 'a', time: T0 + 20 * MINUTE + 5_000, side: 'buy', label: 'Breakout long', price: 120.25 },
    { id: 'b', time: T0 + 25 * MINUTE, side: 'sell', label: 'Take profit' },
    { id: 'c', time: T0 + 27 * MINUTE, side: 'sell', kind: 'exit', label: 'Stop', price: 126 },
  ];

  it('should draw entries long, entries short and exits as distinct, named glyphs', () => {
    renderChart({ markers });
    const glyph = (name: string) => screen.getByRole('button', { name }).getAttribute('data-glyph');
    expect(glyph('Entry long signal: Breakout long')).toBe('entry-long');
    expect(glyph('Entry short signal: Take profit')).toBe('entry-short');
    expect(glyph('Exit signal (sell): Stop')).toBe('exit');
  });

  it('should report the marker when it is clicked', async () => {
    const onMarkerClick = vi.fn();
    const { user } = renderChart({ markers, onMarkerClick });
    await user.click(screen.getByRole('button', { name: 'Entry short signal: Take profit' }));
    expect(onMarkerClick).toHaveBeenCalledTimes(1);
    expect(onMarkerClick).toHaveBeenCalledWith(markers[1]);
  });

  // From a trader's review: on a phone the first tap on a signal left the chart for the signals list, unseen.
  it("should show a signal's tooltip at the first tap of a finger, and report it at a second tap", async () => {
    const onMarkerClick = vi.fn();
    const { user } = renderChart({ markers, onMarkerClick });
    const marker = screen.getByRole('button', { name: 'Entry short signal: Take profit' });
    await user.pointer({ keys: '[TouchA]', target: marker });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Take profit');
    expect(onMarkerClick).not.toHaveBeenCalled();
    await user.pointer({ keys: '[TouchA]', target: marker });
    expect(onMarkerClick).toHaveBeenCalledExactlyOnceWith(markers[1]);
  });

  it('should show a tooltip with the price and time while focused', () => {
    renderChart({ markers });
    const marker = screen.getByRole('button', { name: 'Entry long signal: Breakout long' });
    act(() => marker.focus());
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('Entry long · Breakout long');
    expect(tooltip).toHaveTextContent('at 120.25 · 12 Mar 2026 10:20 UTC');
    expect(marker).toHaveAccessibleDescription(/at 120.25/);
    act(() => marker.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it("should draw a tooltip by the chart's right edge at its own width, ending over its marker", () => {
    // The overlays are as wide as the plot: 400 px here, with the latest candle's marker near its right edge.
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    try {
      renderChart({ markers: [{ id: 'late', time: T0 + 29 * MINUTE, side: 'buy', label: 'Ignored: already long' }] });
      const marker = screen.getByRole('button', { name: /Ignored: already long/ });
      act(() => marker.focus());
      const tooltip = screen.getByRole('tooltip');
      const left = Number.parseFloat(tooltip.style.left);
      expect(left).toBeGreaterThan(400 - 128);
      // Not squeezed into what is left right of its marker: its own width, running left from over the marker.
      expect(tooltip.style.width).toBe('max-content');
      expect(tooltip.style.transform).toMatch(/^translate\(calc\(-100% \+ [\d.]+px\), /);
    } finally {
      width.mockRestore();
    }
  });

  it("should open a sell's tooltip below its marker when the plot has no room above it", () => {
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    const tall = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
    try {
      // A sell priced at the top of the scale: its marker sits above its candle, near the plot's top.
      renderChart({
        markers: [{ id: 'top', time: T0 + 15 * MINUTE, side: 'sell', label: 'Ignored: already short', price: 129.9 }],
      });
      const marker = screen.getByRole('button', { name: /Ignored: already short/ });
      act(() => marker.focus());
      const tooltip = screen.getByRole('tooltip');
      expect(marker).toHaveAttribute('data-placement', 'above');
      expect(tooltip).toHaveAttribute('data-placement', 'below');
      expect(Number.parseFloat(tooltip.style.top)).toBeGreaterThan(Number.parseFloat(marker.style.top));
    } finally {
      width.mockRestore();
      height.mockRestore();
      tall.mockRestore();
    }
  });

  describe('when tabbing through the chart', () => {
    it('should stop once on the markers, and move between them with the arrow keys', async () => {
      const { user } = renderChart({ markers });
      const toolbar = screen.getByRole('toolbar', { name: 'Signals on the chart' });
      const buttons = within(toolbar).getAllByRole('button');
      expect(buttons.filter((button) => button.tabIndex === 0)).toHaveLength(1);

      await user.click(chartArea());
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Exit signal (sell): Stop' }));
      await user.keyboard('{ArrowLeft}');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Entry short signal: Take profit' }));
      await user.keyboard('{Home}');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Entry long signal: Breakout long' }));
      await user.keyboard('{End}');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Exit signal (sell): Stop' }));
      await user.tab();
      expect(toolbar).not.toContainElement(document.activeElement as HTMLElement);
    });
  });

  describe('when a candle side holds more signals than its stack shows', () => {
    const busy: ChartMarker[] = Array.from({ length: 12 }, (_, i) => ({
      id: `busy${i}`,
      time: T0 + 20 * MINUTE + i * 1_000,
      side: 'buy',
      label: `Scale in ${i + 1}`,
    }));

    it('should offer the rest as a "+N" button in the toolbar, which names them and opens the first', async () => {
      const onMarkerClick = vi.fn();
      const { user } = renderChart({ markers: busy, onMarkerClick });
      const more = screen.getByRole('button', { name: '9 more signals on this candle' });
      expect(more).toHaveTextContent('+9');
      await user.click(chartArea());
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Scale in 3, and 9 more/ }));
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(more);
      const tooltip = screen.getByRole('tooltip');
      expect(tooltip).toHaveTextContent('9 more signals on this candle');
      expect(tooltip).toHaveTextContent('Scale in 4');
      expect(tooltip).toHaveTextContent('Scale in 8');
      expect(tooltip).not.toHaveTextContent('Scale in 9');
      expect(tooltip).toHaveTextContent('and 4 more');
      await user.keyboard('{Enter}');
      expect(onMarkerClick).toHaveBeenCalledWith(busy[3]);
    });
  });

  it('should mark the selected marker as current and make it the Tab stop', () => {
    renderChart({ markers, selectedMarkerId: 'b' });
    const selected = screen.getByRole('button', { name: 'Entry short signal: Take profit' });
    expect(selected).toHaveAttribute('aria-current', 'true');
    expect(selected).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: /Breakout long/ })).not.toHaveAttribute('aria-current');
  });

  it('should flag a marker with a warning, in its name and tooltip', () => {
    renderChart({
      markers: [{ ...(markers[0] as ChartMarker), price: 1.1, warning: 'Priced 99.09% below the market' }],
    });
    const marker = screen.getByRole('button', {
      name: 'Entry long signal: Breakout long, Priced 99.09% below the market',
    });
    expect(marker).toHaveAttribute('data-warning', 'true');
    act(() => marker.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('Priced 99.09% below the market');
  });

  it('should leave out markers that are off screen', () => {
    const candles = rising(300);
    renderChart({ candles, markers: [{ id: 'old', time: T0, side: 'buy', label: 'Early entry' }] });
    expect(screen.queryByRole('button', { name: /Early entry/ })).toBeNull();
  });

  it('should have no axe violations', async () => {
    const { container } = renderChart({ markers, selectedMarkerId: 'a' });
    await expectNoAxeViolations(container);
  });
});

describe('given price lines', () => {
  // The 30 rising candles span 98.50 to 129.00.
  const priceLines: PriceLine[] = [
    { id: 'entry', price: 110, label: 'Entry', kind: 'entry' },
    { id: 'stop', price: 104.5, label: 'Stop', kind: 'stop' },
    { id: 'target', price: 400, label: 'Target', kind: 'target' },
  ];
  const line = (container: HTMLElement, kind: string) =>
    container.querySelector(`[data-slot="price-line"][data-kind="${kind}"]`) as Element;

  it('should draw each line across the plot with its price tagged on the axis and its label', () => {
    const { container } = renderChart({ priceLines });
    const entry = line(container, 'entry');
    const texts = [...entry.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts).toEqual(['110.00', 'Entry']);
    const stroke = entry.querySelector('line') as SVGLineElement;
    expect(Number(stroke.getAttribute('x1'))).toBe(0);
    // The tag sits on the axis, right of where the line ends.
    expect(Number(entry.querySelector('rect')?.getAttribute('x'))).toBe(Number(stroke.getAttribute('x2')));
    // Stop is below entry on the scale.
    const y = (kind: string) => Number(line(container, kind).querySelector('line')?.getAttribute('y1'));
    expect(y('stop')).toBeGreaterThan(y('entry'));
    expect(line(container, 'stop').getAttribute('class') ?? '').not.toBe(entry.getAttribute('class'));
  });

  // From a trader's review: the forming candle was drawn across "Long entry" near the axis.
  it('should draw the lines and their labels over every candle, the forming one included', () => {
    const { container } = renderChart({ priceLines });
    const layers = [...(container.querySelector('svg') as SVGSVGElement).children].map((layer) =>
      layer.getAttribute('data-slot'),
    );
    expect(layers.indexOf('price-lines')).toBeGreaterThan(layers.indexOf('forming-layer'));
    expect(layers.indexOf('forming-layer')).toBeGreaterThan(layers.indexOf('settled-layer'));
  });

  // From a trader's review: a stop's tag and a falling last price's were the same red block on the axis.
  it('should tag a stop’s price outlined in red and an entry’s filled, unlike a falling last price’s red block', () => {
    const falling = [...CANDLES.slice(0, -1), { ...(CANDLES.at(-1) as Candle), close: 127.5, low: 127 }];
    const { container } = renderChart({ candles: falling, priceLines: priceLines.slice(0, 2) });
    const paint = (element: Element | null) => {
      const { fill, stroke } = getComputedStyle(element as Element);
      return { fill, stroke };
    };
    const tag = (kind: string) => line(container, kind).querySelector('[data-slot="price-line-tag"]');
    const price = (kind: string) => line(container, kind).querySelector('text');

    expect(paint(container.querySelector('[data-slot="last-price"]'))).toEqual({
      fill: 'var(--dk-color-down)',
      stroke: 'var(--dk-color-down)',
    });
    expect(tag('stop')).toHaveAttribute('data-appearance', 'outlined');
    expect(paint(tag('stop'))).toEqual({ fill: 'var(--dk-color-surface)', stroke: 'var(--dk-color-danger)' });
    expect(paint(price('stop')).fill).toBe('var(--dk-color-danger)');
    expect(tag('entry')).toHaveAttribute('data-appearance', 'filled');
    expect(paint(tag('entry')).fill).toBe('var(--dk-color-primary)');
    expect(paint(price('entry')).fill).toBe('var(--dk-color-primary-foreground)');
  });

  // From a trader's review: an entry's tag stepped off the last price's sat on the axis away from its line.
  it('should bend a line to its tag where the tag stepped aside, and run a line whose tag is on it to the axis', () => {
    // The last price is 129.00: the entry's tag steps below it; the alert level's is far from it.
    const { container } = renderChart({
      priceLines: [
        { id: 'entry', price: 128.9, label: 'Long entry', kind: 'entry' },
        { id: 'alert', price: 110, label: 'Alert level', kind: 'custom' },
      ],
    });
    const parts = (kind: string) => {
      const group = line(container, kind);
      const tag = group.querySelector('[data-slot="price-line-tag"]');
      return {
        stroke: group.querySelector('line:not([data-slot])'),
        leader: group.querySelector('[data-slot="price-line-leader"]'),
        tagLeft: Math.floor(attribute(tag ?? undefined, 'x')),
        tagMiddle: attribute(tag ?? undefined, 'y') + attribute(tag ?? undefined, 'height') / 2,
      };
    };
    const entry = parts('entry');
    const entryY = attribute(entry.stroke ?? undefined, 'y1');
    expect(entry.tagMiddle - entryY).toBeGreaterThan(4);
    expect(entry.leader).not.toBeNull();
    const leader = entry.leader ?? undefined;
    expect([attribute(leader, 'x1'), attribute(leader, 'y1')]).toEqual([
      attribute(entry.stroke ?? undefined, 'x2'),
      entryY,
    ]);
    expect([attribute(leader, 'x2'), attribute(leader, 'y2')]).toEqual([entry.tagLeft, entry.tagMiddle]);

    const alert = parts('custom');
    expect(alert.leader).toBeNull();
    expect(alert.tagMiddle).toBeCloseTo(attribute(alert.stroke ?? undefined, 'y1'));
    expect(attribute(alert.stroke ?? undefined, 'x2')).toBe(alert.tagLeft);
  });

  it('should show a line beyond the price scale as an arrow at the edge, not a line', () => {
    const { container } = renderChart({ priceLines });
    const target = line(container, 'target');
    expect(target).toHaveAttribute('data-off-scale', 'above');
    expect(target.querySelector('line')).toBeNull();
    expect(target).toHaveTextContent('↑ Target 400.00');
  });

  it('should list the lines for screen readers', () => {
    renderChart({ priceLines });
    const list = screen.getByRole('list', { name: 'Price lines' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Entry at 110.00', 'Stop at 104.50', 'Target at 400.00']);
  });

  it('should keep a line label off a signal marker by the axis (the newest candles, where the latest signals sit)', () => {
    // A short entry at 128.00 on the newest candle, and its position's entry line at that price: the label's usual
    // place, just above the line by the axis, is where the marker points down at the price from.
    const { container } = renderChart({
      markers: [{ id: 'short', time: T0 + 29 * MINUTE + 5_000, side: 'sell', label: 'Short', price: 128 }],
      priceLines: [{ id: 'entry', price: 128, label: 'Short entry', kind: 'entry' }],
    });
    const marker = screen.getByRole('button', { name: /Short/ }) as HTMLElement;
    const markerTop = Number.parseFloat(marker.style.top);
    const label = container.querySelector('[data-slot="price-line-label"]') as SVGTextElement;
    expect(label).toHaveTextContent('Short entry');
    const labelMiddle = attribute(label, 'y');
    // The label (16px high, centred on its y) and the marker (16px) share no row of pixels.
    expect(labelMiddle + 8 <= markerTop || labelMiddle - 8 >= markerTop + 16).toBe(true);
  });

  it('should keep the lines when the view is zoomed', async () => {
    const { user, container } = renderChart({ candles: rising(300), priceLines });
    await user.click(chartArea());
    await user.keyboard('{+}{+}');
    // Zoomed in on the latest candles (around 290 to 399), both lines are now below the scale.
    expect(line(container, 'entry')).toHaveAttribute('data-off-scale', 'below');
    expect(line(container, 'stop')).toHaveTextContent('↓ Stop 104.50');
  });
});

describe('given trade markers', () => {
  const trades: TradeMarker[] = [
    {
      id: 'open',
      time: T0 + 10 * MINUTE + 30_000,
      price: 109.5,
      side: 'long',
      kind: 'entry',
      label: 'Long 0.1 @ 109.50',
    },
    { id: 'close', time: T0 + 20 * MINUTE, price: 120, side: 'long', kind: 'exit', label: 'Exit +1.05' },
    { id: 'short', time: T0 + 25 * MINUTE, price: 124, side: 'short', kind: 'entry' },
  ];

  it('should flag each trade with its label, apart from the signal markers', () => {
    renderChart({ trades, markers: [{ id: 's', time: T0 + 10 * MINUTE, side: 'buy', label: 'Breakout' }] });
    const toolbar = screen.getByRole('toolbar', { name: 'Trades on the chart' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Long entry: Long 0.1 @ 109.50 at 109.50', 'Long exit: Exit +1.05 at 120.00', 'Short entry at 124.00']);
    expect(toolbar).toHaveTextContent('Long 0.1 @ 109.50');
    expect(toolbar).toHaveTextContent('Exit +1.05');
    expect(within(toolbar).queryByRole('button', { name: /Breakout/ })).toBeNull();
    expect(screen.getByRole('toolbar', { name: 'Signals on the chart' })).toBeInTheDocument();
  });

  it('should report the trade when its label or its pin is clicked, and take the pointer only there', async () => {
    const onTradeClick = vi.fn();
    const { user } = renderChart({ trades, onTradeClick });
    const flag = screen.getByRole('button', { name: /Exit \+1.05/ });
    await user.click(flag.querySelector('[data-slot="trade-label"]')!);
    expect(onTradeClick).toHaveBeenCalledExactlyOnceWith(trades[1]);
    await user.click(flag.querySelector('[data-slot="trade-pin"]')!);
    expect(onTradeClick).toHaveBeenCalledTimes(2);
    // The rest of the button's box (the gap, a leader line) can lie over a neighbour's label: it takes no pointer.
    expect(getComputedStyle(flag).pointerEvents).toBe('none');
  });

  // From a trader's review: on a phone a tap went straight to the signal, and a shared pin's tooltip was never seen.
  it('should show the tooltip at the first tap of a finger, and report the trade at a second tap on it', async () => {
    const onTradeClick = vi.fn();
    const { user } = renderChart({ trades, onTradeClick });
    const pin = (name: RegExp) =>
      screen.getByRole('button', { name }).querySelector<HTMLElement>('[data-slot="trade-pin"]')!;
    await user.pointer({ keys: '[TouchA]', target: pin(/Exit \+1.05/) });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Long exit · Exit +1.05');
    expect(onTradeClick).not.toHaveBeenCalled();
    await user.pointer({ keys: '[TouchA]', target: pin(/Exit \+1.05/) });
    expect(onTradeClick).toHaveBeenCalledExactlyOnceWith(trades[1]);
    // Another flag's first tap shows its own tooltip; a mouse click reports at once.
    await user.pointer({ keys: '[TouchA]', target: pin(/Short entry/) });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Short entry');
    expect(onTradeClick).toHaveBeenCalledTimes(1);
    await user.click(pin(/Long 0.1/));
    expect(onTradeClick).toHaveBeenLastCalledWith(trades[0]);
  });

  it('should report the focused trade on Enter and on Space, as on a click', async () => {
    const onTradeClick = vi.fn();
    const { user } = renderChart({ trades, onTradeClick });
    await user.click(chartArea());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Short entry at 124.00' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onTradeClick).toHaveBeenLastCalledWith(trades[2]);
    await user.keyboard('{Home} ');
    expect(onTradeClick).toHaveBeenLastCalledWith(trades[0]);
    expect(onTradeClick).toHaveBeenCalledTimes(2);
  });

  it('should be one Tab stop, with arrow keys between trades and a tooltip on the one focused', async () => {
    const { user } = renderChart({ trades });
    await user.click(chartArea());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Short entry at 124.00' })).toHaveFocus();
    await user.keyboard('{Home}');
    const first = screen.getByRole('button', { name: /Long 0.1/ });
    expect(first).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Long entry · Long 0.1 @ 109.50');
    expect(screen.getByRole('tooltip')).toHaveTextContent('at 109.50 · 12 Mar 2026 10:10 UTC');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: /Exit \+1.05/ })).toHaveFocus();
  });

  it('should name who made a trade in its tooltip and its accessible name', async () => {
    const { user } = renderChart({ trades: [{ ...trades[0]!, source: 'Breakout 4h' }] });
    await user.click(chartArea());
    await user.tab();
    const flag = screen.getByRole('button', { name: 'Long entry: Long 0.1 @ 109.50 at 109.50, Breakout 4h' });
    expect(flag).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Breakout 4h');
  });

  // From a trader's review: a fill near the plot's top had its tooltip cut off above the plot.
  it.each([
    [1_000, 'below'],
    [20, 'above'],
  ])('should open the tooltip of a fill at %d %s its pin, inside the plot', async (price, placement) => {
    const { user } = renderChart({
      trades: [{ id: 'edge', time: T0 + 5 * MINUTE, price, side: 'long', kind: 'exit' }],
    });
    await user.click(chartArea());
    await user.tab();
    expect(screen.getByRole('tooltip')).toHaveAttribute('data-placement', placement);
  });

  // From a trader's review: on a phone, six fills on one pin made a tooltip taller than the room above and below it,
  // and the chart's card cut it off.
  it('should open a tooltip too tall for either side beside its pin, inside the plot', async () => {
    const sizes = (element: HTMLElement) =>
      element.getAttribute('role') === 'tooltip'
        ? { height: 300, width: 200 }
        : element.dataset.slot === 'trades'
          ? { height: 400, width: 360 }
          : { height: 0, width: 0 };
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return sizes(this).height;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return sizes(this).height;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return sizes(this).width;
    });
    const { user } = renderChart({
      trades: [{ id: 'middle', time: T0 + 25 * MINUTE, price: 110, side: 'long', kind: 'exit' }],
    });
    await user.click(chartArea());
    await user.tab();
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveAttribute('data-placement', 'beside');
    const top = Number(tooltip.dataset.top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top + 300).toBeLessThanOrEqual(400);
    vi.restoreAllMocks();
  });

  // From a trader's review: a label left of its pin ended short of the room it was given, far from its pin.
  it('should put a label left of a pin by the latest candle against that pin', () => {
    const { container } = renderChart({
      trades: [{ id: 'last', time: T0 + 29 * MINUTE, price: 115, side: 'long', kind: 'exit', label: 'Exit +1.00' }],
    });
    const flag = container.querySelector<HTMLElement>('[data-slot="trade-marker"]')!;
    const label = flag.querySelector<HTMLElement>('[data-slot="trade-label"]')!;
    expect(label).toHaveAttribute('data-placement', 'left');
    expect(label.style.left).toBe('');
    // Its right edge: the pin's width and the gap that clears a signal marker from the flag's right edge.
    expect(Number.parseFloat(label.style.right)).toBeCloseTo(10 + 4);
  });

  // From a trader's review: where fills crowd, a label moved two steps off its pin read as another price's.
  it('should join a label moved up or down to its pin with a line, and leave a level one without', () => {
    const crowded: TradeMarker[] = ['a', 'b', 'c'].map((id, k) => ({
      id,
      time: T0 + 20 * MINUTE + k,
      price: 115,
      side: 'short',
      kind: 'entry',
      label: `Short ${k + 1}`,
    }));
    const { container } = renderChart({ trades: crowded });
    const flags = [...container.querySelectorAll<HTMLElement>('[data-slot="trade-marker"]')];
    const px = (value: string | null) => Number.parseFloat(value ?? '');
    const joined = flags.map((flag) => {
      const label = flag.querySelector<HTMLElement>('[data-slot="trade-label"]')!;
      const pin = flag.querySelector<HTMLElement>('[aria-hidden="true"]:not(svg)')!;
      const line = flag.querySelector('[data-slot="trade-leader"] line');
      const labelMiddle = px(label.style.top) + 9;
      const pinMiddle = px(pin.style.top) + 5;
      if (Math.abs(labelMiddle - pinMiddle) < 0.5) return line === null ? 'level' : 'level, with a line';
      expect(line).not.toBeNull();
      const end = (name: string) => px(line!.getAttribute(name));
      expect(end('x1')).toBeCloseTo(px(pin.style.left) + 5);
      expect(end('y1')).toBeCloseTo(pinMiddle);
      expect(end('x2')).toBeCloseTo(px(label.style.left));
      expect(end('y2')).toBeCloseTo(labelMiddle);
      return 'moved, joined';
    });
    expect(joined.sort()).toEqual(['level', 'moved, joined', 'moved, joined']);
  });

  // From a trader's review: fills at one price in one candle share a pin, and hovering it told only the top one.
  it('should tell every fill of a shared pin in its tooltip, in the order they were made, whichever is focused', async () => {
    const stacked: TradeMarker[] = [
      {
        id: 'exit',
        time: T0 + 20 * MINUTE,
        price: 115,
        side: 'long',
        kind: 'exit',
        label: 'Exit +2.00',
        source: 'Trend',
      },
      { id: 'entry', time: T0 + 20 * MINUTE + 5_000, price: 115, side: 'short', kind: 'entry', source: 'Trend' },
      { id: 'apart', time: T0 + 25 * MINUTE, price: 124, side: 'short', kind: 'exit' },
    ];
    const { user } = renderChart({ trades: stacked });
    await user.click(chartArea());
    await user.tab();
    await user.keyboard('{Home}');
    const tooltip = screen.getByRole('tooltip');
    // The minute they share is said once; each fill takes two lines, who and the price on one.
    expect(tooltip).toHaveTextContent(/^2 fills here · 12 Mar 2026 10:20 UTC/);
    expect(within(tooltip).getAllByText('Trend · at 115.00')).toHaveLength(2);
    const fills = within(tooltip)
      .getAllByText(/^(Long|Short) (entry|exit)/)
      .map((title) => title.textContent);
    expect(fills).toEqual(['Long exit · Exit +2.00', 'Short entry']);
    await user.keyboard('{ArrowRight}');
    // A reversal reads as one: the exit, then the entry it reversed into (the one pointed at is not moved first).
    expect(
      within(screen.getByRole('tooltip'))
        .getAllByText(/^(Long|Short) (entry|exit)/)
        .map((title) => title.textContent),
    ).toEqual(['Long exit · Exit +2.00', 'Short entry']);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tooltip')).not.toHaveTextContent('fills here');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Short exit');
  });

  /** `count` fills a second apart in one candle at one price: one pin, "Fill 1" first. */
  const fillsOnOnePin = (count: number): TradeMarker[] =>
    Array.from({ length: count }, (_, index) => ({
      id: `fill-${index}`,
      time: T0 + 20 * MINUTE + index * 1_000,
      price: 115,
      side: index % 2 === 0 ? 'long' : 'short',
      kind: 'entry',
      label: `Fill ${index + 1}`,
    }));

  it("should list a pin's first five fills in its tooltip, and how many more there are", async () => {
    const { user } = renderChart({ trades: fillsOnOnePin(7) });
    await user.click(chartArea());
    await user.tab();
    await user.keyboard('{Home}');
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent(/^7 fills here/);
    expect(
      within(tooltip)
        .getAllByText(/· Fill \d$/)
        .map((title) => title.textContent?.slice(-6)),
    ).toEqual(['Fill 1', 'Fill 2', 'Fill 3', 'Fill 4', 'Fill 5']);
    expect(tooltip).toHaveTextContent(/and 2 more fills$/);
  });

  it('should list the fill the keyboard is on when it is past the first five, with how many come before', async () => {
    const { user } = renderChart({ trades: fillsOnOnePin(8) });
    await user.click(chartArea());
    await user.tab();
    await user.keyboard('{Home}');
    // Fill 7 is the seventh in time: the tooltip lists 3 to 7, with the two before and the one after counted.
    for (let step = 0; step < 6; step += 1) await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(/Fill 7/);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent(/^8 fills here.*2 earlier fills/);
    expect(
      within(tooltip)
        .getAllByText(/· Fill \d$/)
        .map((title) => title.textContent?.slice(-6)),
    ).toEqual(['Fill 3', 'Fill 4', 'Fill 5', 'Fill 6', 'Fill 7']);
    expect(tooltip).toHaveTextContent(/and 1 more fill$/);
  });

  it('should say when a fill lies off the price scale', () => {
    renderChart({ trades: [{ id: 'far', time: T0 + 5 * MINUTE, price: 20, side: 'short', kind: 'exit' }] });
    const flag = screen.getByRole('button', { name: 'Short exit at 20.00, below the price scale' });
    expect(flag).toHaveAttribute('data-off-scale', 'below');
  });

  it('should have no axe violations, with signals and price lines beside them', async () => {
    const { container } = renderChart({
      trades,
      markers: [{ id: 's', time: T0 + 10 * MINUTE, side: 'buy', label: 'Breakout' }],
      priceLines: [{ id: 'entry', price: 110, label: 'Entry', kind: 'entry' }],
    });
    await expectNoAxeViolations(container);
  });
});

describe('given a phone-wide chart with a trade’s flag beside a busy candle’s signals', () => {
  beforeEach(() => {
    // jsdom has no layout: the plot measures as a phone's.
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.dataset.slot === 'chart-plot' ? new DOMRect(0, 0, 358, 300) : measure.call(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A box from an element's inline position, `within` the box of the element it is placed in. */
  const boxOf = (element: Element, within = { left: 0, top: 0, width: 0 }) => {
    const style = (element as HTMLElement).style;
    const width = Number.parseFloat(style.width || style.maxWidth);
    return {
      // A label left of its pin is placed by its right edge.
      left:
        within.left +
        (style.right ? within.width - Number.parseFloat(style.right) - width : Number.parseFloat(style.left)),
      top: within.top + Number.parseFloat(style.top),
      width,
      height: Number.parseFloat(style.height || '18'),
    };
  };
  type Box = ReturnType<typeof boxOf>;
  const overlap = (a: Box, b: Box) =>
    a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

  // Four buys near the latest candle: three markers and a "+1" under them. An earlier trade’s exit at prices
  // down the plot: at some, its flag's label runs under the stack or its count.
  const signals: ChartMarker[] = Array.from({ length: 4 }, (_, k) => ({
    id: `buy-${k}`,
    time: T0 + 27 * MINUTE + 1_000 + k,
    side: 'buy',
    label: 'Breakout long',
    price: 126.8,
  }));

  it.each([112, 113, 114, 115, 116, 117, 118, 119, 120])(
    'should keep the label of an exit at %d off the markers and their "+1"',
    (price) => {
      const { container } = renderChart({
        markers: signals,
        trades: [{ id: 'exit', time: T0 + 17 * MINUTE, price, side: 'long', kind: 'exit', label: 'Exit −3.00' }],
      });
      const count = container.querySelector('[data-slot="marker-count"]') as Element;
      expect(count).toHaveTextContent('+1');
      const markers = [...container.querySelectorAll('[data-slot="marker"]')].map((marker) => ({
        ...boxOf(marker),
        width: 16,
        height: 16,
      }));
      const flag = container.querySelector('[data-slot="trade-marker"]') as Element;
      // Moved a step up or down, or to the pin's other side: there is room for it.
      const label = flag.querySelector('[data-slot="trade-label"]') as Element;
      expect(label).toHaveTextContent('Exit −3.00');
      const labelBox = boxOf(label, boxOf(flag));
      expect(Number.isFinite(labelBox.left)).toBe(true);
      expect([boxOf(count), ...markers].filter((box) => overlap(box, labelBox))).toEqual([]);
    },
  );
});

describe('given a time to show', () => {
  it('should open the view around it, away from the live edge', () => {
    const candles = rising(600);
    renderChart({ candles, focusTime: T0 + 100 * MINUTE });
    const first = attribute(chartArea(), 'aria-valuemin');
    const last = attribute(chartArea(), 'aria-valuemax');
    expect(first).toBeLessThan(100);
    expect(last).toBeGreaterThan(100);
    expect(last).toBeLessThan(599);
    expect(screen.getByRole('button', { name: /Go to latest/ })).toBeInTheDocument();
  });
});

describe('given the time-zone setting', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('should show times in UTC, named, when asked for UTC', () => {
    renderChart({ timeZone: 'UTC' });
    expect(legend()).toHaveTextContent('12 Mar 2026 10:29 UTC');
    expect(screen.getByRole('figure')).toHaveAccessibleDescription(/since 12 Mar 2026 10:00 UTC/);
  });

  it("should show times on the viewer's clock, with its zone's name, when local", () => {
    process.env.TZ = 'America/New_York';
    renderChart({ timeZone: 'local' });
    expect(legend()).toHaveTextContent('12 Mar 2026 06:29 EDT');
    expect(chartArea()).toHaveAttribute('aria-valuetext', expect.stringMatching(/^12 Mar 2026 06:29 EDT: open/));
  });
});

describe('given no candles', () => {
  describe('while loading', () => {
    it('should say it is loading and mark the figure busy', async () => {
      const { container } = renderChart({ candles: [], loading: true });
      expect(screen.getByRole('status')).toHaveTextContent('Loading BTC/USD 1m candles…');
      expect(screen.getByRole('figure')).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByRole('figure')).toHaveAccessibleDescription('BTC/USD 1m: loading candles.');
      await expectNoAxeViolations(container);
    });
  });

  describe('when there are none', () => {
    it('should say there are no candles yet', async () => {
      const { container } = renderChart({ candles: [] });
      expect(screen.getByText('No candles yet')).toBeInTheDocument();
      expect(screen.queryByRole('slider')).toBeNull();
      await expectNoAxeViolations(container);
    });
  });

  describe('when loading failed', () => {
    it('should alert with the reason and retry on request', async () => {
      const onRetry = vi.fn();
      const { user, container } = renderChart({ candles: [], error: 'Market data is unavailable.', onRetry });
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Couldn’t load BTC/USD 1m candles');
      expect(alert).toHaveTextContent('Market data is unavailable.');
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(onRetry).toHaveBeenCalledTimes(1);
      await expectNoAxeViolations(container);
    });

    it('should offer no retry without a callback', () => {
      renderChart({ candles: [], error: 'Market data is unavailable.' });
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    });
  });
});

describe('given candles and a later failure or reload', () => {
  it('should keep the chart and show the error with a retry', async () => {
    const onRetry = vi.fn();
    const { user } = renderChart({ error: 'Live updates stopped.', onRetry });
    expect(chartArea()).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Live updates stopped.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('should keep the chart and say it is updating', () => {
    renderChart({ loading: true });
    expect(chartArea()).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Updating…');
  });
});

describe('given indicators', () => {
  const indicators = { sma: 5, ema: null, bollinger: true, vwap: false, rsi: true, macd: false };

  it('should draw the overlays on the price pane and RSI in a pane below, following the candles', () => {
    const { container } = renderChart({ indicators });
    const lines = [...container.querySelectorAll('[data-slot="indicator-overlays"] [data-slot="indicator-line"]')];
    expect(lines.map((line) => line.getAttribute('data-indicator'))).toEqual([
      'sma',
      'bb-upper',
      'bb-middle',
      'bb-lower',
    ]);
    // SMA 5 of closes 100..129 starts at the 5th candle: one point per candle from there (26 points).
    const sma = lines[0]?.getAttribute('d') ?? '';
    expect(sma.match(/[ML]/g)).toHaveLength(26);
    // A rising market: RSI 14 is 100.
    const pane = screen.getByRole('group', { name: 'RSI 14 pane' });
    expect(pane).toHaveTextContent('RSI 14 100.00');
    expect(screen.queryByRole('group', { name: 'MACD 12 26 9 pane' })).toBeNull();
  });

  it("should name each overlay in a key beside a sample of its line, drawn as the line's own kind", () => {
    const { container } = renderChart({ indicators: { ...indicators, ema: 9, vwap: true } });
    const key = screen.getByRole('list', { name: 'Lines on the price' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SMA 5', 'EMA 9', 'BB 20 2', 'VWAP']);
    const samples = [...key.querySelectorAll('line')].map((line) => line.getAttribute('data-indicator'));
    expect(samples).toEqual(['sma', 'ema', 'bb-upper', 'vwap']);
    // Each sample takes the class its line on the plot has, so the colour and dash are the same.
    const plotted = container.querySelector('[data-slot="indicator-line"][data-indicator="vwap"]');
    expect(key.querySelector('line[data-indicator="vwap"]')?.getAttribute('class')).toBe(
      plotted?.getAttribute('class'),
    );
    // RSI and MACD have panes of their own, named there: not in the key.
    expect(key).not.toHaveTextContent('RSI');
  });

  // From a trader's review: SMA was drawn solid in the primary colour, the entry line's look, in both themes.
  it("should draw no line on the price in the entry line's look, in either theme", () => {
    const { container } = renderChart({
      indicators: { ...indicators, ema: 9, vwap: true },
      priceLines: [{ id: 'entry', price: 110, label: 'Entry', kind: 'entry' }],
    });
    const looks = (element: Element | null, theme: Record<string, string>) => {
      const { stroke, strokeDasharray } = getComputedStyle(element as Element);
      // var(--dk-color-primary-foreground) -> the theme's primaryForeground.
      const token = /^var\(--dk-color-([a-z-]+)\)$/.exec(stroke)?.[1] ?? '';
      const color = theme[token.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())];
      expect(color).toBeDefined();
      return `${color} ${strokeDasharray || 'none'}`;
    };
    const entry = container.querySelector('[data-slot="price-line"][data-kind="entry"] line:not([data-slot])');
    const overlays = [...container.querySelectorAll('[data-slot="indicator-overlays"] [data-slot="indicator-line"]')];
    expect(overlays.map((line) => line.getAttribute('data-indicator'))).toEqual(
      expect.arrayContaining(['sma', 'ema', 'vwap', 'bb-middle']),
    );
    for (const theme of [darkColors, lightColors]) {
      const entryLook = looks(entry, theme);
      for (const overlay of overlays) expect(looks(overlay, theme)).not.toBe(entryLook);
    }
  });

  it('should draw none of them when they are off', () => {
    const { container } = renderChart();
    expect(screen.queryByRole('list', { name: 'Lines on the price' })).toBeNull();
    expect(container.querySelector('[data-slot="indicator-line"]')).toBeNull();
    expect(screen.queryByRole('group', { name: /pane$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Indicators/ })).toBeNull();
  });

  it('should add, re-period and remove them from the Indicators menu with the keyboard', async () => {
    const onIndicatorsChange = vi.fn();
    const { user, rerender } = renderChart({ onIndicatorsChange });
    const trigger = screen.getByRole('button', { name: 'Indicators' });
    trigger.focus();
    await user.keyboard('{Enter}');
    // The menu's code is loaded on first use: on a busy machine that can take longer than findBy's 1 s.
    const menu = await screen.findByRole('menu', { name: 'Indicators' }, { timeout: 10_000 });
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'MACD (12, 26, 9)' }));
    expect(onIndicatorsChange).toHaveBeenLastCalledWith(expect.objectContaining({ macd: true, sma: null }));
    // The menu stays open for the next choice.
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Simple moving average (SMA)' }));
    expect(onIndicatorsChange).toHaveBeenLastCalledWith(expect.objectContaining({ sma: 20 }));

    rerender(
      <CandlestickChart
        candles={CANDLES}
        interval="1m"
        symbol="BTC/USD"
        timeZone="UTC"
        indicators={{ sma: 20, ema: null, bollinger: false, vwap: false, rsi: false, macd: true }}
        onIndicatorsChange={onIndicatorsChange}
      />,
    );
    expect(screen.getByRole('button', { name: 'Indicators (2)' })).toBeInTheDocument();
    const period50 = within(screen.getByRole('menu')).getByRole('menuitemradio', { name: 'SMA period 50' });
    await user.click(period50);
    expect(onIndicatorsChange).toHaveBeenLastCalledWith(expect.objectContaining({ sma: 50, macd: true }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitemcheckbox', { name: /SMA\) 20/ }));
    expect(onIndicatorsChange).toHaveBeenLastCalledWith(expect.objectContaining({ sma: null, macd: true }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('group', { name: 'MACD 12 26 9 pane' })).toBeInTheDocument();
  });

  it('should keep the focus on the Indicators button while its menu loads after the first paint', async () => {
    const { user } = renderChart({ onIndicatorsChange: () => {} });
    const placeholder = screen.getByRole('button', { name: 'Indicators' });
    expect(placeholder).toHaveAttribute('aria-haspopup', 'menu');
    placeholder.focus();
    // The menu's code arrives: the button is now the menu's trigger, still focused.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Indicators' })).not.toBe(placeholder));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Indicators' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu', { name: 'Indicators' })).toBeInTheDocument();
  });

  it('should have no axe violations with overlays, panes, the menu and the scale switch', async () => {
    const { container } = renderChart({
      indicators: { sma: 5, ema: 9, bollinger: true, vwap: true, rsi: true, macd: true },
      onIndicatorsChange: () => {},
      onPriceScaleChange: () => {},
    });
    await expectNoAxeViolations(container);
  });
});

describe('given resizable panes', () => {
  it('should resize the volume pane with the arrow keys on its separator', async () => {
    const onPaneSizesChange = vi.fn();
    const { user, container } = renderChart({ onPaneSizesChange });
    const separator = screen.getByRole('separator', { name: 'Resize the volume pane' });
    expect(separator).toHaveAttribute('aria-valuenow', '20');
    separator.focus();
    await user.keyboard('{ArrowUp}');
    expect(onPaneSizesChange).toHaveBeenLastCalledWith({ volume: 0.22, rsi: 96, macd: 96 });
    void container;
  });

  it('should apply sizes itself when uncontrolled, and keep them in range', async () => {
    const { user, container } = renderChart();
    const separator = screen.getByRole('separator', { name: 'Resize the volume pane' });
    const topOfBars = () =>
      Math.min(...[...container.querySelectorAll('[data-slot="volume-bar"]')].map((bar) => attribute(bar, 'y')));
    const before = topOfBars();
    separator.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(separator).toHaveAttribute('aria-valuenow', '24');
    expect(topOfBars()).toBeLessThan(before);
    await user.keyboard('{End}{ArrowUp}');
    expect(separator).toHaveAttribute('aria-valuenow', '50');
    await user.keyboard('{Home}');
    expect(separator).toHaveAttribute('aria-valuenow', '8');
  });

  it('should resize an indicator pane with the arrow keys', async () => {
    const { user } = renderChart({
      indicators: { sma: null, ema: null, bollinger: false, vwap: false, rsi: true, macd: false },
    });
    const separator = screen.getByRole('separator', { name: 'Resize the RSI 14 pane' });
    const pane = screen.getByRole('group', { name: 'RSI 14 pane' });
    expect(pane).toHaveStyle({ height: '96px' });
    separator.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(separator).toHaveAttribute('aria-valuenow', '112');
    expect(pane).toHaveStyle({ height: '112px' });
    await user.keyboard('{ArrowDown}');
    expect(pane).toHaveStyle({ height: '104px' });
  });
});

describe('given the price axis', () => {
  // Each label's price and height: a rescale moves the labels even where the same prices stay on screen (and a
  // label under the last price's tag is left out either way).
  const labels = (container: HTMLElement) =>
    [...container.querySelectorAll('[data-slot="price-label"]')].map(
      (label) => `${label.textContent}@${Math.round(attribute(label, 'y'))}`,
    );

  it('should fit more prices when dragged down, fewer when dragged up, and fit again on double-click', () => {
    const { container } = renderChart();
    const handle = screen.getByRole('slider', { name: 'Price scale' });
    const fitted = labels(container);
    fireEvent.pointerDown(handle, { button: 0, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 250, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 250, pointerId: 1 });
    // Dragged 150 px down: the range is e times wider, so the labels step further apart.
    expect(Number(handle.getAttribute('aria-valuenow'))).toBe(272);
    const squeezed = labels(container);
    expect(squeezed).not.toEqual(fitted);
    fireEvent.doubleClick(handle);
    expect(handle).toHaveAttribute('aria-valuetext', 'Fitted to the candles');
    expect(labels(container)).toEqual(fitted);
  });

  it('should stretch with the arrow keys and fit again with Enter', async () => {
    const { user, container } = renderChart();
    const handle = screen.getByRole('slider', { name: 'Price scale' });
    const fitted = labels(container);
    handle.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(handle).toHaveAttribute('aria-valuenow', '83');
    expect(labels(container)).not.toEqual(fitted);
    await user.keyboard('{Enter}');
    expect(handle).toHaveAttribute('aria-valuenow', '100');
    expect(labels(container)).toEqual(fitted);
  });
});

describe('given the price scale switch', () => {
  const priceLabels = (container: HTMLElement) =>
    [...container.querySelectorAll('[data-slot="price-label"]')].map((label) => label.textContent ?? '');

  it('should label the axis in percent from the first candle on screen', () => {
    const { container } = renderChart({ priceScale: 'percent', onPriceScaleChange: () => {} });
    const labels = priceLabels(container);
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(label).toMatch(/^[+−]?\d+\.\d{2}%$/);
    // The first candle closes at 100, the last at 129: the labels run from about 0% to about +29%.
    expect(labels).toContain('0.00%');
    expect(screen.getByRole('button', { name: 'Percent' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("should write the last price's tag in percent too, and keep prices in the legend", () => {
    const { container } = renderChart({ priceScale: 'percent', onPriceScaleChange: () => {} });
    // The first candle on screen closes at 100 and the last at 129.
    expect(container.querySelector('[data-slot="last-price"]')).toHaveTextContent('+29.00%');
    expect(legend()).toHaveTextContent('C 129.00');
  });

  it('should space the price labels by ratio on a log scale', () => {
    const candles = Array.from({ length: 30 }, (_, i) => {
      const close = 10 * 1.12 ** i;
      return { time: T0 + i * MINUTE, open: close / 1.1, high: close * 1.01, low: close / 1.11, close, volume: 1 };
    });
    // Each two neighbouring labels (a label under the last price's tag is left out, so neighbours are not always
    // one step apart): pixels per unit of price, and pixels per unit of log price.
    const pairs = (container: HTMLElement) => {
      const points = [...container.querySelectorAll('[data-slot="price-label"]')]
        .map((label) => ({ price: Number(label.textContent!.replace(/,/g, '')), y: attribute(label, 'y') }))
        .sort((a, b) => a.price - b.price);
      return points.slice(1).map((point, i) => {
        const below = points[i]!;
        return {
          perPrice: (below.y - point.y) / (point.price - below.price),
          perLogPrice: (below.y - point.y) / Math.log(point.price / below.price),
        };
      });
    };
    const spread = (values: number[]) => Math.max(...values) / Math.min(...values);
    const linearChart = renderChart({ candles });
    const linear = pairs(linearChart.container);
    linearChart.unmount();
    const log = pairs(renderChart({ candles, priceScale: 'log' }).container);
    expect(linear.length).toBeGreaterThan(1);
    expect(log.length).toBeGreaterThan(1);
    // Linear: the same pixels for each unit of price; log: the same pixels for each ratio of prices, so fewer
    // pixels per unit of price as prices rise.
    expect(spread(linear.map((pair) => pair.perPrice))).toBeLessThan(1.02);
    expect(spread(log.map((pair) => pair.perLogPrice))).toBeLessThan(1.02);
    expect(spread(log.map((pair) => pair.perPrice))).toBeGreaterThan(1.3);
  });

  it('should hand the chosen scale to the caller', async () => {
    const onPriceScaleChange = vi.fn();
    const { user } = renderChart({ onPriceScaleChange });
    expect(screen.getByRole('button', { name: 'Linear' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Log' }));
    expect(onPriceScaleChange).toHaveBeenCalledWith('log');
  });
});

describe('given a view near the oldest candle', () => {
  it('should ask for older candles there, and not at the live edge of a long history', () => {
    const onReachStart = vi.fn();
    const candles = rising(400);
    const { rerender } = renderChart({ candles, onReachStart });
    expect(onReachStart).not.toHaveBeenCalled();
    rerender(
      <CandlestickChart
        candles={candles}
        interval="1m"
        symbol="BTC/USD"
        timeZone="UTC"
        onReachStart={onReachStart}
        focusTime={(candles[5] as Candle).time}
      />,
    );
    expect(onReachStart).toHaveBeenCalled();
  });
});
