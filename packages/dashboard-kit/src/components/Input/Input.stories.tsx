/**
 * Input: a single-line text field.
 *
 * Usage: `<Label htmlFor="email">Email</Label><Input id="email" type="email" autoComplete="email" />`.
 * For an error, set `aria-invalid` and link the message with `aria-describedby`; the border turns red.
 */
import type { Story, StoryDefault } from '@ladle/react';
import type { ReactNode } from 'react';
import { BothThemes, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { Label } from '../Label/Label';
import { Input, type InputProps } from './Input';

export default {
  title: 'Forms / Input',
} satisfies StoryDefault;

function Field({ id, label, message, ...props }: InputProps & { id: string; label: string; message?: ReactNode }) {
  return (
    <div style={{ display: 'grid', gap: 6, width: '100%', maxWidth: '20rem' }}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={message ? `${id}-message` : undefined} {...props} />
      {message ? (
        <small id={`${id}-message`} style={{ color: props['aria-invalid'] ? 'var(--dk-color-danger)' : undefined }}>
          {message}
        </small>
      ) : null}
    </div>
  );
}

function AllStates({ prefix }: { prefix: string }) {
  return (
    <Stack>
      <Field id={`${prefix}-empty`} label="Email" placeholder="you@example.com" type="email" />
      <Field id={`${prefix}-filled`} label="Name" defaultValue="Jane Doe" />
      <Field
        id={`${prefix}-error`}
        label="Email"
        defaultValue="jane@"
        aria-invalid
        message="Enter a whole email address."
      />
      <Field id={`${prefix}-disabled`} label="Webhook URL" defaultValue="https://…/api/webhooks/…" disabled />
      <Field
        id={`${prefix}-readonly`}
        label="Webhook URL"
        defaultValue="https://signaldeck.example/api/webhooks/9f2c"
        readOnly
      />
    </Stack>
  );
}

export const States: Story = () => <AllStates prefix="states" />;

export const Invalid: Story = () => (
  <Field
    id="error"
    label="Password"
    type="password"
    defaultValue="short"
    aria-invalid
    message="Use at least 8 characters."
  />
);

export const LongText: Story = () => (
  <Field
    id="long"
    label="Alert message"
    defaultValue='{"ticker":"{{ticker}}","action":"{{strategy.order.action}}","price":{{close}},"strategy":"Mean reversion with volatility bands"}'
  />
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <AllStates prefix="themes" />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <AllStates prefix="phone" />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
