import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { itConforms } from '../../test/conformance';
import { AXIS_CHAR_PX } from '../CandlestickChart/geometry';
import { ReturnsHistogram } from './ReturnsHistogram';

const RETURNS = [-2.5, -1, -0.2, 0, 0.4, 1, 1.5, 3];

itConforms('ReturnsHistogram', {
  render: (props) => <ReturnsHistogram returns={RETURNS} binWidth={1} {...props} />,
  refType: HTMLDivElement,
});

const bins = () => within(screen.getByRole('toolbar', { name: 'Return bins' })).getAllByRole('button');

describe('given trade returns', () => {
  describe('when it is rendered', () => {
    it('should be a figure described by a summary of losses, wins and the fullest bin', () => {
      render(<ReturnsHistogram returns={RETURNS} binWidth={1} />);
      expect(screen.getByRole('figure', { name: 'Trade returns histogram' })).toHaveAccessibleDescription(
        'Returns of 8 trades: 3 lost, 1 broke even, 4 won. Returns range from −3% to +3% in bins of 1 percentage point; ' +
          'the fullest: Losses from −1% to 0%: 2 trades.',
      );
    });

    it('should offer one button per bin, named by its range and count', () => {
      render(<ReturnsHistogram returns={RETURNS} binWidth={1} />);
      expect(bins().map((bin) => bin.getAttribute('aria-label'))).toEqual([
        'Losses from −3% to −2%: 1 trade',
        'Losses from −2% to −1%: 0 trades',
        'Losses from −1% to 0%: 2 trades',
        'Break-even (0%): 1 trade',
        'Wins from 0% to +1%: 2 trades',
        'Wins from +1% to +2%: 1 trade',
        'Wins from +2% to +3%: 1 trade',
      ]);
    });

    it('should hatch loss bars, so colour is not the only cue, and count each result in the legend', () => {
      const { container } = render(<ReturnsHistogram returns={RETURNS} binWidth={1} />);
      const lossBars = container.querySelectorAll('[data-slot="histogram-bar"][data-kind="loss"]');
      expect(lossBars).toHaveLength(3);
      // The empty bin has no height, so nothing to hatch.
      const hatched = [...lossBars].filter((bar) => bar.querySelector('rect[fill^="url(#"]'));
      expect(hatched).toHaveLength(2);
      expect(container.querySelector('[data-slot="histogram-bar"][data-kind="win"] rect[fill^="url(#"]')).toBeNull();
      expect(screen.getByRole('list', { name: 'Trades by result' })).toHaveTextContent('Losses 3Break-even 1Wins 4');
    });

    it('should draw bars as tall as their counts', () => {
      const { container } = render(<ReturnsHistogram returns={RETURNS} binWidth={1} />);
      const heights = [...container.querySelectorAll('[data-slot="histogram-bar"] > rect:first-child')].map((rect) =>
        Number(rect.getAttribute('height')),
      );
      const unit = heights[0] as number;
      expect(unit).toBeGreaterThan(0);
      expect(heights.map((height) => Math.round(height / unit))).toEqual([1, 0, 2, 1, 2, 1, 1]);
    });

    it('should draw the break-even bar narrow, at 0%, so it does not read as a bin of returns', () => {
      const { container } = render(<ReturnsHistogram returns={RETURNS} binWidth={1} />);
      const bar = (kind: string) =>
        container.querySelector(`[data-slot="histogram-bar"][data-kind="${kind}"] > rect`) as SVGRectElement;
      const widthOf = (rect: SVGRectElement) => Number(rect.getAttribute('width'));
      const even = bar('even');
      expect(widthOf(even)).toBeGreaterThan(0);
      expect(widthOf(even)).toBeLessThan(widthOf(bar('win')) / 2);
      const zero = [...container.querySelectorAll('[data-slot="return-label"]')].find(
        (label) => label.textContent === '0%',
      );
      expect(Number(even.getAttribute('x')) + widthOf(even) / 2).toBeCloseTo(Number(zero?.getAttribute('x')), 6);
    });
  });

  describe('after moving along the bins with the keyboard', () => {
    it('should focus one bin at a time and show its tooltip', async () => {
      const user = userEvent.setup();
      render(<ReturnsHistogram returns={RETURNS} binWidth={1} />);
      await user.tab();
      // The fullest bin is the Tab stop.
      expect(screen.getByRole('button', { name: 'Losses from −1% to 0%: 2 trades' })).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      const focused = screen.getByRole('button', { name: 'Break-even (0%): 1 trade' });
      expect(focused).toHaveFocus();
      expect(focused).toHaveAccessibleDescription('1 trade Break-even (0%)');
      await user.keyboard('{End}');
      expect(screen.getByRole('tooltip')).toHaveTextContent('1 tradeWins from +2% to +3%');
      expect(bins().filter((bin) => bin.tabIndex === 0)).toHaveLength(1);
    });
  });

  describe('after hovering a bar', () => {
    it('should show its count and range', async () => {
      const user = userEvent.setup();
      render(<ReturnsHistogram returns={RETURNS} binWidth={1} />);
      await user.hover(screen.getByRole('button', { name: 'Wins from 0% to +1%: 2 trades' }));
      expect(screen.getByRole('tooltip')).toHaveTextContent('2 tradesWins from 0% to +1%');
    });
  });
});

