import { act, render, renderHook, screen } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { itConforms } from '../../test/conformance';
import { mockMatchMedia } from '../../test/matchMedia';
import { baseTokens } from '../../theme/tokens';
import {
  MOBILE_BREAKPOINT,
  MOBILE_MEDIA_QUERY,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
} from './constants';
import {
  readSidebarCookie,
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  SidebarProvider,
  SidebarRail,
  SidebarSeparator,
  SidebarTrigger,
  useSidebar,
  type SidebarCollapsible,
  type SidebarProviderProps,
} from './Sidebar';

interface ShellProps extends Omit<SidebarProviderProps, 'children'> {
  collapsible?: SidebarCollapsible;
}

/** The SignalDeck shell in miniature: hash links, so jsdom can follow them. */
function Shell({ collapsible = 'offcanvas', ...providerProps }: ShellProps) {
  return (
    <SidebarProvider {...providerProps}>
      <Sidebar collapsible={collapsible}>
        <SidebarHeader>SignalDeck</SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Trading</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                <SidebarMenuItem>
                  <SidebarMenuButton asChild isActive tooltip="BTC/USD">
                    <a href="#/trading/BTC/1m">
                      <span>BTC/USD</span>
                    </a>
                  </SidebarMenuButton>
                </SidebarMenuItem>
                <SidebarMenuItem>
                  <SidebarMenuButton asChild tooltip="ETH/USD">
                    <a href="#/trading/ETH/1m">
                      <span>ETH/USD</span>
                    </a>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton>
                <span>Account</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
        <SidebarRail />
      </Sidebar>
      <SidebarInset>
        <header>
          <SidebarTrigger />
        </header>
        <label>
          Search <input />
        </label>
        <label>
          Note <textarea />
        </label>
        <label>
          Interval
          <select>
            <option>1m</option>
          </select>
        </label>
        <div role="textbox" aria-label="Journal" contentEditable suppressContentEditableWarning tabIndex={0} />
      </SidebarInset>
    </SidebarProvider>
  );
}

const sidebarRoot = () => document.querySelector('[data-slot="sidebar"]');
/** The header's trigger; the rail carries the same name. */
function trigger(): HTMLElement {
  const found = screen
    .getAllByRole('button', { name: 'Toggle Sidebar' })
    .find((button) => button.dataset.slot === 'sidebar-trigger');
  if (!found) throw new Error('The sidebar trigger is missing.');
  return found;
}
const rail = () => document.querySelector<HTMLButtonElement>('[data-slot="sidebar-rail"]');

function spyOnCookieWrites() {
  return vi.spyOn(document, 'cookie', 'set');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('given the sidebar constants', () => {
  it('should hold the values of the product spec', () => {
    expect(SIDEBAR_COOKIE_NAME).toBe('sidebar_state');
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect(SIDEBAR_WIDTH).toBe('16rem');
    expect(SIDEBAR_WIDTH_MOBILE).toBe('18rem');
    expect(SIDEBAR_WIDTH_ICON).toBe('3rem');
    expect(SIDEBAR_KEYBOARD_SHORTCUT).toBe('b');
    expect(MOBILE_BREAKPOINT).toBe(768);
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 768px)');
  });

  it('should agree with the theme tokens the styles read', () => {
    expect(baseTokens.size.sidebarWidth).toBe(SIDEBAR_WIDTH);
    expect(baseTokens.size.sidebarWidthMobile).toBe(SIDEBAR_WIDTH_MOBILE);
    expect(baseTokens.size.sidebarWidthIcon).toBe(SIDEBAR_WIDTH_ICON);
  });
});

