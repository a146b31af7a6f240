import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
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
  SidebarTrigger,
  ThemeToggle,
  UserMenu,
  readSidebarCookie,
  useSidebar,
} from 'dashboard-kit';
import { Fragment, useState } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { BrandMark } from '../../components/brand-mark';
import { paths } from '../../config/paths';
import { logout } from '../../features/auth/api/logout';
import { useRefreshUser } from '../../features/auth/api/get-user';
import { authState, clearAuth } from '../../features/auth/store';
import { usePaperLiveUpdates } from '../../features/paper/live-updates';
import { LiveStreamProvider } from '../../lib/live-stream-context';
import type { Crumb, RouteHandle } from '../route-meta';
import * as styles from './app-shell.css';
import { ConnectionIndicator } from './connection-indicator';
import { HeaderNotificationBell } from './notifications-bell';
import { NavigationProgress } from './navigation-progress';
import { TimeZoneSelect } from './time-zone-select';
import { isLinkActive, platformNav, type NavSection } from './nav';
import { ChevronRight, SectionIcon } from './shell-icons';

function NavSectionItem({ section }: { section: NavSection }) {
  const { pathname, search } = useLocation();
  const { state, setOpen, isMobile, setOpenMobile } = useSidebar();
  const containsActive = section.items.some((item) => isLinkActive(item.to, pathname, search));
  const [expanded, setExpanded] = useState(true);

  function handleToggle() {
    if (state === 'collapsed' && !isMobile) {
      setOpen(true);
      setExpanded(true);
      return;
    }
    setExpanded((v) => !v);
  }

  return (
    <SidebarMenuItem>
      <SidebarMenuButton
        tooltip={section.label}
        isActive={containsActive && state === 'collapsed'}
        aria-expanded={expanded}
        onClick={handleToggle}
      >
        <SectionIcon name={section.icon} />
        <span>{section.label}</span>
        <ChevronRight className={styles.chevron} />
      </SidebarMenuButton>
      {expanded && (
        <SidebarMenuSub>
          {section.items.map((item) => {
            const active = isLinkActive(item.to, pathname, search);
            return (
              <SidebarMenuSubItem key={item.to}>
                <SidebarMenuSubButton asChild isActive={active}>
                  <Link
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    onClick={() => isMobile && setOpenMobile(false)}
                  >
                    <span>{item.label}</span>
                  </Link>
                </SidebarMenuSubButton>
              </SidebarMenuSubItem>
            );
          })}
        </SidebarMenuSub>
      )}
    </SidebarMenuItem>
  );
}

function ShellUserMenu() {
  const navigate = useNavigate();
  const { isMobile, setOpenMobile } = useSidebar();
  const user = useSnapshot(authState).user;
  useRefreshUser();
  // On a phone the menu's pages close the sheet it is in, as the sidebar's links do (it stayed over the page).
  const go = (to: string) => {
    if (isMobile) setOpenMobile(false);
    navigate(to);
  };
  return (
    <UserMenu
      name={user?.name}
      email={user?.email ?? ''}
      side={isMobile ? 'top' : 'right'}
      onUpgrade={() => go(paths.account.upgrade)}
      onAccount={() => go(paths.account.profile)}
      onBilling={() => go(paths.account.billing)}
      onNotifications={() => go(paths.account.notifications)}
      onLogout={async () => {
        await logout();
        navigate(paths.login, { replace: true });
      }}
    />
  );
}

function useCrumbs(): Crumb[] {
  const matches = useMatches();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.breadcrumb)?.handle as
    RouteHandle | undefined;
  const crumbs = handle?.breadcrumb?.({ params, searchParams }) ?? [];
  return crumbs.length > 0 ? crumbs : [{ label: 'Dashboard' }];
}

function HeaderBreadcrumb() {
  const crumbs = useCrumbs();
  return (
    <Breadcrumb>
      <BreadcrumbList>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={`${crumb.label}-${index}`}>
              {/* A step a narrow header cuts ("Tradi…") keeps its whole text in its tooltip. */}
              <BreadcrumbItem title={crumb.label}>
                {last ? (
                  <BreadcrumbPage>{crumb.label}</BreadcrumbPage>
                ) : crumb.to ? (
                  <BreadcrumbLink asChild>
                    <Link to={crumb.to}>{crumb.label}</Link>
                  </BreadcrumbLink>
                ) : (
                  <span>{crumb.label}</span>
                )}
              </BreadcrumbItem>
              {!last && <BreadcrumbSeparator />}
            </Fragment>
          );
        })}
      </BreadcrumbList>
    </Breadcrumb>
  );
}

const MAIN_CONTENT_ID = 'main-content';

/** The first Tab stop of every signed-in page: past the sidebar and the header, to the page itself. */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={styles.skipLink}
      onClick={(event) => {
        const target = document.getElementById(MAIN_CONTENT_ID);
        if (!target) return;
        // Focus moves without adding a #fragment to the route's URL.
        event.preventDefault();
        target.focus();
        target.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to main content
    </a>
  );
}

/** Keeps the paper-trading answers in the cache current from the live stream, whichever page is open. */
function PaperLiveUpdates() {
  usePaperLiveUpdates();
  return null;
}

/** The signed-in layout (spec section 2): sidebar, header with toggle and breadcrumb, and the page. */
export function AppShell() {
  const [defaultOpen] = useState(() => readSidebarCookie(document.cookie) ?? true);
  const token = useSnapshot(authState).token ?? '';
  return (
    <LiveStreamProvider token={token} onUnauthorized={clearAuth}>
      <PaperLiveUpdates />
      <SidebarProvider defaultOpen={defaultOpen} persist>
        <SkipLink />
        <Sidebar collapsible="icon" aria-label="Sidebar">
          <SidebarHeader>
            <Link to={paths.home} className={styles.brand}>
              <BrandMark />
              <span className={styles.brandName}>SignalDeck</span>
            </Link>
          </SidebarHeader>
          <SidebarContent>
            <nav aria-label="Main navigation">
              <SidebarGroup>
                <SidebarGroupLabel>Platform</SidebarGroupLabel>
                <SidebarMenu>
                  {platformNav.map((section) => (
                    <NavSectionItem key={section.label} section={section} />
                  ))}
                </SidebarMenu>
              </SidebarGroup>
            </nav>
          </SidebarContent>
          <SidebarFooter>
            <ThemeToggle />
            <ShellUserMenu />
          </SidebarFooter>
          <SidebarRail />
        </Sidebar>
        <SidebarInset>
          <header className={styles.header}>
            <SidebarTrigger />
            <span className={styles.headerDivider} aria-hidden="true" />
            <HeaderBreadcrumb />
            <div className={styles.headerEnd}>
              <TimeZoneSelect />
              <ConnectionIndicator />
              <HeaderNotificationBell />
            </div>
            <NavigationProgress />
          </header>
          <div id={MAIN_CONTENT_ID} tabIndex={-1} className={`${styles.content} ${styles.main}`}>
            <Outlet />
          </div>
        </SidebarInset>
      </SidebarProvider>
    </LiveStreamProvider>
  );
}
