/**
 * ReturnsHistogram: the distribution of closed trades' returns, losses and wins in separate bars.
 *
 * Usage: `<ReturnsHistogram returns={trades.map((t) => t.returnPct)} loading={isLoading} error={error} />`.
 * Bins are chosen from the spread of the returns (or `binWidth`), centred on zero. Hover a bar or tab
 * to the bars and use the arrow keys. Switch the theme with Ladle's theme button.
 */
import { action, type Story, type StoryDefault } from '@ladle/react';
import { BothThemes, Caption, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { seededRandom } from '../../test/seeded-random';
import { ReturnsHistogram } from './ReturnsHistogram';

export default {
  title: 'Data / Returns histogram',
} satisfies StoryDefault;

/** Trade returns in percent: mostly small, a fat tail of wins, some break-even trades. */
function sampleReturns(count: number, seed = 4): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    if (i % 17 === 0) return 0;
    const normal = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
    return Number((normal * 1.6 + 0.3 + (random() < 0.05 ? 6 * random() : 0)).toFixed(2));
  });
}

const RETURNS = sampleReturns(240);

export const Default: Story = () => <ReturnsHistogram returns={RETURNS} />;

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <ReturnsHistogram returns={RETURNS} height={260} />
  </BothThemes>
);

export const FewTrades: Story = () => (
  <Stack>
    <Caption>
      Five trades, bins of 1 percentage point: a loss, a break-even trade (a narrow bar at 0%, one return rather than a
      range) and three wins.
    </Caption>
    <ReturnsHistogram returns={[-1.4, 0, 0.3, 0.8, 2.2]} binWidth={1} />
  </Stack>
);

/**
 * A trader's −0.20% trades, one computed as −0.20000000000000004, beside seven of −0.10%: both −0.20% trades share
 * the bar from −0.2% to −0.1%, every bar 0.1 wide with edges on tenths, and 0% is ticked at both sides of the
 * break-even bar, where the losses end and the wins begin.
 */
export const EqualReturnsShareABar: Story = () => (
  <BothThemes>
    <ReturnsHistogram
      returns={[-0.2, -0.20000000000000004, ...Array<number>(7).fill(-0.1), 0, 0.05, 0.3]}
      binWidth={0.1}
      height={240}
    />
  </BothThemes>
);

export const OnlyLosses: Story = () => <ReturnsHistogram returns={[-0.4, -1.2, -2.8, -0.9, -1.1]} />;

export const ManyTradesWithAnOutlier: Story = () => (
  <Stack>
    <Caption>10,000 trades and one +400% outlier: the bins widen to stay within 40.</Caption>
    <ReturnsHistogram returns={[...sampleReturns(10_000, 9), 400]} />
  </Stack>
);

export const Loading: Story = () => <ReturnsHistogram returns={[]} loading />;

export const Empty: Story = () => <ReturnsHistogram returns={[]} />;

export const EmptyWithOwnWords: Story = () => (
  <ReturnsHistogram
    returns={[]}
    emptyTitle="No trades for this strategy"
    emptyDescription="Send a buy and a sell signal to its webhook URL to close a first trade."
  />
);

export const ErrorState: Story = () => (
  <BothThemes>
    <ReturnsHistogram returns={[]} error="The server did not answer." onRetry={action('retry')} />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <ReturnsHistogram returns={RETURNS} height={240} />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };

/** Scalping returns, within about ±0.75%, to be drawn in bins of 0.025 percentage points. */
const SCALPING = sampleReturns(240, 11).map((value) => Number((value / 8).toFixed(4)));

/**
 * Sixty bins of 0.025 percentage points: on a phone the labels thin out to round steps that fit (every 0.5%,
 * written `+0.5%` rather than the bins' `+0.500%`), so none overlaps another; wider, they come more often. Each
 * bar's exact range is in its name and tooltip.
 */
export const NarrowBinsOnAPhone: Story = () => (
  <BothThemes>
    <ReturnsHistogram returns={SCALPING} binWidth={0.025} height={240} />
  </BothThemes>
);
NarrowBinsOnAPhone.meta = { width: 'xsmall' };

export const NarrowBinsWide: Story = () => <ReturnsHistogram returns={SCALPING} binWidth={0.025} />;

/**
 * Returns a few hundred-millionths of a percent apart, in bins of 2.5E-8 percentage points: the labels are written
 * in scientific notation with the digits that tell them apart (`+2.5E-8%`, `+5E-8%`), as are the bars' names.
 */
export const BinsNarrowerThanAMillionthOfAPercent: Story = () => (
  <BothThemes>
    <ReturnsHistogram returns={[-4e-8, -1e-8, -1.2e-8, 2e-8, 3e-8, 7e-8]} binWidth={2.5e-8} height={240} />
  </BothThemes>
);

/** One trade, one bar: both its edges are labelled, the far one ending at its tick inside the drawing. */
export const OneBarOnAPhone: Story = () => (
  <BothThemes>
    <ReturnsHistogram returns={[0.01]} binWidth={0.025} height={200} />
  </BothThemes>
);
OneBarOnAPhone.meta = { width: 'xsmall' };

/** A loss and a win in two bars of 0.00002 percentage points: labelled at both ends and at zero between them. */
export const TwoBars: Story = () => <ReturnsHistogram returns={[-0.00001, 0.000015]} height={200} />;