describe('given readSidebarCookie', () => {
  describe('when the cookie string holds a saved state among other cookies', () => {
    it('should return that state', () => {
      expect(readSidebarCookie('theme=dark; sidebar_state=false; lang=en')).toBe(false);
      expect(readSidebarCookie('sidebar_state=true')).toBe(true);
    });
  });

  describe('when nothing valid was saved', () => {
    it('should return undefined', () => {
      expect(readSidebarCookie('')).toBeUndefined();
      expect(readSidebarCookie('other_sidebar_state=false')).toBeUndefined();
      expect(readSidebarCookie('sidebar_state=maybe')).toBeUndefined();
    });
  });

  describe('when no cookie string is given', () => {
    it('should read document.cookie', () => {
      document.cookie = 'sidebar_state=false; path=/';
      expect(readSidebarCookie()).toBe(false);
    });
  });
});

describe('given useSidebar outside a SidebarProvider', () => {
  it('should throw a message that names the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSidebar())).toThrow('useSidebar must be used within a SidebarProvider.');
  });
});

describe('given a desktop sidebar that starts expanded', () => {
  describe('when it first renders', () => {
    it('should be expanded, with its named groups and links reachable', () => {
      render(<Shell />);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
      expect(trigger()).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('group', { name: 'Trading' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'BTC/USD' })).toBeVisible();
    });

    it('should mark the active link as the current page, and only that one', () => {
      render(<Shell />);
      const active = screen.getByRole('link', { name: 'BTC/USD' });
      expect(active).toHaveAttribute('aria-current', 'page');
      expect(active).toHaveAttribute('data-active');
      expect(screen.getByRole('link', { name: 'ETH/USD' })).not.toHaveAttribute('aria-current');
      expect(screen.getByRole('link', { name: 'ETH/USD' })).not.toHaveAttribute('data-active');
    });
  });

  describe('when the trigger is clicked', () => {
    it('should collapse out of view and report the new state; a second click should expand it', async () => {
      const user = userEvent.setup();
      const onOpenChange = vi.fn();
      render(<Shell onOpenChange={onOpenChange} />);
      await user.click(trigger());
      expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
      expect(trigger()).toHaveAttribute('aria-expanded', 'false');
      expect(onOpenChange).toHaveBeenLastCalledWith(false);
      expect(screen.queryByRole('link', { name: 'BTC/USD' })).not.toBeInTheDocument();
      await user.click(trigger());
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
      expect(onOpenChange).toHaveBeenLastCalledWith(true);
      expect(screen.getByRole('link', { name: 'BTC/USD' })).toBeVisible();
    });
  });

  describe('when the rail is clicked', () => {
    it('should toggle the sidebar', async () => {
      const user = userEvent.setup();
      render(<Shell />);
      expect(rail()).toHaveAccessibleName('Toggle Sidebar');
      await user.click(rail() as HTMLButtonElement);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
      await user.click(rail() as HTMLButtonElement);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
    });
  });

  describe.each([
    ['Ctrl+B', '{Control>}b{/Control}'],
    ['Cmd+B', '{Meta>}b{/Meta}'],
    ['Ctrl+B with caps lock on', '{Control>}B{/Control}'],
  ])('when %s is pressed', (_name, keys) => {
    it('should toggle the sidebar', async () => {
      const user = userEvent.setup();
      render(<Shell />);
      await user.keyboard(keys);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
      await user.keyboard(keys);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
    });
  });

  describe.each([
    ['B alone', 'b'],
    ['Ctrl+Shift+B (a browser binding)', '{Control>}{Shift>}b{/Shift}{/Control}'],
    ['Ctrl+Alt+B', '{Control>}{Alt>}b{/Alt}{/Control}'],
  ])('when %s is pressed', (_name, keys) => {
    it('should leave the sidebar alone', async () => {
      const user = userEvent.setup();
      render(<Shell />);
      await user.keyboard(keys);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
    });
  });

  describe.each([
    ['a text input', () => screen.getByRole('textbox', { name: 'Search' })],
    ['a textarea', () => screen.getByRole('textbox', { name: 'Note' })],
    ['a select', () => screen.getByRole('combobox', { name: 'Interval' })],
    ['a contenteditable element', () => screen.getByRole('textbox', { name: 'Journal' })],
  ])('when Ctrl+B is pressed in %s', (_name, field) => {
    it('should leave the sidebar alone', async () => {
      const user = userEvent.setup();
      render(<Shell />);
      act(() => field().focus());
      await user.keyboard('{Control>}b{/Control}');
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
    });
  });

  describe('when the shortcut is pressed while a menu link has focus', () => {
    it('should keep focus on that link', async () => {
      const user = userEvent.setup();
      render(<Shell collapsible="icon" />);
      act(() => screen.getByRole('link', { name: 'ETH/USD' }).focus());
      await user.keyboard('{Control>}b{/Control}');
      expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
      expect(screen.getByRole('link', { name: 'ETH/USD' })).toHaveFocus();
    });
  });
});