describe('given a −0.20% trade computed with float noise beside seven trades of −0.10%', () => {
  // −0.20000000000000004 is how −0.2 comes out of some arithmetic (0.1 − 0.3 is −0.19999999999999998).
  const RETURNS = [-0.2, -0.20000000000000004, ...Array<number>(7).fill(-0.1), 0.05, 0.3];

  it('should draw both −0.20% trades in one bar, every bar as wide as the rest and named by its real edges', () => {
    render(<ReturnsHistogram returns={RETURNS} binWidth={0.1} />);
    expect(bins().map((bin) => bin.getAttribute('aria-label'))).toEqual([
      'Losses from −0.2% to −0.1%: 2 trades',
      'Losses from −0.1% to 0%: 7 trades',
      'Wins from 0% to +0.1%: 1 trade',
      'Wins from +0.1% to +0.2%: 0 trades',
      'Wins from +0.2% to +0.3%: 1 trade',
    ]);
    expect(screen.getByRole('figure')).toHaveAccessibleDescription(
      'Returns of 11 trades: 9 lost, 0 broke even, 2 won. Returns range from −0.2% to +0.3% in bins of 0.1 ' +
        'percentage points; the fullest: Losses from −0.1% to 0%: 7 trades.',
    );
  });

  it('should keep them in one bar in the bins it chooses itself (0.2 wide)', () => {
    render(<ReturnsHistogram returns={RETURNS} />);
    expect(bins().map((bin) => bin.getAttribute('aria-label'))).toEqual([
      'Losses from −0.2% to 0%: 9 trades',
      'Wins from 0% to +0.2%: 1 trade',
      'Wins from +0.2% to +0.4%: 1 trade',
    ]);
  });
});

describe('given a width that is not round', () => {
  it('should round it up to a nice width, so the bars still begin and end on round returns', () => {
    render(<ReturnsHistogram returns={[0.4, 1.2]} binWidth={0.3} />);
    expect(bins().map((bin) => bin.getAttribute('aria-label'))).toEqual([
      'Wins from 0% to +0.5%: 1 trade',
      'Wins from +0.5% to +1.0%: 0 trades',
      'Wins from +1.0% to +1.5%: 1 trade',
    ]);
  });
});

