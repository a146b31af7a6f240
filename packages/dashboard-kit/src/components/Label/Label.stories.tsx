/**
 * Label: names a form control.
 *
 * Usage: `<Label htmlFor="email">Email</Label><Input id="email" />`. Every field needs one
 * (or an `aria-label` when there is no room for visible text).
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { Input } from '../Input/Input';
import { Label } from './Label';

export default {
  title: 'Forms / Label',
} satisfies StoryDefault;

function Field({ id, text }: { id: string; text: string }) {
  return (
    <Stack>
      <Label htmlFor={id}>{text}</Label>
      <Input id={id} />
    </Stack>
  );
}

export const Default: Story = () => <Field id="label-default" text="Email" />;

export const LongText: Story = () => (
  <div style={{ width: '16rem' }}>
    <Field id="label-long" text="Name of the strategy as it appears in TradingView alert messages" />
  </div>
);

export const WrappingACheckbox: Story = () => (
  <Label>
    <input type="checkbox" defaultChecked /> Remember me
  </Label>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Field id="label-theme" text="Password" />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <Field id="label-phone" text="Email" />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