describe('given a desktop sidebar with a submenu, collapsing to icons', () => {
  function SubmenuShell() {
    return (
      <SidebarProvider>
        <Sidebar collapsible="icon">
          <SidebarContent>
            <SidebarMenu>
              <SidebarMenuItem>
                <SidebarMenuButton tooltip="Signals">
                  <span>Signals</span>
                </SidebarMenuButton>
                <SidebarMenuSub>
                  <SidebarMenuSubItem>
                    <SidebarMenuSubButton href="#/signals?ticker=BTC">BTC Signals</SidebarMenuSubButton>
                  </SidebarMenuSubItem>
                </SidebarMenuSub>
              </SidebarMenuItem>
            </SidebarMenu>
          </SidebarContent>
        </Sidebar>
        <SidebarInset />
      </SidebarProvider>
    );
  }

  describe('when the shortcut is pressed while a submenu link has focus', () => {
    it('should give the focus to the item that holds the submenu, which stays in view', async () => {
      const user = userEvent.setup();
      render(<SubmenuShell />);
      act(() => screen.getByRole('link', { name: 'BTC Signals' }).focus());
      await user.keyboard('{Control>}b{/Control}');
      expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
      expect(screen.getByRole('button', { name: 'Signals' })).toHaveFocus();
      await user.keyboard('{Control>}b{/Control}');
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
      expect(screen.getByRole('button', { name: 'Signals' })).toHaveFocus();
    });
  });
});

describe('given a desktop sidebar that collapses to icons', () => {
  describe('when it is collapsed', () => {
    it('should say so and keep every item reachable by its label', async () => {
      const user = userEvent.setup();
      render(<Shell collapsible="icon" />);
      await user.click(trigger());
      expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
      expect(sidebarRoot()).toHaveAttribute('data-collapsible', 'icon');
      expect(screen.getByRole('link', { name: 'ETH/USD' })).toBeVisible();
      expect(screen.getByRole('group', { name: 'Trading' })).toBeInTheDocument();
    });

    it('should show an item tooltip on hover', async () => {
      const user = userEvent.setup();
      render(<Shell collapsible="icon" defaultOpen={false} />);
      await user.hover(screen.getByRole('link', { name: 'ETH/USD' }));
      expect(await screen.findByRole('tooltip', { name: 'ETH/USD' })).toBeInTheDocument();
    });

    it('should show an item tooltip on keyboard focus', async () => {
      const user = userEvent.setup();
      render(<Shell collapsible="icon" defaultOpen={false} />);
      await user.tab();
      expect(screen.getByRole('link', { name: 'BTC/USD' })).toHaveFocus();
      expect(await screen.findByRole('tooltip', { name: 'BTC/USD' })).toBeInTheDocument();
    });
  });

  describe('when it is expanded', () => {
    it('should show no tooltip on hover or focus, since the label is visible', async () => {
      const user = userEvent.setup();
      render(<Shell collapsible="icon" />);
      await user.hover(screen.getByRole('link', { name: 'ETH/USD' }));
      await user.tab();
      expect(screen.getByRole('link', { name: 'BTC/USD' })).toHaveFocus();
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'BTC/USD' })).not.toHaveAccessibleDescription();
    });
  });

  describe('after items were hovered and focused while expanded, then the shortcut collapses it', () => {
    it('should open no tooltip until one is pointed at or focused again', async () => {
      const user = userEvent.setup();
      render(<Shell collapsible="icon" />);
      await user.hover(screen.getByRole('link', { name: 'ETH/USD' }));
      await user.unhover(screen.getByRole('link', { name: 'ETH/USD' }));
      await user.tab();
      await user.tab();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
      await user.keyboard('{Control>}b{/Control}');
      expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryAllByRole('tooltip')).toHaveLength(0);
      await user.hover(screen.getByRole('link', { name: 'ETH/USD' }));
      expect(await screen.findAllByRole('tooltip', { name: 'ETH/USD' })).not.toHaveLength(0);
    });
  });
});

