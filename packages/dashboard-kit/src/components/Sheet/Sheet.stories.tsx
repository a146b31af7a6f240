/**
 * Sheet: a panel that slides in from an edge of the screen over the page.
 *
 * Usage: `<Sheet><SheetTrigger asChild><Button>Filters</Button></SheetTrigger><SheetContent side="right">
 * <SheetHeader><SheetTitle>Filter signals</SheetTitle><SheetDescription>…</SheetDescription></SheetHeader>
 * …</SheetContent></Sheet>`. A `SheetTitle` is required (it names the dialog); wrap it in a visually
 * hidden element when it should not show. Focus is trapped inside; Escape, a click on the overlay
 * or a `SheetClose` closes it and focus goes back where it was. The slide is skipped for people
 * who prefer reduced motion.
 */
import type { Story, StoryDefault } from '@ladle/react';
import type { CSSProperties } from 'react';
import { BothThemes, Caption, Row, Stack } from '../../stories/StoryLayout';
import { vars } from '../../theme/contract.css';
import { visuallyHidden } from '../../theme/focus.css';
import { Button } from '../Button/Button';
import { Input } from '../Input/Input';
import { Label } from '../Label/Label';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
  type SheetSide,
} from './Sheet';

export default {
  title: 'Overlays / Sheet',
} satisfies StoryDefault;

const bodyStyle: CSSProperties = { display: 'grid', gap: vars.space['3'], paddingInline: vars.space['4'] };
const footerStyle: CSSProperties = {
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  marginTop: 'auto',
  padding: vars.space['4'],
};

function FiltersSheet({ side, defaultOpen }: { side: SheetSide; defaultOpen?: boolean }) {
  return (
    <Sheet defaultOpen={defaultOpen}>
      <SheetTrigger asChild>
        <Button variant="outline">Open from the {side}</Button>
      </SheetTrigger>
      <SheetContent side={side}>
        <SheetHeader>
          <SheetTitle>Filter signals</SheetTitle>
          <SheetDescription>Show only the webhook events you care about.</SheetDescription>
        </SheetHeader>
        <div style={bodyStyle}>
          <Label htmlFor={`ticker-${side}`}>Ticker</Label>
          <Input id={`ticker-${side}`} placeholder="BTC" />
        </div>
        <div style={footerStyle}>
          <SheetClose asChild>
            <Button variant="ghost">Cancel</Button>
          </SheetClose>
          <SheetClose asChild>
            <Button>Apply</Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}

export const EverySide: Story = () => (
  <Row>
    {(['left', 'right', 'top', 'bottom'] as const).map((side) => (
      <FiltersSheet key={side} side={side} />
    ))}
  </Row>
);

export const Left: Story = () => <FiltersSheet side="left" defaultOpen />;
export const Right: Story = () => <FiltersSheet side="right" defaultOpen />;
export const Top: Story = () => <FiltersSheet side="top" defaultOpen />;
export const Bottom: Story = () => <FiltersSheet side="bottom" defaultOpen />;

/** A title kept for screen readers only, and content taller than the screen: the sheet scrolls. */
export const HiddenTitleAndLongContent: Story = () => (
  <Sheet defaultOpen>
    <SheetTrigger asChild>
      <Button variant="outline">Open the event log</Button>
    </SheetTrigger>
    <SheetContent side="right">
      <SheetTitle className={visuallyHidden}>Event log</SheetTitle>
      <ol
        style={{
          display: 'grid',
          gap: vars.space['2'],
          margin: 0,
          padding: vars.space['4'],
          paddingInlineStart: vars.space['10'],
        }}
      >
        {Array.from({ length: 60 }, (_, index) => (
          <li key={index}>
            Signal {index + 1}: BTC/USD buy at 6{String(index).padStart(4, '0')}.00, accepted
          </li>
        ))}
      </ol>
    </SheetContent>
  </Sheet>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Stack>
      <Caption>Opened from a themed region, the sheet keeps that region's theme</Caption>
      <FiltersSheet side="right" />
    </Stack>
  </BothThemes>
);
