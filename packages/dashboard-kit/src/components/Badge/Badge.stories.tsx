/**
 * Badge: a short status label.
 *
 * Usage: `<Badge variant="success">accepted</Badge>`, `<Badge variant="danger">rejected</Badge>`.
 * The word carries the meaning; the colour only supports it.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, PhoneFrame, Row } from '../../stories/StoryLayout';
import { Badge, type BadgeVariant } from './Badge';

export default {
  title: 'Primitives / Badge',
} satisfies StoryDefault;

const variants: BadgeVariant[] = ['neutral', 'success', 'danger', 'warning', 'info', 'outline'];

function AllVariants() {
  return (
    <Row>
      {variants.map((variant) => (
        <Badge key={variant} variant={variant}>
          {variant}
        </Badge>
      ))}
    </Row>
  );
}

export const Variants: Story = () => <AllVariants />;

export const SignalStatuses: Story = () => (
  <Row>
    <Badge variant="success">accepted</Badge>
    <Badge variant="danger">rejected</Badge>
    <Badge variant="neutral">duplicate</Badge>
    <Badge variant="info">buy</Badge>
    <Badge variant="warning">exit</Badge>
  </Row>
);

export const LongText: Story = () => (
  <div style={{ width: '12rem' }}>
    <Badge variant="danger">rejected: price is not a number in the alert body</Badge>
  </div>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <AllVariants />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <AllVariants />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