describe('given a sidebar that cannot collapse', () => {
  describe('when the shortcut is pressed', () => {
    it('should stay in the page with its links visible', async () => {
      const user = userEvent.setup();
      render(<Shell collapsible="none" />);
      await user.keyboard('{Control>}b{/Control}');
      expect(sidebarRoot()).toHaveAttribute('data-collapsible', 'none');
      expect(screen.getByRole('link', { name: 'BTC/USD' })).toBeVisible();
    });
  });
});

describe('given a controlled sidebar', () => {
  describe('when the trigger is clicked', () => {
    it('should ask the owner for the change and follow only the owner', async () => {
      const user = userEvent.setup();
      const onOpenChange = vi.fn();
      const { rerender } = render(<Shell open onOpenChange={onOpenChange} />);
      await user.click(trigger());
      expect(onOpenChange).toHaveBeenCalledWith(false);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
      rerender(<Shell open={false} onOpenChange={onOpenChange} />);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
    });
  });

  describe('when the owner wires it to its own state', () => {
    it('should toggle through the owner', async () => {
      function Owner() {
        const [open, setOpen] = useState(false);
        return <Shell open={open} onOpenChange={setOpen} />;
      }
      const user = userEvent.setup();
      render(<Owner />);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
      await user.keyboard('{Control>}b{/Control}');
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
    });
  });
});

describe('given a provider that persists its state', () => {
  describe('after the sidebar is toggled', () => {
    it('should write the sidebar_state cookie for the whole site for 7 days, readable back', async () => {
      const user = userEvent.setup();
      const writes = spyOnCookieWrites();
      render(<Shell persist />);
      await user.click(trigger());
      expect(writes).toHaveBeenLastCalledWith(
        expect.stringMatching(/^sidebar_state=false; path=\/; max-age=604800(;|$)/),
      );
      expect(readSidebarCookie()).toBe(false);
      await user.keyboard('{Control>}b{/Control}');
      expect(readSidebarCookie()).toBe(true);
    });
  });

  describe('when a collapsed state was saved before the page loaded', () => {
    it('should render collapsed from the very first render', () => {
      document.cookie = 'sidebar_state=false; path=/';
      const seen: string[] = [];
      function StateProbe() {
        seen.push(useSidebar().state);
        return null;
      }
      render(
        <SidebarProvider persist>
          <StateProbe />
          <Sidebar />
        </SidebarProvider>,
      );
      expect(seen[0]).toBe('collapsed');
      expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
    });
  });

  describe('when the app passes defaultOpen computed from the request cookie on a server', () => {
    it('should render the saved state into the HTML', () => {
      const html = renderToString(
        <SidebarProvider persist defaultOpen={readSidebarCookie('sidebar_state=false')}>
          <Sidebar collapsible="icon" />
        </SidebarProvider>,
      );
      expect(html).toMatch(/data-slot="sidebar" data-state="collapsed"/);
    });
  });

  describe('when defaultOpen is given as well as a saved cookie', () => {
    it('should start from defaultOpen', () => {
      document.cookie = 'sidebar_state=false; path=/';
      render(<Shell persist defaultOpen />);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
    });
  });
});

