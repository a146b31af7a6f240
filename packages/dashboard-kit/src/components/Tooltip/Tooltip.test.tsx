import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { itConforms } from '../../test/conformance';
import { ThemeScope } from '../ThemeProvider/ThemeProvider';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './Tooltip';

function SaveWithTooltip() {
  return (
    <TooltipProvider delayDuration={0}>
      <Tooltip>
        <TooltipTrigger>Save</TooltipTrigger>
        <TooltipContent>Save the strategy</TooltipContent>
      </Tooltip>
      <button type="button">Cancel</button>
    </TooltipProvider>
  );
}

describe('given a button with a tooltip', () => {
  describe('when the pointer rests on the button', () => {
    it('should show the tooltip and describe the button with it', async () => {
      const user = userEvent.setup();
      render(<SaveWithTooltip />);
      await user.hover(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('tooltip', { name: 'Save the strategy' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save' })).toHaveAccessibleDescription('Save the strategy');
    });
  });

  describe('after keyboard focus moves on to the next control', () => {
    it('should hide the tooltip', async () => {
      const user = userEvent.setup();
      render(<SaveWithTooltip />);
      await user.tab();
      await screen.findByRole('tooltip');
      await user.tab();
      expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });
  });

  describe('when the button receives keyboard focus', () => {
    it('should show the tooltip, and Escape should hide it', async () => {
      const user = userEvent.setup();
      render(<SaveWithTooltip />);
      await user.tab();
      expect(await screen.findByRole('tooltip', { name: 'Save the strategy' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    });
  });

  describe('when it opens inside a light theme scope of a dark page', () => {
    it('should draw the portalled tooltip in the light theme too', async () => {
      const user = userEvent.setup();
      const { container } = render(
        <ThemeScope theme="light">
          <SaveWithTooltip />
        </ThemeScope>,
      );
      await user.hover(screen.getByRole('button', { name: 'Save' }));
      const tooltip = await screen.findByRole('tooltip');
      expect(container).not.toContainElement(tooltip);
      expect(tooltip).toHaveAttribute('data-theme', 'light');
    });
  });
});

itConforms('TooltipTrigger', {
  refType: HTMLButtonElement,
  render: (props) => (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger {...props}>Save</TooltipTrigger>
        <TooltipContent>Save the strategy</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  ),
});

itConforms('TooltipContent', {
  refType: HTMLDivElement,
  axeTarget: () => document.body,
  render: (props) => (
    <TooltipProvider>
      <Tooltip open>
        <TooltipTrigger>Save</TooltipTrigger>
        <TooltipContent {...props}>Save the strategy</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  ),
});
