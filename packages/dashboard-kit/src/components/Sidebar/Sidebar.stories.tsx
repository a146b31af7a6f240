/**
 * Sidebar: the layout shell of every signed-in screen.
 *
 * Usage: wrap the page in `<SidebarProvider persist defaultOpen={readSidebarCookie()}>`, put a
 * `<Sidebar collapsible="icon">` (header, content with groups of menus, footer, rail) and a
 * `<SidebarInset>` (header with `<SidebarTrigger />`, then the route) inside it. Menu links go in
 * `<SidebarMenuButton asChild isActive={…} tooltip="…">`. Ctrl/Cmd+B toggles; at 768px and
 * narrower the sidebar becomes a sheet. The sidebar is fixed to the window's left edge, so each shell
 * is drawn in a frame that plays the window, clear of Ladle's own toolbar.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { useEffect, useLayoutEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { ActivityIcon } from '../../icons/ActivityIcon';
import { CandlestickChartIcon } from '../../icons/CandlestickChartIcon';
import { SlidersIcon } from '../../icons/SlidersIcon';
import { TrendingUpIcon } from '../../icons/TrendingUpIcon';
import { BothThemes, WindowFrame } from '../../stories/StoryLayout';
import { vars } from '../../theme/contract.css';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '../Breadcrumb/Breadcrumb';
import { Card, CardContent, CardHeader, CardTitle } from '../Card/Card';
import { Separator } from '../Separator/Separator';
import { Skeleton } from '../Skeleton/Skeleton';
import { ThemeToggle } from '../ThemeToggle/ThemeToggle';
import { UserMenu } from '../UserMenu/UserMenu';
import { MOBILE_MEDIA_QUERY } from './constants';
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

export default {
  title: 'Layout / Sidebar',
} satisfies StoryDefault;

interface NavSection {
  title: string;
  icon: ReactNode;
  links: { title: string; href: string }[];
}

/** The spec's menu: Trading, Signals, Performance and Settings under Platform. */
const platform: NavSection[] = [
  {
    title: 'Trading',
    icon: <CandlestickChartIcon />,
    links: [
      { title: 'BTC/USD', href: '#/trading/BTC/1m' },
      { title: 'ETH/USD', href: '#/trading/ETH/1m' },
      { title: 'SOL/USD', href: '#/trading/SOL/1m' },
    ],
  },
  {
    title: 'Signals',
    icon: <ActivityIcon />,
    links: [
      { title: 'All Events', href: '#/signals' },
      { title: 'BTC Signals', href: '#/signals?ticker=BTC' },
      { title: 'ETH Signals', href: '#/signals?ticker=ETH' },
    ],
  },
  {
    title: 'Performance',
    icon: <TrendingUpIcon />,
    links: [
      { title: 'Overview', href: '#/performance' },
      { title: 'Trades', href: '#/performance/trades' },
      { title: 'Analytics', href: '#/performance/analytics' },
    ],
  },
  {
    title: 'Settings',
    icon: <SlidersIcon />,
    links: [
      { title: 'Strategy', href: '#/settings/strategy' },
      { title: 'API Keys', href: '#/settings/api-keys' },
      { title: 'Notifications', href: '#/settings/notifications' },
    ],
  },
];

const logoStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.controlSm,
  height: vars.size.controlSm,
  flexShrink: 0,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryForeground,
};

const brandTextStyle: CSSProperties = { display: 'flex', flexDirection: 'column', minWidth: 0 };

function Brand() {
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <SidebarMenuButton asChild size="lg" tooltip="SignalDeck">
          <a href="#/">
            <span style={logoStyle}>
              <CandlestickChartIcon />
            </span>
            <span style={brandTextStyle}>
              <strong>SignalDeck</strong>
              <small style={{ color: vars.color.mutedForeground }}>Automated trading</small>
            </span>
          </a>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}

function NavGroup({
  label,
  sections,
  current,
  onNavigate,
}: {
  label: string;
  sections: NavSection[];
  current: string;
  onNavigate: (href: string) => void;
}) {
  return (
    <SidebarGroup>
      <SidebarGroupLabel>{label}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {sections.map((section) => {
            const first = section.links[0]?.href ?? '#/';
            return (
              <SidebarMenuItem key={section.title}>
                <SidebarMenuButton asChild tooltip={section.title}>
                  <a href={first} onClick={() => onNavigate(first)}>
                    {section.icon}
                    <span>{section.title}</span>
                  </a>
                </SidebarMenuButton>
                <SidebarMenuSub>
                  {section.links.map((link) => (
                    <SidebarMenuSubItem key={link.href}>
                      <SidebarMenuSubButton
                        href={link.href}
                        isActive={link.href === current}
                        onClick={() => onNavigate(link.href)}
                      >
                        <span>{link.title}</span>
                      </SidebarMenuSubButton>
                    </SidebarMenuSubItem>
                  ))}
                </SidebarMenuSub>
              </SidebarMenuItem>
            );
          })}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}

function SignalDeckSidebar({
  collapsible,
  groups = [{ label: 'Platform', sections: platform }],
}: {
  collapsible?: SidebarCollapsible;
  groups?: { label: string; sections: NavSection[] }[];
}) {
  const [current, setCurrent] = useState('#/trading/BTC/1m');
  return (
    <Sidebar collapsible={collapsible}>
      <SidebarHeader>
        <Brand />
      </SidebarHeader>
      <SidebarContent>
        {groups.map((group) => (
          <NavGroup
            key={group.label}
            label={group.label}
            sections={group.sections}
            current={current}
            onNavigate={setCurrent}
          />
        ))}
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        {/* The kit's own controls take the menu-button look, so they shrink to icons with the sidebar. */}
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip="Theme">
              <ThemeToggle display="label" side="right" align="end" />
            </SidebarMenuButton>
          </SidebarMenuItem>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg">
              <UserMenu name="Ada Lovelace" email="ada@signaldeck.example" side="right" align="end" />
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      {collapsible === 'none' ? null : <SidebarRail />}
    </Sidebar>
  );
}

const headerStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  height: vars.size.headerHeight,
  paddingInline: vars.space['4'],
  borderBottom: `1px solid ${vars.color.border}`,
};

