import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { itConforms } from '../../test/conformance';
import { ThemeProvider, ThemeScope } from '../ThemeProvider/ThemeProvider';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from './DropdownMenu';

/** Renders a part inside an already open menu; axe then checks the menu itself. */
function OpenMenu({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu open modal={false}>
      <DropdownMenuTrigger>Actions</DropdownMenuTrigger>
      <DropdownMenuContent aria-label="Actions">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
const menu = () => screen.getByRole('menu');

itConforms('DropdownMenuTrigger', {
  render: (props) => (
    <DropdownMenu>
      <DropdownMenuTrigger {...props}>Actions</DropdownMenuTrigger>
    </DropdownMenu>
  ),
  refType: HTMLButtonElement,
});

itConforms('DropdownMenuContent', {
  render: (props) => (
    <DropdownMenu open modal={false}>
      <DropdownMenuTrigger>Actions</DropdownMenuTrigger>
      <DropdownMenuContent aria-label="Actions" {...props}>
        <DropdownMenuItem>Export</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  refType: HTMLDivElement,
  axeTarget: menu,
});

itConforms('DropdownMenuItem', {
  render: (props) => (
    <OpenMenu>
      <DropdownMenuItem {...props}>Export</DropdownMenuItem>
    </OpenMenu>
  ),
  refType: HTMLDivElement,
  axeTarget: menu,
});

itConforms('DropdownMenuCheckboxItem', {
  render: (props) => (
    <OpenMenu>
      <DropdownMenuCheckboxItem checked {...props}>
        Show volume
      </DropdownMenuCheckboxItem>
    </OpenMenu>
  ),
  refType: HTMLDivElement,
  axeTarget: menu,
});

itConforms('DropdownMenuRadioItem', {
  render: (props) => (
    <OpenMenu>
      <DropdownMenuRadioGroup value="1m">
        <DropdownMenuRadioItem value="1m" {...props}>
          1 minute
        </DropdownMenuRadioItem>
      </DropdownMenuRadioGroup>
    </OpenMenu>
  ),
  refType: HTMLDivElement,
  axeTarget: menu,
});

itConforms('DropdownMenuRadioGroup', {
  render: (props) => (
    <OpenMenu>
      <DropdownMenuRadioGroup value="1m" aria-label="Interval" {...props}>
        <DropdownMenuRadioItem value="1m">1 minute</DropdownMenuRadioItem>
      </DropdownMenuRadioGroup>
    </OpenMenu>
  ),
  refType: HTMLDivElement,
  axeTarget: menu,
});

itConforms('DropdownMenuLabel', {
  render: (props) => (
    <OpenMenu>
      <DropdownMenuLabel {...props}>Chart</DropdownMenuLabel>
      <DropdownMenuItem>Export</DropdownMenuItem>
    </OpenMenu>
  ),
  refType: HTMLDivElement,
  axeTarget: menu,
});

itConforms('DropdownMenuSeparator', {
  render: (props) => (
    <OpenMenu>
      <DropdownMenuItem>Export</DropdownMenuItem>
      <DropdownMenuSeparator {...props} />
      <DropdownMenuItem>Share</DropdownMenuItem>
    </OpenMenu>
  ),
  refType: HTMLDivElement,
  axeTarget: menu,
});

itConforms('DropdownMenuGroup', {
  render: (props) => (
    <OpenMenu>
      <DropdownMenuGroup aria-label="File" {...props}>
        <DropdownMenuItem>Export</DropdownMenuItem>
      </DropdownMenuGroup>
    </OpenMenu>
  ),
  refType: HTMLDivElement,
  axeTarget: menu,
});

itConforms('DropdownMenuShortcut', {
  render: (props) => (
    <OpenMenu>
      <DropdownMenuItem>
        Toggle sidebar <DropdownMenuShortcut {...props}>⌘B</DropdownMenuShortcut>
      </DropdownMenuItem>
    </OpenMenu>
  ),
  refType: HTMLSpanElement,
  axeTarget: menu,
});

function ChartMenu({ onExport = () => {}, onDelete = () => {} }: { onExport?: () => void; onDelete?: () => void }) {
  const [volume, setVolume] = useState(false);
  const [interval, setInterval] = useState('1m');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger>Chart options</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Chart</DropdownMenuLabel>
        <DropdownMenuItem onSelect={onExport}>Export</DropdownMenuItem>
        <DropdownMenuItem disabled>Share</DropdownMenuItem>
        <DropdownMenuCheckboxItem checked={volume} onCheckedChange={setVolume}>
          Show volume
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={interval} onValueChange={setInterval}>
          <DropdownMenuRadioItem value="1m">1 minute</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="1h">1 hour</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="danger" onSelect={onDelete}>
          Delete chart
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

// While a menu is open, Radix hides the rest of the page from assistive technology.
const trigger = () => screen.getByRole('button', { name: 'Chart options', hidden: true });

describe('given a closed DropdownMenu', () => {
  describe('when the trigger is clicked', () => {
    it('should open a menu with its items', async () => {
      render(<ChartMenu />);
      expect(trigger()).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(trigger());
      expect(trigger()).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('menuitem', { name: 'Export' })).toBeVisible();
      expect(screen.getByRole('menuitemcheckbox', { name: 'Show volume' })).toBeVisible();
      expect(screen.getByRole('menuitemradio', { name: '1 minute' })).toBeVisible();
    });
  });

  describe('when the trigger is focused and Enter is pressed', () => {
    it('should open and move focus into the menu, and arrows should move between items', async () => {
      const user = userEvent.setup();
      render(<ChartMenu />);
      await user.tab();
      expect(trigger()).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('menuitem', { name: 'Export' })).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(screen.getByRole('menuitemcheckbox', { name: 'Show volume' })).toHaveFocus();
    });
  });
});

describe('given an open DropdownMenu', () => {
  describe('after an item is selected', () => {
    it('should call its onSelect, close and return focus to the trigger', async () => {
      const onExport = vi.fn();
      render(<ChartMenu onExport={onExport} />);
      await userEvent.click(trigger());
      await userEvent.click(screen.getByRole('menuitem', { name: 'Export' }));
      expect(onExport).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(trigger()).toHaveFocus();
    });
  });

  describe('after Escape is pressed', () => {
    it('should close without selecting anything', async () => {
      const user = userEvent.setup();
      const onExport = vi.fn();
      render(<ChartMenu onExport={onExport} />);
      await user.click(trigger());
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(onExport).not.toHaveBeenCalled();
    });
  });

  describe('when a disabled item is clicked', () => {
    it('should be marked disabled and keep the menu open', async () => {
      // The item's pointer-events: none would stop user-event before Radix could ignore the click.
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      render(<ChartMenu />);
      await user.click(trigger());
      const share = screen.getByRole('menuitem', { name: 'Share' });
      expect(share).toHaveAttribute('aria-disabled', 'true');
      await user.click(share);
      expect(screen.getByRole('menu')).toBeInTheDocument();
    });
  });

  describe('after the checkbox item is chosen', () => {
    it('should be checked the next time the menu opens', async () => {
      render(<ChartMenu />);
      await userEvent.click(trigger());
      const volume = screen.getByRole('menuitemcheckbox', { name: 'Show volume' });
      expect(volume).toHaveAttribute('aria-checked', 'false');
      await userEvent.click(volume);
      await userEvent.click(trigger());
      expect(screen.getByRole('menuitemcheckbox', { name: 'Show volume' })).toHaveAttribute('aria-checked', 'true');
    });
  });

  describe('after another radio item is chosen', () => {
    it('should move the checked state to it', async () => {
      render(<ChartMenu />);
      await userEvent.click(trigger());
      expect(screen.getByRole('menuitemradio', { name: '1 minute' })).toHaveAttribute('aria-checked', 'true');
      await userEvent.click(screen.getByRole('menuitemradio', { name: '1 hour' }));
      await userEvent.click(trigger());
      expect(screen.getByRole('menuitemradio', { name: '1 hour' })).toHaveAttribute('aria-checked', 'true');
      expect(screen.getByRole('menuitemradio', { name: '1 minute' })).toHaveAttribute('aria-checked', 'false');
    });
  });

  describe('when a danger item is shown', () => {
    it('should mark it as the danger variant', async () => {
      render(<ChartMenu />);
      await userEvent.click(trigger());
      expect(screen.getByRole('menuitem', { name: 'Delete chart' })).toHaveAttribute('data-variant', 'danger');
    });
  });
});

describe('given a menu opened inside a theme', () => {
  describe('when the provider draws light on its own target', () => {
    it('should re-apply light on the portalled content', async () => {
      const target = document.createElement('div');
      render(
        <ThemeProvider theme="light" target={target}>
          <ChartMenu />
        </ThemeProvider>,
      );
      await userEvent.click(trigger());
      expect(screen.getByRole('menu')).toHaveAttribute('data-theme', 'light');
      expect(document.documentElement).not.toHaveAttribute('data-theme');
    });
  });

  describe('when the trigger sits in a dark ThemeScope inside a light provider', () => {
    it('should draw the menu dark', async () => {
      render(
        <ThemeProvider theme="light" storageKey={null}>
          <ThemeScope theme="dark">
            <ChartMenu />
          </ThemeScope>
        </ThemeProvider>,
      );
      await userEvent.click(trigger());
      expect(screen.getByRole('menu')).toHaveAttribute('data-theme', 'dark');
    });
  });

  describe('when there is no provider and <html> is light', () => {
    it('should portal under <body> and so inherit the theme from <html>', async () => {
      document.documentElement.setAttribute('data-theme', 'light');
      render(<ChartMenu />);
      await userEvent.click(trigger());
      const content = screen.getByRole('menu');
      expect(content).not.toHaveAttribute('data-theme');
      expect(content.closest('[data-theme]')).toBe(document.documentElement);
      document.documentElement.removeAttribute('data-theme');
    });
  });
});
