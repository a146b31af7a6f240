import { paths } from '../../config/paths';
import { KNOWN_SYMBOLS } from '../../features/market/types';

export interface NavLink {
  label: string;
  to: string;
}

export interface NavSection {
  label: string;
  icon: 'trading' | 'signals' | 'performance' | 'settings';
  items: NavLink[];
}

/** The sidebar's Platform group, exactly as spec section 2 lists it. */
export const platformNav: NavSection[] = [
  {
    label: 'Trading',
    icon: 'trading',
    items: KNOWN_SYMBOLS.map((symbol) => ({ label: `${symbol}/USD`, to: paths.pair(symbol) })),
  },
  {
    label: 'Signals',
    icon: 'signals',
    items: [
      { label: 'All Events', to: paths.signals() },
      { label: 'BTC Signals', to: paths.signals('BTC') },
      { label: 'ETH Signals', to: paths.signals('ETH') },
    ],
  },
  {
    label: 'Performance',
    icon: 'performance',
    items: [
      { label: 'Overview', to: paths.performance.overview },
      { label: 'Trades', to: paths.performance.trades },
      { label: 'Analytics', to: paths.performance.analytics },
    ],
  },
  {
    label: 'Settings',
    icon: 'settings',
    items: [
      { label: 'Strategy', to: paths.settings.strategy },
      { label: 'API Keys', to: paths.settings.apiKeys },
      { label: 'Notifications', to: paths.settings.notifications },
    ],
  },
];

/** A link is active when the path matches and, if it names a query, the query matches too. */
export function isLinkActive(to: string, pathname: string, search: string): boolean {
  const [linkPath, linkQuery = ''] = to.split('?');
  if (linkPath === undefined) return false;
  if (linkPath.startsWith('/trading/')) {
    // Any interval of a pair keeps its entry active.
    const pair = linkPath.split('/').slice(0, 3).join('/');
    return pathname === pair || pathname.startsWith(`${pair}/`);
  }
  if (pathname !== linkPath) return false;
  const want = new URLSearchParams(linkQuery);
  const have = new URLSearchParams(search);
  if ([...want.keys()].length === 0) return !have.get('ticker');
  return [...want.entries()].every(([k, v]) => have.get(k)?.toUpperCase() === v.toUpperCase());
}
