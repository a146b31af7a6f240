import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { itConforms } from '../../test/conformance';
import { HOUR } from '../CandlestickChart/aggregate';
import { EquityChart, type EquityChartProps } from './EquityChart';
import type { EquityPoint, EquityRange } from './equity';

const T0 = Date.UTC(2026, 2, 1);

/** Equity over 40 days, a point every 12 hours: up to 11,000, down to 9,900 (a 10% drawdown), then up to 10,470. */
function curve(): EquityPoint[] {
  const points: EquityPoint[] = [];
  let peak = 10_000;
  for (let i = 0; i <= 80; i++) {
    const equity = i <= 20 ? 10_000 + i * 50 : i <= 42 ? 11_000 - (i - 20) * 50 : 9_900 + (i - 42) * 15;
    peak = Math.max(peak, equity);
    const drawdown = peak - equity;
    points.push({
      time: i % 2 ? new Date(T0 + i * 12 * HOUR).toISOString() : T0 + i * 12 * HOUR,
      equity,
      drawdown,
      drawdownPct: (drawdown / peak) * 100,
    });
  }
  return points;
}

const POINTS = curve();

function renderChart(props: Partial<EquityChartProps> = {}) {
  const user = userEvent.setup();
  const view = render(<EquityChart points={POINTS} startingBalance={10_000} timeZone="UTC" {...props} />);
  return { user, ...view };
}

const legend = () => screen.getByRole('group', { name: 'Equity values' });
const crosshair = () => screen.getByRole('slider', { name: 'Crosshair' });

itConforms('EquityChart', {
  render: (props) => <EquityChart points={POINTS} startingBalance={10_000} {...props} />,
  refType: HTMLDivElement,
});

