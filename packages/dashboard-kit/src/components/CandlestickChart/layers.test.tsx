import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, type ComponentProps } from 'react';
import type * as Victory from 'victory';
import type * as PriceLineLayerModule from './PriceLineLayer';
import type * as TradeLayerModule from './TradeLayer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MINUTE } from './aggregate';
import { CandlestickChart } from './CandlestickChart';
import { SETTLED_BLOCK } from './layers';
import type { Candle, ChartMarker, PriceLine, TradeMarker } from './types';

// Counts what Victory draws: settled candles (drawn in blocks of several; counted one by one) and draws of
// the forming candle (a layer with one candle).
const draws = vi.hoisted(() => ({ settled: 0, forming: 0 }));
// Counts renders of the price-line and trade overlays (a memo wrapper renders when theirs would).
const overlays = vi.hoisted(() => ({ priceLines: 0, trades: 0 }));

vi.mock('./PriceLineLayer', async (importOriginal) => {
  const { memo } = await import('react');
  const original = await importOriginal<typeof PriceLineLayerModule>();
  return {
    PriceLineLayer: memo(function CountedPriceLines(props: ComponentProps<typeof original.PriceLineLayer>) {
      overlays.priceLines += 1;
      return createElement(original.PriceLineLayer, props);
    }),
  };
});

vi.mock('./TradeLayer', async (importOriginal) => {
  const { memo } = await import('react');
  const original = await importOriginal<typeof TradeLayerModule>();
  return {
    TradeLayer: memo(function CountedTrades(props: ComponentProps<typeof original.TradeLayer>) {
      overlays.trades += 1;
      return createElement(original.TradeLayer, props);
    }),
  };
});

vi.mock('victory', async (importOriginal) => {
  const victory = await importOriginal<typeof Victory>();
  function CountedCandlestick(props: ComponentProps<typeof victory.VictoryCandlestick>) {
    const count = props.data?.length ?? 0;
    if (count > 1) draws.settled += count;
    else draws.forming += 1;
    return createElement(victory.VictoryCandlestick, props);
  }
  return { ...victory, VictoryCandlestick: CountedCandlestick };
});

const T0 = Date.UTC(2026, 2, 12, 10, 0);
/** `count` one-minute candles from T0, their prices repeating every five. */
const minutes = (count: number): Candle[] =>
  Array.from({ length: count }, (_, i) => ({
    time: T0 + i * MINUTE,
    open: 100 + (i % 5),
    high: 110 + (i % 5),
    low: 90 + (i % 5),
    close: 101 + (i % 5),
    volume: 10,
  }));
const history = minutes(60);
const forming = history[59] as Candle;

/** The settled candles on screen. */
const settledOnScreen = (container: HTMLElement) =>
  container.querySelectorAll('[data-slot="settled-layer"] [data-slot="candle"]').length;

const chart = (candles: Candle[]) => <CandlestickChart candles={candles} interval="1m" symbol="BTC/USD" />;
const tick = (changes: Partial<Candle>) => [...history.slice(0, -1), { ...forming, ...changes }];

beforeEach(() => {
  draws.settled = 0;
  draws.forming = 0;
  overlays.priceLines = 0;
  overlays.trades = 0;
});

describe('given a live chart (the layer structure)', () => {
  it('should draw the settled and the forming candles once on mount', () => {
    const { container } = render(chart(history));
    expect(settledOnScreen(container)).toBeGreaterThan(SETTLED_BLOCK);
    expect(draws).toEqual({ settled: settledOnScreen(container), forming: 1 });
  });

  describe('after ticks that edit the forming candle within the price range', () => {
    it('should redraw only the forming candle', () => {
      const { rerender, container } = render(chart(history));
      rerender(chart(tick({ close: 102, volume: 11 })));
      rerender(chart(tick({ close: 103.5, high: 111, volume: 12 })));
      rerender(chart(tick({ close: 99, low: 89, volume: 12.5 })));
      expect(draws).toEqual({ settled: settledOnScreen(container), forming: 4 });
    });
  });

  describe('after a candle closes', () => {
    it('should redraw only the blocks of settled candles at either edge of the view', () => {
      const { rerender, container } = render(chart(history));
      const mounted = draws.settled;
      const before = [...container.querySelectorAll('[data-slot="settled-layer"] [data-slot="candle"]')];
      rerender(chart([...history, { ...forming, time: forming.time + MINUTE }]));
      const redrawn = draws.settled - mounted;
      expect(redrawn).toBeGreaterThan(0);
      expect(redrawn).toBeLessThanOrEqual(2 * SETTLED_BLOCK);
      expect(redrawn).toBeLessThan(settledOnScreen(container));
      // The candles in between were kept, moved one candle to the left with their layer.
      const after = [...container.querySelectorAll('[data-slot="settled-layer"] [data-slot="candle"]')];
      expect(after.filter((node) => before.includes(node)).length).toBeGreaterThan(0);
      expect(container.querySelector('[data-slot="settled-layer"]')?.getAttribute('transform')).toMatch(
        /^translate\(-[\d.]+,0\)$/,
      );
    });
  });

  describe('after a tick that breaks out of the price range', () => {
    it('should redraw the settled candles for the new range', () => {
      const { rerender, container } = render(chart(history));
      rerender(chart(tick({ close: 180, high: 180 })));
      expect(draws.settled).toBe(2 * settledOnScreen(container));
    });
  });

  describe('after crosshair moves', () => {
    it('should redraw no candles at all', async () => {
      const user = userEvent.setup();
      const { container } = render(chart(history));
      await user.tab();
      await user.keyboard('{ArrowLeft}{ArrowLeft}{Home}{End}{Escape}');
      expect(screen.getByRole('group', { name: 'Candle values' })).toHaveTextContent('C 105.00');
      expect(draws).toEqual({ settled: settledOnScreen(container), forming: 1 });
    });
  });
});

