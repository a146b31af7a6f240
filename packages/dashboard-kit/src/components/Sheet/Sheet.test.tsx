import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { itConforms } from '../../test/conformance';
import { ThemeScope } from '../ThemeProvider/ThemeProvider';
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

function FiltersSheet({ side }: { side?: SheetSide }) {
  return (
    <Sheet>
      <SheetTrigger>Filters</SheetTrigger>
      <SheetContent side={side}>
        <SheetHeader>
          <SheetTitle>Filter signals</SheetTitle>
          <SheetDescription>Narrow the list by ticker.</SheetDescription>
        </SheetHeader>
        <label>
          Ticker <input />
        </label>
        <SheetClose>Done</SheetClose>
      </SheetContent>
    </Sheet>
  );
}

async function openFilters(side?: SheetSide) {
  const user = userEvent.setup();
  render(<FiltersSheet side={side} />);
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Filter signals' }) };
}

describe('given a sheet with a trigger', () => {
  describe('when the trigger is clicked', () => {
    it('should open a dialog named by its title and described by its description', async () => {
      const { dialog } = await openFilters();
      expect(dialog).toHaveAccessibleDescription('Narrow the list by ticker.');
      expect(dialog).toHaveAttribute('data-state', 'open');
    });

    it('should move focus into the sheet', async () => {
      const { dialog } = await openFilters();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    });
  });

  describe('when Tab is pressed on the last control of the open sheet', () => {
    it('should keep focus inside the sheet, going back to its first control', async () => {
      const { user } = await openFilters();
      expect(screen.getByRole('textbox', { name: 'Ticker' })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('textbox', { name: 'Ticker' })).toHaveFocus();
    });
  });

  describe('when Escape is pressed', () => {
    it('should close the sheet and return focus to the trigger', async () => {
      const { user } = await openFilters();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
    });
  });

  describe('when the overlay is clicked', () => {
    it('should close the sheet', async () => {
      const { user } = await openFilters();
      const overlay = document.querySelector('[data-slot="sheet-overlay"]');
      expect(overlay).not.toBeNull();
      await user.click(overlay as Element);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('when its close button is clicked', () => {
    it('should close the sheet and return focus to the trigger', async () => {
      const { user } = await openFilters();
      await user.click(screen.getByRole('button', { name: 'Done' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
    });
  });

  describe.each(['left', 'right', 'top', 'bottom'] as const)('when it opens from the %s', (side) => {
    it('should say which side it sits on', async () => {
      const { dialog } = await openFilters(side);
      expect(dialog).toHaveAttribute('data-side', side);
    });
  });

  describe('when it is open', () => {
    it('should be a kit root of its own, since it is portalled out of the app root (box sizing applies there)', async () => {
      const { dialog } = await openFilters();
      expect(dialog).toHaveAttribute('data-dk-root');
    });
  });

  describe('when no side is given', () => {
    it('should open from the right', async () => {
      const { dialog } = await openFilters();
      expect(dialog).toHaveAttribute('data-side', 'right');
    });
  });
});

describe('given a sheet opened inside a light theme scope of a dark page', () => {
  describe('when it opens', () => {
    it('should draw the portalled sheet and its overlay in the light theme too', async () => {
      const user = userEvent.setup();
      render(
        <ThemeScope theme="light">
          <FiltersSheet />
        </ThemeScope>,
      );
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      expect(screen.getByRole('dialog', { name: 'Filter signals' })).toHaveAttribute('data-theme', 'light');
      expect(document.querySelector('[data-slot="sheet-overlay"]')).toHaveAttribute('data-theme', 'light');
    });
  });
});

describe('given a controlled sheet opened by a control that is not its trigger', () => {
  function Controlled() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Show help
        </button>
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetContent side="bottom">
            <SheetTitle>Help</SheetTitle>
            <SheetClose>Close</SheetClose>
          </SheetContent>
        </Sheet>
      </>
    );
  }

  describe('after it is closed with Escape', () => {
    it('should return focus to the control that opened it', async () => {
      const user = userEvent.setup();
      render(<Controlled />);
      await user.click(screen.getByRole('button', { name: 'Show help' }));
      expect(screen.getByRole('dialog', { name: 'Help' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Show help' })).toHaveFocus();
    });
  });
});

function OpenSheet({ children }: { children: React.ReactNode }) {
  return <Sheet defaultOpen>{children}</Sheet>;
}

itConforms('SheetContent', {
  refType: HTMLDivElement,
  axeTarget: () => document.body,
  render: (props) => (
    <OpenSheet>
      <SheetContent {...props}>
        <SheetTitle>Filter signals</SheetTitle>
      </SheetContent>
    </OpenSheet>
  ),
});

itConforms('SheetHeader', {
  refType: HTMLDivElement,
  axeTarget: () => document.body,
  render: (props) => (
    <OpenSheet>
      <SheetContent>
        <SheetHeader {...props}>
          <SheetTitle>Filter signals</SheetTitle>
        </SheetHeader>
      </SheetContent>
    </OpenSheet>
  ),
});

itConforms('SheetTitle', {
  refType: HTMLHeadingElement,
  axeTarget: () => document.body,
  render: (props) => (
    <OpenSheet>
      <SheetContent>
        <SheetTitle {...props}>Filter signals</SheetTitle>
      </SheetContent>
    </OpenSheet>
  ),
});

itConforms('SheetDescription', {
  refType: HTMLParagraphElement,
  axeTarget: () => document.body,
  render: (props) => (
    <OpenSheet>
      <SheetContent>
        <SheetTitle>Filter signals</SheetTitle>
        <SheetDescription {...props}>Narrow the list by ticker.</SheetDescription>
      </SheetContent>
    </OpenSheet>
  ),
});

itConforms('SheetClose', {
  refType: HTMLButtonElement,
  axeTarget: () => document.body,
  render: (props) => (
    <OpenSheet>
      <SheetContent>
        <SheetTitle>Filter signals</SheetTitle>
        <SheetClose {...props}>Done</SheetClose>
      </SheetContent>
    </OpenSheet>
  ),
});

itConforms('SheetTrigger', {
  refType: HTMLButtonElement,
  render: (props) => (
    <Sheet>
      <SheetTrigger {...props}>Filters</SheetTrigger>
    </Sheet>
  ),
});