const pageStyle: CSSProperties = {
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['4'],
};

function Page() {
  const { state, isMobile } = useSidebar();
  return (
    <SidebarInset>
      <header style={headerStyle}>
        <SidebarTrigger />
        <Separator orientation="vertical" style={{ height: vars.space['4'], alignSelf: 'center' }} />
        <Breadcrumb>
          <BreadcrumbList>
            <BreadcrumbItem>
              <BreadcrumbLink href="#/trading/BTC/1m">Trading</BreadcrumbLink>
            </BreadcrumbItem>
            <BreadcrumbSeparator />
            <BreadcrumbItem>
              <BreadcrumbLink href="#/trading/BTC/1m">BTC/USD</BreadcrumbLink>
            </BreadcrumbItem>
            <BreadcrumbSeparator />
            <BreadcrumbItem>
              <BreadcrumbPage>1m</BreadcrumbPage>
            </BreadcrumbItem>
          </BreadcrumbList>
        </Breadcrumb>
      </header>
      <div style={pageStyle}>
        <Card>
          <CardHeader>
            <CardTitle>BTC/USD · 1m</CardTitle>
          </CardHeader>
          <CardContent>
            <Skeleton style={{ height: '16rem' }} />
          </CardContent>
        </Card>
        <p style={{ margin: 0, color: vars.color.mutedForeground }}>
          Sidebar {state}
          {isMobile ? ' (phone: the sheet has its own state)' : ''}. Press Ctrl or Cmd + B to toggle.
        </p>
      </div>
    </SidebarInset>
  );
}

function Shell({
  collapsible,
  groups,
  ...providerProps
}: SidebarProviderProps & { collapsible?: SidebarCollapsible; groups?: { label: string; sections: NavSection[] }[] }) {
  return (
    <WindowFrame>
      <SidebarProvider style={{ minHeight: '100%' }} {...providerProps}>
        <SignalDeckSidebar collapsible={collapsible} groups={groups} />
        <Page />
      </SidebarProvider>
    </WindowFrame>
  );
}

export const Expanded: Story = () => <Shell collapsible="icon" />;

export const CollapsedToIcons: Story = () => <Shell collapsible="icon" defaultOpen={false} />;

export const Offcanvas: Story = () => <Shell collapsible="offcanvas" defaultOpen={false} />;

export const NotCollapsible: Story = () => <Shell collapsible="none" />;

const longLabel = 'Mean reversion on four-hour candles with a trailing stop';

/** Ten groups and long labels: the content scrolls between a fixed header and footer. */
export const ManyGroupsAndLongLabels: Story = () => {
  const groups = Array.from({ length: 10 }, (_, index) => ({
    label: index === 0 ? 'Platform' : `Strategy group ${index} with a name far longer than the sidebar`,
    sections: platform.map((section) => ({
      ...section,
      title: index === 0 ? section.title : `${section.title}: ${longLabel}`,
      links: section.links.map((link) => ({ ...link, href: `${link.href}/${index}` })),
    })),
  }));
  return <Shell collapsible="icon" groups={groups} />;
};

/**
 * The whole shell: header with trigger and breadcrumb, theme toggle and user menu in the footer.
 * The open state is saved in the `sidebar_state` cookie: collapse it, reload, and it stays so.
 */
export const DashboardShell: Story = () => <Shell collapsible="icon" persist defaultOpen={readSidebarCookie()} />;

/** The sidebar in the light and the dark theme at once; menus and tooltips opened in each follow its theme. */
export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <WindowFrame height="calc(100vh - 12rem)">
      <SidebarProvider style={{ minHeight: '100%' }}>
        <SignalDeckSidebar collapsible="icon" />
        <SidebarInset />
      </SidebarProvider>
    </WindowFrame>
  </BothThemes>
);

/**
 * Makes this window answer the phone media query while the story is mounted, since Ladle renders
 * stories in its own wide window; everything else is the real phone behaviour.
 */
function AsIfOnAPhone({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      query === MOBILE_MEDIA_QUERY
        ? ({
            matches: true,
            media: query,
            onchange: null,
            addEventListener: () => {},
            removeEventListener: () => {},
            addListener: () => {},
            removeListener: () => {},
            dispatchEvent: () => false,
          } as unknown as MediaQueryList)
        : original.call(window, query);
    setReady(true);
    return () => {
      window.matchMedia = original;
    };
  }, []);
  return ready ? <div style={{ width: '320px', border: `1px solid ${vars.color.border}` }}>{children}</div> : null;
}

function OpenSheetOnMount() {
  const { setOpenMobile } = useSidebar();
  useEffect(() => setOpenMobile(true), [setOpenMobile]);
  return null;
}

/** A 320px page with the sidebar open as a sheet from the left (18rem); Escape or the overlay closes it. */
export const PhoneWithSheetOpen: Story = () => (
  <AsIfOnAPhone>
    <SidebarProvider>
      <OpenSheetOnMount />
      <SignalDeckSidebar collapsible="icon" />
      <Page />
    </SidebarProvider>
  </AsIfOnAPhone>
);
