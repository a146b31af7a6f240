/**
 * Tooltip: a short hint shown on hover and keyboard focus.
 *
 * Usage: inside a `TooltipProvider` (a `SidebarProvider` brings one),
 * `<Tooltip><TooltipTrigger asChild><Button size="icon" aria-label="Refresh">…</Button></TooltipTrigger>
 * <TooltipContent>Refresh prices</TooltipContent></Tooltip>`. The content becomes the trigger's
 * accessible description, so keep it short and never put the only copy of important information
 * in it: touch screens never show it. It is portalled, in the theme it was opened from.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BellIcon } from '../../icons/BellIcon';
import { SparklesIcon } from '../../icons/SparklesIcon';
import { BothThemes, Caption, Row, Stack } from '../../stories/StoryLayout';
import { vars } from '../../theme/contract.css';
import { Button } from '../Button/Button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger, type TooltipContentProps } from './Tooltip';

export default {
  title: 'Overlays / Tooltip',
} satisfies StoryDefault;

export const Default: Story = () => (
  <TooltipProvider>
    <Tooltip>
      <TooltipTrigger asChild>
        <Button size="icon" variant="outline" aria-label="Notifications">
          <BellIcon />
        </Button>
      </TooltipTrigger>
      <TooltipContent>3 new signals</TooltipContent>
    </Tooltip>
  </TooltipProvider>
);

const sides: NonNullable<TooltipContentProps['side']>[] = ['top', 'right', 'bottom', 'left'];

/** Every side, held open. */
export const Sides: Story = () => (
  <TooltipProvider>
    <div style={{ padding: vars.space['12'] }}>
      <Row>
        {sides.map((side) => (
          <Tooltip key={side} open>
            <TooltipTrigger asChild>
              <Button variant="outline">{side}</Button>
            </TooltipTrigger>
            <TooltipContent side={side}>Opens on the {side}</TooltipContent>
          </Tooltip>
        ))}
      </Row>
    </div>
  </TooltipProvider>
);

export const LongText: Story = () => (
  <TooltipProvider>
    <Tooltip defaultOpen>
      <TooltipTrigger asChild>
        <Button variant="outline">
          <SparklesIcon />
          Upgrade to Pro
        </Button>
      </TooltipTrigger>
      <TooltipContent style={{ maxWidth: '16rem' }}>
        Pro adds unlimited webhook alerts, a year of signal history and exports to CSV.
      </TooltipContent>
    </Tooltip>
  </TooltipProvider>
);

export const NoDelay: Story = () => (
  <TooltipProvider delayDuration={0}>
    <Stack>
      <Caption>delayDuration 0, as in the sidebar collapsed to icons</Caption>
      <Row>
        {['BTC/USD', 'ETH/USD', 'SOL/USD'].map((pair) => (
          <Tooltip key={pair}>
            <TooltipTrigger asChild>
              <Button variant="ghost">{pair.slice(0, 3)}</Button>
            </TooltipTrigger>
            <TooltipContent>{pair}</TooltipContent>
          </Tooltip>
        ))}
      </Row>
    </Stack>
  </TooltipProvider>
);

export const BothThemesSideBySide: Story = () => (
  <TooltipProvider>
    <BothThemes>
      <div style={{ paddingBlock: vars.space['8'] }}>
        <Tooltip open>
          <TooltipTrigger asChild>
            <Button variant="outline">Save</Button>
          </TooltipTrigger>
          <TooltipContent side="bottom">Save the strategy</TooltipContent>
        </Tooltip>
      </div>
    </BothThemes>
  </TooltipProvider>
);