describe('given a provider that does not persist', () => {
  describe('after the sidebar is toggled', () => {
    it('should neither read nor write the cookie', async () => {
      document.cookie = 'sidebar_state=false; path=/';
      const user = userEvent.setup();
      const writes = spyOnCookieWrites();
      render(<Shell />);
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
      await user.click(trigger());
      expect(writes).not.toHaveBeenCalled();
    });
  });
});

describe('given a phone-sized viewport', () => {
  let media: ReturnType<typeof mockMatchMedia>;
  beforeEach(() => {
    media = mockMatchMedia({ [MOBILE_MEDIA_QUERY]: true });
  });
  afterEach(() => media.restore());

  async function openSheet(props: ShellProps = {}) {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const writes = spyOnCookieWrites();
    render(<Shell persist onOpenChange={onOpenChange} {...props} />);
    await user.click(trigger());
    return { user, onOpenChange, writes, sheet: screen.getByRole('dialog', { name: 'Sidebar' }) };
  }

  describe('when the page first renders', () => {
    it('should show neither the desktop sidebar nor the sheet', () => {
      render(<Shell />);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'BTC/USD' })).not.toBeInTheDocument();
      expect(rail()).toBeNull();
      expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    });
  });

  describe('when the trigger is clicked', () => {
    it('should open the sidebar as a sheet from the left holding the menu', async () => {
      const { sheet } = await openSheet();
      expect(sheet).toHaveAttribute('data-side', 'left');
      expect(sheet).toHaveAttribute('data-mobile', 'true');
      expect(screen.getByRole('link', { name: 'BTC/USD' })).toBeVisible();
      expect(sheet).toContainElement(document.activeElement as HTMLElement);
    });
  });

  describe('after Escape is pressed in the open sheet', () => {
    it('should close it and return focus to the trigger', async () => {
      const { user } = await openSheet();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(trigger()).toHaveFocus();
    });
  });

  describe('after the sheet is opened and closed', () => {
    it('should leave the desktop state and the cookie untouched', async () => {
      const { user, onOpenChange, writes } = await openSheet();
      await user.keyboard('{Escape}');
      expect(onOpenChange).not.toHaveBeenCalled();
      expect(writes).not.toHaveBeenCalled();
      expect(document.querySelector('[data-slot="sidebar-wrapper"]')).toHaveAttribute('data-state', 'expanded');
    });
  });

  describe('when Ctrl+B is pressed', () => {
    it('should open the sheet, and close it when pressed again', async () => {
      const user = userEvent.setup();
      const onOpenChange = vi.fn();
      render(<Shell onOpenChange={onOpenChange} />);
      await user.keyboard('{Control>}b{/Control}');
      expect(screen.getByRole('dialog', { name: 'Sidebar' })).toBeInTheDocument();
      await user.keyboard('{Control>}b{/Control}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(onOpenChange).not.toHaveBeenCalled();
    });
  });

  describe('when a link in the sheet is followed', () => {
    it('should close the sheet so the new page shows', async () => {
      const { user } = await openSheet();
      await user.click(screen.getByRole('link', { name: 'ETH/USD' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('when a button that is not a link is clicked in the sheet', () => {
    it('should keep the sheet open', async () => {
      const { user } = await openSheet();
      await user.click(screen.getByRole('button', { name: 'Account' }));
      expect(screen.getByRole('dialog', { name: 'Sidebar' })).toBeInTheDocument();
    });
  });

  describe('when an item is hovered in the sheet of a sidebar collapsed to icons on desktop', () => {
    it('should show no tooltip', async () => {
      const { user } = await openSheet({ collapsible: 'icon', defaultOpen: false });
      await user.hover(screen.getByRole('link', { name: 'ETH/USD' }));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });
  });

  describe('after the window grows to desktop width with the sheet open and shrinks back', () => {
    it('should show the desktop sidebar, then come back with the sheet closed', async () => {
      await openSheet();
      act(() => media.set(MOBILE_MEDIA_QUERY, false));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
      act(() => media.set(MOBILE_MEDIA_QUERY, true));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('when the sheet is open', () => {
    it('should have no axe violations that jsdom can detect', async () => {
      await openSheet();
      await expectNoAxeViolations(document.body);
    });
  });
});

describe('given a desktop sidebar with a label, beside the page', () => {
  it('should be a landmark of its own with that name, so that nothing in it is outside the regions of the page', async () => {
    render(
      <SidebarProvider>
        <Sidebar collapsible="icon" aria-label="Workspace">
          <SidebarHeader>SignalDeck</SidebarHeader>
          <SidebarFooter>Ada Lovelace</SidebarFooter>
        </Sidebar>
        <SidebarInset>Page</SidebarInset>
      </SidebarProvider>,
    );
    expect(screen.getByRole('complementary', { name: 'Workspace' })).toHaveTextContent('SignalDeckAda Lovelace');
    const { violations } = await axe.run(document.body, { runOnly: ['region', 'aria-prohibited-attr'] });
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });
});

describe('given the whole desktop shell', () => {
  describe.each(['offcanvas', 'icon'] as const)('when collapsed (%s)', (collapsible) => {
    it('should have no axe violations that jsdom can detect', async () => {
      render(<Shell collapsible={collapsible} defaultOpen={false} />);
      await expectNoAxeViolations(document.body);
    });
  });
});

function InSidebar({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider>
      <Sidebar>{children}</Sidebar>
    </SidebarProvider>
  );
}

function InMenu({ children }: { children: ReactNode }) {
  return (
    <InSidebar>
      <SidebarMenu>{children}</SidebarMenu>
    </InSidebar>
  );
}

itConforms('SidebarProvider', {
  refType: HTMLDivElement,
  render: (props) => <SidebarProvider {...props} />,
});

itConforms('Sidebar', {
  // The desktop sidebar's <aside>.
  refType: HTMLElement,
  render: (props) => (
    <SidebarProvider>
      <Sidebar {...props} />
    </SidebarProvider>
  ),
});

itConforms('SidebarTrigger', {
  refType: HTMLButtonElement,
  render: (props) => (
    <SidebarProvider>
      <SidebarTrigger {...props} />
    </SidebarProvider>
  ),
});

itConforms('SidebarRail', {
  refType: HTMLButtonElement,
  render: (props) => (
    <InSidebar>
      <SidebarRail {...props} />
    </InSidebar>
  ),
});

itConforms('SidebarInset', {
  refType: HTMLElement,
  render: (props) => (
    <SidebarProvider>
      <SidebarInset {...props}>Chart</SidebarInset>
    </SidebarProvider>
  ),
});

itConforms('SidebarHeader', {
  refType: HTMLDivElement,
  render: (props) => (
    <InSidebar>
      <SidebarHeader {...props}>SignalDeck</SidebarHeader>
    </InSidebar>
  ),
});

itConforms('SidebarContent', {
  refType: HTMLDivElement,
  render: (props) => (
    <InSidebar>
      <SidebarContent {...props} />
    </InSidebar>
  ),
});

itConforms('SidebarFooter', {
  refType: HTMLDivElement,
  render: (props) => (
    <InSidebar>
      <SidebarFooter {...props} />
    </InSidebar>
  ),
});

itConforms('SidebarSeparator', {
  refType: HTMLDivElement,
  render: (props) => (
    <InSidebar>
      <SidebarSeparator {...props} />
    </InSidebar>
  ),
});

itConforms('SidebarGroup', {
  refType: HTMLDivElement,
  render: (props) => (
    <InSidebar>
      <SidebarGroup {...props}>
        <SidebarGroupLabel>Signals</SidebarGroupLabel>
      </SidebarGroup>
    </InSidebar>
  ),
});

itConforms('SidebarGroupLabel', {
  refType: HTMLDivElement,
  render: (props) => (
    <InSidebar>
      <SidebarGroup>
        <SidebarGroupLabel {...props}>Signals</SidebarGroupLabel>
      </SidebarGroup>
    </InSidebar>
  ),
});

itConforms('SidebarGroupContent', {
  refType: HTMLDivElement,
  render: (props) => (
    <InSidebar>
      <SidebarGroup>
        <SidebarGroupContent {...props} />
      </SidebarGroup>
    </InSidebar>
  ),
});

itConforms('SidebarMenu', {
  refType: HTMLUListElement,
  render: (props) => (
    <InSidebar>
      <SidebarMenu {...props} />
    </InSidebar>
  ),
});

itConforms('SidebarMenuItem', {
  refType: HTMLLIElement,
  render: (props) => (
    <InMenu>
      <SidebarMenuItem {...props}>Signals</SidebarMenuItem>
    </InMenu>
  ),
});

itConforms('SidebarMenuButton', {
  refType: HTMLButtonElement,
  render: (props) => (
    <InMenu>
      <SidebarMenuItem>
        <SidebarMenuButton tooltip="Signals" {...props}>
          <span>Signals</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </InMenu>
  ),
});

itConforms('SidebarMenuSub', {
  refType: HTMLUListElement,
  render: (props) => (
    <InMenu>
      <SidebarMenuItem>
        <SidebarMenuSub {...props} />
      </SidebarMenuItem>
    </InMenu>
  ),
});

itConforms('SidebarMenuSubItem', {
  refType: HTMLLIElement,
  render: (props) => (
    <InMenu>
      <SidebarMenuItem>
        <SidebarMenuSub>
          <SidebarMenuSubItem {...props}>BTC Signals</SidebarMenuSubItem>
        </SidebarMenuSub>
      </SidebarMenuItem>
    </InMenu>
  ),
});

itConforms('SidebarMenuSubButton', {
  refType: HTMLAnchorElement,
  render: (props) => (
    <InMenu>
      <SidebarMenuItem>
        <SidebarMenuSub>
          <SidebarMenuSubItem>
            <SidebarMenuSubButton href="#/signals?ticker=BTC" {...props}>
              <span>BTC Signals</span>
            </SidebarMenuSubButton>
          </SidebarMenuSubItem>
        </SidebarMenuSub>
      </SidebarMenuItem>
    </InMenu>
  ),
});

describe('given a menu button that is a plain button', () => {
  describe('when it is marked active', () => {
    it('should set data-active without claiming to be the current page', () => {
      render(
        <InMenu>
          <SidebarMenuItem>
            <SidebarMenuButton isActive>
              <span>Overview</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </InMenu>,
      );
      const button = screen.getByRole('button', { name: 'Overview' });
      expect(button).toHaveAttribute('data-active');
      expect(button).not.toHaveAttribute('aria-current');
    });
  });
});

describe('given a sub-menu link', () => {
  describe('when it is marked active', () => {
    it('should be the current page', () => {
      render(
        <InMenu>
          <SidebarMenuItem>
            <SidebarMenuSub>
              <SidebarMenuSubItem>
                <SidebarMenuSubButton href="#/signals?ticker=BTC" isActive>
                  <span>BTC Signals</span>
                </SidebarMenuSubButton>
              </SidebarMenuSubItem>
            </SidebarMenuSub>
          </SidebarMenuItem>
        </InMenu>,
      );
      expect(screen.getByRole('link', { name: 'BTC Signals' })).toHaveAttribute('aria-current', 'page');
    });
  });
});