describe('given a live chart with more candles than the view holds', () => {
  // Long enough that the view starts past the first candle; a close then leaves the same time labels on screen.
  const long = minutes(205);
  const closing = long[long.length - 1] as Candle;
  const closed = [...long, { ...closing, time: closing.time + MINUTE }];
  /** x of a glyph or label as drawn: its own x plus the translation of the layer it is in. */
  const drawnX = (node: Element, x: number) => {
    const layer = node.closest('[transform]');
    return x + Number(/^translate\((-?[\d.]+),0\)$/.exec(layer?.getAttribute('transform') ?? '')?.[1] ?? 0);
  };
  const candleX = (glyph: Element) => drawnX(glyph, Number(/^M(-?[\d.]+),/.exec(glyph.getAttribute('d') ?? '')?.[1]));

  describe('after a candle closes', () => {
    it('should redraw only the block gaining the closed candle, and show no candle that left the view', () => {
      const { rerender, container } = render(chart(long));
      const mounted = draws.settled;
      rerender(chart(closed));
      // The closed candle joins the block of settled candles it falls in; that block alone is drawn again.
      const closedIndex = long.length - 1;
      expect(draws.settled - mounted).toBe(closedIndex - Math.floor(closedIndex / SETTLED_BLOCK) * SETTLED_BLOCK + 1);
      const onPlot = [...container.querySelectorAll('[data-slot="settled-layer"] [data-slot="candle"]')].filter(
        (glyph) => candleX(glyph) >= 0,
      );
      const shown = Number(container.querySelector('[data-slot="chart-surface"]')?.getAttribute('data-candles'));
      expect(onPlot).toHaveLength(shown - 1);
    });

    it('should move the time labels with the candles, rewriting none of them', () => {
      const { rerender, container } = render(chart(long));
      const labels = () => [...container.querySelectorAll('[data-slot="time-label"]')];
      const before = labels().map((label) => ({
        text: label.textContent,
        x: drawnX(label, Number(label.getAttribute('x'))),
      }));
      const changes = new MutationObserver(() => undefined);
      changes.observe(container.querySelector('[data-slot="axes-layer"]') as Element, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      rerender(chart(closed));
      const mutations = changes.takeRecords();
      const after = labels().map((label) => ({
        text: label.textContent,
        x: drawnX(label, Number(label.getAttribute('x'))),
      }));
      expect(after.map((label) => label.text)).toEqual(before.map((label) => label.text));
      const step = (after[0]?.x ?? 0) - (before[0]?.x ?? 0);
      expect(step).toBeLessThan(0);
      after.forEach((label, i) => expect(label.x - (before[i]?.x ?? 0)).toBeCloseTo(step));
      // Only the time axis' translation changed: no label, grid line or price label was written.
      expect(mutations.map((mutation) => [mutation.type, mutation.attributeName])).toEqual([
        ['attributes', 'transform'],
      ]);
    });
  });
});

describe('given a live chart with price lines and trade markers', () => {
  const priceLines: PriceLine[] = [
    { id: 'entry', price: 101, label: 'Entry', kind: 'entry' },
    { id: 'stop', price: 92, label: 'Stop', kind: 'stop' },
  ];
  const trades: TradeMarker[] = [{ id: 't1', time: T0 + 40 * MINUTE, price: 101, side: 'long', kind: 'entry' }];
  // A signal on the forming candle: the lines' labels are laid out clear of it, and a tick that does not move it
  // must not lay them out again.
  const markers: ChartMarker[] = [{ id: 's1', time: forming.time + 10_000, side: 'sell', label: 'Short', price: 101 }];
  const withOverlays = (candles: Candle[]) => (
    <CandlestickChart
      candles={candles}
      interval="1m"
      symbol="BTC/USD"
      priceLines={priceLines}
      trades={trades}
      markers={markers}
    />
  );

  describe('after ticks that edit the forming candle within the price range, away from the lines', () => {
    it('should redraw only the forming candle, neither the settled candles nor the overlays', () => {
      const { rerender, container } = render(withOverlays(history));
      const mounted = { ...overlays };
      expect(mounted.priceLines).toBeGreaterThan(0);
      expect(mounted.trades).toBeGreaterThan(0);
      rerender(withOverlays(tick({ close: 106, volume: 11 })));
      rerender(withOverlays(tick({ close: 107.5, high: 111, volume: 12 })));
      expect(draws).toEqual({ settled: settledOnScreen(container), forming: 3 });
      expect(overlays).toEqual(mounted);
      expect(screen.getByRole('button', { name: 'Long entry at 101.00' })).toBeInTheDocument();
    });
  });

  describe('after a tick that brings the last price next to the entry line', () => {
    it('should redraw the price lines with the entry’s tag stepped clear of the last price’s, and no settled candle', () => {
      const { rerender, container } = render(withOverlays(history));
      const mounted = { ...overlays };
      rerender(withOverlays(tick({ close: 101.2, volume: 11 })));
      expect(draws).toEqual({ settled: settledOnScreen(container), forming: 2 });
      expect(overlays).toEqual({ ...mounted, priceLines: mounted.priceLines + 1 });
      const tagOf = (selector: string) => {
        const rect = container.querySelector(`${selector} rect`) as SVGRectElement;
        return { top: Number(rect.getAttribute('y')), height: Number(rect.getAttribute('height')) };
      };
      const last = tagOf('[data-slot="last-price"]');
      const entry = tagOf('[data-slot="price-line"][data-kind="entry"]');
      expect(entry.top >= last.top + last.height || entry.top + entry.height <= last.top).toBe(true);
    });
  });
});
