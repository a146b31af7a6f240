/**
 * LatencyHistogram: how long alerts took to arrive, as a histogram that is also a table.
 *
 * Usage: `<LatencyHistogram buckets={[{ label: 'under 1 s', count: 21 }, ...]} />`.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { LatencyHistogram, type LatencyBucket } from './LatencyHistogram';

export default {
  title: 'Data / LatencyHistogram',
} satisfies StoryDefault;

const buckets: LatencyBucket[] = [
  { label: 'under 1 s', count: 21 },
  { label: '1–2 s', count: 9 },
  { label: '2–5 s', count: 3 },
  { label: '5–10 s', count: 1 },
  { label: '10–30 s', count: 1 },
  { label: '30–60 s', count: 0 },
  { label: '1 min or more', count: 0 },
];
const empty = buckets.map((bucket) => ({ ...bucket, count: 0 }));

function AllStates() {
  return (
    <Stack>
      <LatencyHistogram buckets={buckets} />
      <LatencyHistogram buckets={empty} caption="Delivery latency (no data)" />
    </Stack>
  );
}

export const Default: Story = () => <LatencyHistogram buckets={buckets} />;
export const Empty: Story = () => <LatencyHistogram buckets={empty} />;

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <AllStates />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <AllStates />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