describe('given an equity curve', () => {
  describe('when it is rendered', () => {
    it('should be a figure described by its start, end and max drawdown', () => {
      renderChart();
      expect(screen.getByRole('figure', { name: 'Equity chart' })).toHaveAccessibleDescription(
        'All time: equity from 10,000.00 at 1 Mar 2026 00:00 UTC to 10,470.00 at 10 Apr 2026 00:00 UTC, +470.00 (+4.70%). ' +
          'Max drawdown 10.00% (1,100.00) at 22 Mar 2026 00:00 UTC.',
      );
    });

    it('should show the latest point in the legend', () => {
      renderChart();
      expect(legend()).toHaveTextContent('10 Apr 2026 00:00 UTC Equity 10,470.00 Drawdown −4.82% (−530.00)');
    });

    it('should draw equity above its drawdown, on one time axis, with the starting balance', () => {
      const { container } = renderChart();
      const equity = container.querySelector('[data-slot="equity-area"] path');
      const drawdown = container.querySelector('[data-slot="drawdown-area"] path');
      expect(equity).not.toBeNull();
      expect(drawdown).not.toBeNull();
      const start = container.querySelector('[data-slot="starting-balance"]');
      expect(start).toHaveTextContent('10,000.00');
      expect(start).toHaveTextContent('Starting balance');
      const labels = [...container.querySelectorAll('[data-slot="time-label"]')].map((node) => node.textContent);
      expect(labels.length).toBeGreaterThan(1);
      expect(labels.every((label) => /^\d+ (Mar|Apr)$/.test(label ?? ''))).toBe(true);
      const drawdownLabels = [...container.querySelectorAll('[data-slot="drawdown-label"]')].map((n) => n.textContent);
      expect(drawdownLabels).toContain('0%');
      expect(drawdownLabels.some((label) => label?.startsWith('−'))).toBe(true);
    });
  });

  it('should keep equity flat until the next fill, not slope it across the time between', () => {
    const drop = [
      { time: T0, equity: 10_000, drawdown: 0, drawdownPct: 0 },
      { time: T0 + 9 * HOUR, equity: 9_000, drawdown: 1_000, drawdownPct: 10 },
    ];
    const { container } = renderChart({ points: drop });
    const d = container.querySelector('[data-slot="equity-area"] path')!.getAttribute('d')!;
    const [first, second, third] = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map(([, x, y]) => [Number(x), Number(y)]);
    // From the first point level to the second's time, then down at that time.
    expect(second![1]).toBeCloseTo(first![1]!);
    expect(second![0]).toBeGreaterThan(first![0]!);
    expect(third![0]).toBeCloseTo(second![0]!);
    expect(third![1]).toBeGreaterThan(second![1]!);
  });

  describe('after arrow keys on the focused chart', () => {
    it('should move the crosshair point by point, updating the legend and the value read out', async () => {
      const { user } = renderChart();
      // The range presets come first, then the plot.
      await user.tab();
      expect(screen.getByRole('radio', { name: 'All time' })).toHaveFocus();
      await user.tab();
      expect(crosshair()).toHaveFocus();
      await user.keyboard('{Home}');
      expect(legend()).toHaveTextContent('1 Mar 2026 00:00 UTC Equity 10,000.00 Drawdown 0.00%');
      expect(crosshair()).toHaveAttribute('aria-valuenow', '0');
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(crosshair()).toHaveAttribute('aria-valuetext', '2 Mar 2026 00:00 UTC: equity 10,100.00, no drawdown');
      await user.keyboard('{End}{ArrowLeft}');
      expect(crosshair()).toHaveAttribute('aria-valuenow', '79');
      expect(crosshair()).toHaveAttribute(
        'aria-valuetext',
        '9 Apr 2026 12:00 UTC: equity 10,455.00, drawdown −4.95% (−545.00)',
      );
      await user.keyboard('{Escape}');
      expect(legend()).toHaveTextContent('10 Apr 2026 00:00 UTC');
    });
  });

  describe('after a pointer moves over the plot', () => {
    it('should show the point under it', async () => {
      renderChart();
      const rafs = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
        callback(0);
        return 1;
      });
      // jsdom lays nothing out: the surface starts at 0 and the plot is the fallback width.
      act(() => {
        fireEvent.pointerMove(crosshair(), { clientX: 0, pointerType: 'mouse' });
      });
      expect(legend()).toHaveTextContent('1 Mar 2026 00:00 UTC Equity 10,000.00');
      act(() => {
        fireEvent.pointerLeave(crosshair(), { pointerType: 'mouse' });
      });
      expect(legend()).toHaveTextContent('10 Apr 2026 00:00 UTC');
      rafs.mockRestore();
    });
  });

  describe('after picking a range preset', () => {
    it('should show only that span, uncontrolled', async () => {
      const { user } = renderChart();
      const presets = screen.getByRole('radiogroup', { name: 'Range' });
      expect(within(presets).getByRole('radio', { name: 'All time' })).toBeChecked();
      await user.click(within(presets).getByRole('radio', { name: '1 week' }));
      expect(within(presets).getByRole('radio', { name: '1 week' })).toBeChecked();
      expect(screen.getByRole('figure')).toHaveAccessibleDescription(
        /^1 week: equity from 10,260.00 at 3 Apr 2026 00:00 UTC to 10,470.00 at 10 Apr 2026 00:00 UTC/,
      );
    });

    it('should move the choice with the arrow keys', async () => {
      const { user } = renderChart({ defaultRange: '1M' });
      await user.click(screen.getByRole('radio', { name: '1 month' }));
      await user.keyboard('{ArrowRight}');
      expect(screen.getByRole('radio', { name: '3 months' })).toBeChecked();
      expect(screen.getByRole('radio', { name: '3 months' })).toHaveFocus();
      await user.keyboard('{ArrowLeft}{ArrowLeft}');
      expect(screen.getByRole('radio', { name: '1 week' })).toBeChecked();
    });

    it('should report the choice and follow the range it is given, controlled', async () => {
      const onRangeChange = vi.fn();
      function Controlled() {
        const [range, setRange] = useState<EquityRange>('1D');
        return (
          <EquityChart
            points={POINTS}
            timeZone="UTC"
            range={range}
            onRangeChange={(next) => {
              onRangeChange(next);
              if (next !== '3M') setRange(next);
            }}
          />
        );
      }
      const user = userEvent.setup();
      render(<Controlled />);
      expect(screen.getByRole('radio', { name: '1 day' })).toBeChecked();
      await user.click(screen.getByRole('radio', { name: '3 months' }));
      expect(onRangeChange).toHaveBeenCalledWith('3M');
      expect(screen.getByRole('radio', { name: '1 day' })).toBeChecked();
      await user.click(screen.getByRole('radio', { name: '1 week' }));
      expect(screen.getByRole('radio', { name: '1 week' })).toBeChecked();
    });
  });

  describe('given 20,000 points', () => {
    it('should hand at most 400 to the chart and still describe all of them', () => {
      const points: EquityPoint[] = Array.from({ length: 20_000 }, (_, i) => ({
        time: T0 + i * HOUR,
        equity: 10_000 + i,
        drawdown: 0,
        drawdownPct: 0,
      }));
      renderChart({ points });
      expect(Number(crosshair().getAttribute('data-points'))).toBeLessThanOrEqual(400);
      expect(screen.getByRole('figure')).toHaveAccessibleDescription(/to 29,999.00 at .* No drawdown\.$/);
    });
  });

  it('should have no axe violations', async () => {
    const { container } = renderChart();
    await expectNoAxeViolations(container);
  });
});

