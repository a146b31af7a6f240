/**
 * Separator: a thin line between groups.
 *
 * Usage: `<Separator />` between blocks, `<Separator orientation="vertical" />` in a row (give
 * the row a height). It is decorative by default; `decorative={false}` makes it a real separator.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { Separator } from './Separator';

export default {
  title: 'Primitives / Separator',
} satisfies StoryDefault;

function Example() {
  return (
    <Stack>
      <div style={{ width: '100%' }}>
        <strong>Webhook signals</strong>
        <p style={{ margin: 0 }}>Alerts received from TradingView.</p>
      </div>
      <Separator />
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, height: 20 }}>
        <span>All events</span>
        <Separator orientation="vertical" />
        <span>BTC</span>
        <Separator orientation="vertical" />
        <span>ETH</span>
      </div>
    </Stack>
  );
}

export const HorizontalAndVertical: Story = () => <Example />;

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Example />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <Example />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