describe('given small returns in narrow bins', () => {
  /** Scalping trades within ±0.5%, in 40 bins of 0.025 percentage points. */
  const SCALPING = [-0.49, -0.2, -0.01, 0.02, 0.1, 0.3, 0.49];
  let plotWidth = 0;
  beforeEach(() => {
    // jsdom has no layout: the plot measures as wide as the screen under test.
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.dataset.slot === 'chart-plot' ? new DOMRect(0, 0, plotWidth, 240) : measure.call(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const returnLabels = (container: HTMLElement) =>
    [...container.querySelectorAll('[data-slot="return-label"]')].map((text) => ({
      label: text.textContent ?? '',
      x: Number(text.getAttribute('x')),
    }));

  describe.each([
    { screen: 'a phone', width: 300, labels: ['−0.4%', '−0.2%', '0%', '+0.2%', '+0.4%'] },
    { screen: 'a desktop', width: 1000, labels: ['−0.5%', '−0.4%', '−0.3%', '−0.2%', '−0.1%', '0%', '+0.1%'] },
  ])('when the plot is as wide as on $screen ($width px)', ({ width, labels }) => {
    it('should thin the return labels to round steps that fit, so no two overlap', () => {
      plotWidth = width;
      const { container } = render(<ReturnsHistogram returns={SCALPING} binWidth={0.025} />);
      const drawn = returnLabels(container);
      expect(drawn.map((item) => item.label).slice(0, labels.length)).toEqual(labels);
      for (let i = 1; i < drawn.length; i++) {
        const [previous, current] = [drawn[i - 1]!, drawn[i]!];
        const halves = ((previous.label.length + current.label.length) / 2) * AXIS_CHAR_PX;
        expect(current.x - previous.x).toBeGreaterThan(halves);
      }
      // Each bin keeps its exact range in its name, whatever the labels show.
      expect(screen.getByRole('button', { name: 'Losses from −0.500% to −0.475%: 1 trade' })).toBeInTheDocument();
    });
  });

  describe('when the bins are narrower than a millionth of a percent', () => {
    it('should label them apart, in scientific notation, on the axis, in each bin’s name and in the summary', () => {
      plotWidth = 1000;
      const { container } = render(<ReturnsHistogram returns={[-4e-8, -1e-8, 2e-8, 7e-8]} binWidth={2.5e-8} />);
      expect(returnLabels(container).map((item) => item.label)).toEqual([
        '−5E-8%',
        '−2.5E-8%',
        '0%',
        '+2.5E-8%',
        '+5E-8%',
        '+7.5E-8%',
      ]);
      expect(screen.getByRole('button', { name: 'Wins from +5E-8% to +7.5E-8%: 1 trade' })).toBeInTheDocument();
      expect(screen.getByRole('figure')).toHaveAccessibleDescription(/from −5E-8% to \+7\.5E-8% in bins of 2\.5E-8/);
    });
  });

  describe('when one trade fills a single bar on a phone', () => {
    it('should label both its edges, the far one ending at its tick inside the drawing', () => {
      plotWidth = 300;
      const { container } = render(<ReturnsHistogram returns={[0.01]} binWidth={0.025} />);
      const labels = [...container.querySelectorAll('[data-slot="return-label"]')];
      expect(labels.map((label) => label.textContent)).toEqual(['0%', '+0.025%']);
      expect(labels[1]).toHaveAttribute('text-anchor', 'end');
    });
  });
});

describe('given no trades', () => {
  it('should say there are none, in the words given', async () => {
    const { container } = render(
      <ReturnsHistogram returns={[]} emptyTitle="Nothing closed" emptyDescription="Close a trade to see it." />,
    );
    expect(screen.getByRole('figure')).toHaveAttribute('data-state', 'empty');
    expect(screen.getByText('Nothing closed')).toBeInTheDocument();
    expect(screen.getByText('Close a trade to see it.')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('should say it is loading, or why it failed with a retry', async () => {
    const onRetry = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<ReturnsHistogram returns={[]} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading trade returns…');
    rerender(<ReturnsHistogram returns={[]} error="The server did not answer." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The server did not answer.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