describe('given no points', () => {
  it('should say there are no closed trades yet, in the words given', async () => {
    const { container } = renderChart({ points: [], emptyTitle: 'Nothing yet', emptyDescription: 'Send a signal.' });
    expect(screen.getByRole('figure')).toHaveAttribute('data-state', 'empty');
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.getByText('Send a signal.')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('should default to “No closed trades yet”', () => {
    renderChart({ points: [] });
    expect(screen.getByText('No closed trades yet')).toBeInTheDocument();
  });

  it('should say it is loading, or why it failed with a retry', async () => {
    const onRetry = vi.fn();
    const { user, rerender } = renderChart({ points: [], loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the equity curve…');
    expect(screen.getByRole('figure')).toHaveAttribute('aria-busy', 'true');
    rerender(<EquityChart points={[]} error="The server did not answer." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The server did not answer.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('given a curve shorter than the range preset', () => {
  it('should show the last day of it', () => {
    const twoDays = POINTS.slice(0, 5);
    renderChart({ points: twoDays, defaultRange: '1D' });
    expect(screen.getByRole('figure')).toHaveAttribute('data-state', 'ready');
    expect(screen.getByRole('figure')).toHaveAccessibleDescription(
      /^1 day: equity from 10,100.00 at 2 Mar 2026 00:00 UTC to 10,200.00 at 3 Mar 2026 00:00 UTC/,
    );
  });
});

describe('given curves of every length', () => {
  it('should still say when a curve of a few seconds is, with one time label', () => {
    const start = Date.UTC(2026, 10, 24, 9, 5, 10);
    const points = [0, 1_500, 3_000].map((ms, i) => ({
      time: start + ms,
      equity: 10_000 - i,
      drawdown: -i,
      drawdownPct: -i / 100,
    }));
    const { container } = render(<EquityChart points={points} startingBalance={10_000} timeZone="UTC" />);
    expect([...container.querySelectorAll('[data-slot="time-label"]')].map((label) => label.textContent)).toEqual([
      '09:05',
    ]);
  });

  it('should keep every axis label a label and a gap clear of its neighbours', () => {
    const spans = [3 * 3_600_000, 40 * 3_600_000, 9 * 86_400_000, 100 * 86_400_000, 800 * 86_400_000];
    for (const span of spans) {
      const start = Date.UTC(2026, 0, 1, 7, 13);
      const points = Array.from({ length: 60 }, (_, i) => {
        const equity = 10_000 + Math.sin(i / 5) * 400;
        return { time: start + (span * i) / 59, equity, drawdown: Math.min(0, equity - 10_400), drawdownPct: 0 };
      });
      const { container, unmount } = render(<EquityChart points={points} startingBalance={10_000} timeZone="UTC" />);
      const times = [...container.querySelectorAll('[data-slot="time-label"]')].map((label) => ({
        x: Number(label.getAttribute('x')),
        chars: label.textContent!.length,
      }));
      expect(times.length).toBeGreaterThan(0);
      // 7.5 px a character of the axis font (12px mono), at least 16 px between two labels.
      times.slice(1).forEach((tick, i) => {
        const previous = times[i]!;
        expect(tick.x - previous.x, `span ${span}`).toBeGreaterThanOrEqual(
          ((tick.chars + previous.chars) / 2) * 7.5 + 16,
        );
      });
      const rightAxis = [...container.querySelectorAll('[data-slot="value-label"], [data-slot="drawdown-label"]')]
        .map((label) => Number(label.getAttribute('y')))
        .sort((a, b) => a - b);
      rightAxis.slice(1).forEach((y, i) => expect(y - rightAxis[i]!).toBeGreaterThanOrEqual(14));
      unmount();
    }
  });
});
