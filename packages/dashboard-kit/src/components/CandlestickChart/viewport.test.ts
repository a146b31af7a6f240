import { describe, expect, it } from 'vitest';
import { WHEEL_ZOOM_PER_PX } from './interactions';
import { MAX_VISIBLE_CANDLES, MINUTE } from './aggregate';
import type { Series } from './series';
import {
  defaultSpan,
  LIVE_EDGE,
  maxSpan,
  maxVisibleCandles,
  MIN_SPAN,
  panViewport,
  resolveSpan,
  resolveWindow,
  visibleRange,
  zoomViewport,
  type Viewport,
} from './viewport';

/** A history of `count` one-minute candles (only times matter here). */
function history(count: number): Series<{ time: number }> {
  const times = Array.from({ length: count }, (_, i) => ({ time: i * MINUTE }));
  return { settled: times.slice(0, -1), forming: times[count - 1] as { time: number } };
}

describe('given the plot width', () => {
  it('should draw at most 200 candles, fewer when they would be narrower than 3px', () => {
    expect(maxVisibleCandles(1_200)).toBe(MAX_VISIBLE_CANDLES);
    expect(maxVisibleCandles(300)).toBe(100);
    expect(maxVisibleCandles(5)).toBe(MIN_SPAN);
  });

  it('should start with 8px candles', () => {
    expect(defaultSpan(800)).toBe(100);
    expect(defaultSpan(360)).toBe(45);
  });

  it('should zoom between ten candles and the whole history', () => {
    expect(resolveSpan(LIVE_EDGE, 5_000, 800)).toBe(100);
    expect(resolveSpan({ span: 2, endTime: null }, 5_000, 800)).toBe(MIN_SPAN);
    expect(resolveSpan({ span: 80_000, endTime: null }, 5_000, 800)).toBe(5_000);
    expect(maxSpan(30, 800)).toBe(100);
  });
});

describe('given a viewport at the live edge', () => {
  const series = history(1_000);

  it('should end at the newest candle', () => {
    expect(resolveWindow(series, null, 100)).toEqual({ start: 900, end: 999, count: 100 });
  });

  it('should follow new candles as they arrive', () => {
    expect(resolveWindow(history(1_001), null, 100).end).toBe(1_000);
  });

  it('should put a short history at the right, leaving empty slots on the left', () => {
    const window = resolveWindow(history(30), null, 100);
    expect(window).toEqual({ start: -70, end: 29, count: 100 });
    expect(visibleRange(window)).toEqual([0, 29]);
  });
});

describe('given a viewport scrolled back in time', () => {
  const series = history(1_000);
  const viewport: Viewport = { span: 100, endTime: 500 * MINUTE };

  it('should end at the candle of its end time', () => {
    expect(resolveWindow(series, viewport.endTime, 100).end).toBe(500);
  });

  it('should stay put while live candles arrive', () => {
    expect(resolveWindow(history(1_050), viewport.endTime, 100).end).toBe(500);
  });

  it('should stop with the oldest candle at the left edge', () => {
    expect(resolveWindow(series, -5 * MINUTE, 100)).toEqual({ start: 0, end: 99, count: 100 });
  });
});

describe('given a pan', () => {
  const series = history(1_000);
  const live = resolveWindow(series, null, 100);

  it('should move towards older candles when dragged right', () => {
    expect(panViewport(LIVE_EDGE, series, live, 10)).toEqual({ span: null, endTime: 989 * MINUTE });
  });

  it('should return to the live edge when dragged back to the newest candle', () => {
    const back = resolveWindow(series, 989 * MINUTE, 100);
    expect(panViewport({ span: null, endTime: 989 * MINUTE }, series, back, -10)).toEqual(LIVE_EDGE);
    expect(panViewport({ span: null, endTime: 989 * MINUTE }, series, back, -500)).toEqual(LIVE_EDGE);
  });

  it('should round partial candles and stop at the oldest candle', () => {
    expect(panViewport(LIVE_EDGE, series, live, 2.6).endTime).toBe(996 * MINUTE);
    expect(panViewport(LIVE_EDGE, series, live, 5_000).endTime).toBe(99 * MINUTE);
  });
});

describe('given a zoom', () => {
  const series = history(1_000);
  const zoom = (viewport: Viewport, scale: number, anchor: number, span = 100) =>
    zoomViewport(viewport, series, resolveWindow(series, viewport.endTime, span), {
      scale,
      anchor,
      baseMs: MINUTE,
      span,
      baseCount: 1_000,
      plotWidth: 800,
    });

  it('should keep a live view live, whatever the anchor', () => {
    expect(zoom(LIVE_EDGE, 0.5, 0.3)).toEqual({ span: 50, endTime: null });
    expect(zoom(LIVE_EDGE, 2, 0.9)).toEqual({ span: 200, endTime: null });
  });

  it('should clamp between ten candles and the whole history', () => {
    expect(zoom(LIVE_EDGE, 0.01, 1).span).toBe(MIN_SPAN);
    expect(zoom(LIVE_EDGE, 100, 1).span).toBe(1_000);
  });

  it('should keep the candle under the anchor in place when scrolled back', () => {
    const viewport = { span: 100, endTime: 500 * MINUTE };
    const under = (window: { start: number; count: number }) => window.start + Math.floor(0.75 * window.count);
    // Candles 401-500 on screen: three quarters across is candle 476.
    expect(under(resolveWindow(series, viewport.endTime, 100))).toBe(476);
    const zoomed = zoom(viewport, 0.5, 0.75);
    expect(zoomed.span).toBe(50);
    expect(under(resolveWindow(series, zoomed.endTime, 50))).toBe(476);
  });

  it('should move one wheel notch by about 10% of the visible range, and by a candle at least', () => {
    const notch = Math.exp(100 * WHEEL_ZOOM_PER_PX);
    expect(zoom(LIVE_EDGE, notch, 1).span).toBe(110);
    expect(zoom(LIVE_EDGE, 1 / notch, 1).span).toBe(91);
    // 12 candles × 1.1 rounds back to 13, 11 × 1.03 would round to 11: it still takes a step.
    expect(zoom(LIVE_EDGE, 1.03, 1, 11).span).toBe(12);
    expect(zoom(LIVE_EDGE, 0.97, 1, 12).span).toBe(11);
  });

  it('should return to the live edge when zooming out reaches the newest candle', () => {
    expect(zoom({ span: 100, endTime: 990 * MINUTE }, 2, 0.5).endTime).toBeNull();
  });
});
