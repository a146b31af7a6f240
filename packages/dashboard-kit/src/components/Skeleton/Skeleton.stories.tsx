/**
 * Skeleton: a placeholder while content loads.
 *
 * Usage: `<Skeleton shape="text" style={{ width: '60%' }} />`. Skeletons are hidden from screen
 * readers; set `aria-busy="true"` on the region that is loading. Motion stops when the user
 * prefers reduced motion.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { Skeleton } from './Skeleton';

export default {
  title: 'Feedback / Skeleton',
} satisfies StoryDefault;

function UserRow() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, width: '100%' }}>
      <Skeleton shape="circle" />
      <div style={{ display: 'grid', gap: 6, flex: 1 }}>
        <Skeleton shape="text" style={{ width: '50%' }} />
        <Skeleton shape="text" style={{ width: '80%' }} />
      </div>
    </div>
  );
}

export const Shapes: Story = () => (
  <Stack>
    <Skeleton style={{ width: '16rem' }} />
    <Skeleton shape="text" style={{ width: '12rem' }} />
    <Skeleton shape="circle" />
  </Stack>
);

export const ListLoading: Story = () => (
  <section aria-label="Signals" aria-busy="true" style={{ display: 'grid', gap: 16, maxWidth: '24rem' }}>
    {Array.from({ length: 8 }, (_, index) => (
      <UserRow key={index} />
    ))}
  </section>
);

export const ChartLoading: Story = () => <Skeleton style={{ height: '20rem', maxWidth: '40rem' }} />;

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <UserRow />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <Stack>
      <UserRow />
      <UserRow />
      <Skeleton style={{ height: '12rem' }} />
    </Stack>
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
