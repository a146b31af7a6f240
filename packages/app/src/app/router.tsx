import { Navigate, createBrowserRouter, useParams, type RouteObject } from 'react-router-dom';
import { DEFAULT_INTERVAL, paths } from '../config/paths';
import { useSnapshot } from 'valtio';
import { GuestOnly } from '../features/auth/guest-only';
import { authState } from '../features/auth/store';
import { pairSymbol } from '../features/market/pair-symbol';
import { storedInterval } from '../features/market/stored-interval';
import { KNOWN_SYMBOLS } from '../features/market/types';
import { shownText } from '../lib/shown-text';
import { RequireAuth } from '../features/auth/require-auth';
import type { RouteHandle } from './route-meta';
import { AppLoading } from './routes/app-loading';
import { LoginRoute, RegisterRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { PlaceholderRoute, type PlaceholderHandle } from './routes/placeholder';
import { RootLayout } from './routes/root';
import { RouteErrorPage } from './routes/route-error';
import { AppShell } from './shell/app-shell';

function placeholder(path: string, title: string, section: string, summary: string): RouteObject {
  const handle: PlaceholderHandle = {
    title,
    summary,
    breadcrumb: () => [{ label: section }, { label: title }],
  };
  return { path, handle, element: <PlaceholderRoute /> };
}

/** /trading/{symbol}: the pair in the interval this user last chose for it here, else the default. */
function PairWithoutInterval() {
  const symbol = pairSymbol(useParams().symbol ?? '', KNOWN_SYMBOLS);
  const userId = useSnapshot(authState).user?.id;
  const interval = storedInterval(userId, symbol) ?? DEFAULT_INTERVAL;
  return <Navigate to={paths.trading(symbol, interval)} replace />;
}

const tradingHandle: RouteHandle = {
  title: 'Trading Chart',
  breadcrumb: ({ params }) => {
    const symbol = pairSymbol(params.symbol ?? '', KNOWN_SYMBOLS);
    // An unknown pair is named as it was asked for, not as a pair against USD ("XYZ/USD" was never one).
    const known = (KNOWN_SYMBOLS as readonly string[]).includes(symbol);
    return [
      { label: 'Trading' },
      { label: known ? `${symbol}/USD` : shownText(symbol), to: paths.pair(symbol) },
      { label: shownText(params.interval ?? DEFAULT_INTERVAL) },
    ];
  },
};

/** A Performance page: its title, and "Performance > {title}" as its breadcrumb. */
function performanceHandle(title: string): RouteHandle {
  return { title, breadcrumb: () => [{ label: 'Performance' }, { label: title }] };
}

const signalsHandle: RouteHandle = {
  title: 'Webhook Signals',
  breadcrumb: ({ searchParams }) => {
    const ticker = searchParams.get('ticker')?.toUpperCase();
    return [{ label: 'Signals', to: paths.signals() }, { label: ticker ? `${ticker} Signals` : 'All Events' }];
  },
};

/** The route table (spec section 2): each route carries its title and breadcrumbs in `handle`. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      {
        path: paths.login,
        handle: { title: 'Login' } satisfies RouteHandle,
        element: (
          <GuestOnly>
            <LoginRoute />
          </GuestOnly>
        ),
      },
      { path: paths.register, element: <RegisterRoute /> },
      {
        path: paths.home,
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: [
          {
            // A page that fails (its code not fetched, an error rendering it) shows so inside the shell.
            errorElement: <RouteErrorPage inShell />,
            children: [
              { index: true, element: <Navigate to={paths.defaultAfterLogin} replace /> },
              { path: 'trading/:symbol', element: <PairWithoutInterval /> },
              {
                path: 'trading/:symbol/:interval',
                handle: tradingHandle,
                lazy: async () => ({ Component: (await import('./routes/trading')).TradingRoute }),
              },
              {
                path: 'signals',
                handle: signalsHandle,
                lazy: async () => ({ Component: (await import('./routes/signals')).SignalsRoute }),
              },
              {
                path: 'settings/api-keys',
                handle: {
                  title: 'API Keys',
                  breadcrumb: () => [{ label: 'Settings' }, { label: 'API Keys' }],
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/api-keys')).ApiKeysRoute }),
              },
              // A section's own path opens its first page (the sidebar's first item), not "Page not found".
              { path: 'performance', element: <Navigate to={paths.performance.overview} replace /> },
              { path: 'settings', element: <Navigate to={paths.settings.strategy} replace /> },
              {
                path: 'performance/overview',
                handle: performanceHandle('Overview'),
                lazy: async () => ({
                  Component: (await import('./routes/performance-overview')).PerformanceOverviewRoute,
                }),
              },
              {
                path: 'performance/trades',
                handle: performanceHandle('Trades'),
                lazy: async () => ({ Component: (await import('./routes/performance-trades')).PerformanceTradesRoute }),
              },
              {
                path: 'performance/analytics',
                handle: performanceHandle('Analytics'),
                lazy: async () => ({
                  Component: (await import('./routes/performance-analytics')).PerformanceAnalyticsRoute,
                }),
              },
              {
                path: 'settings/strategy',
                handle: {
                  title: 'Strategy',
                  breadcrumb: () => [{ label: 'Settings' }, { label: 'Strategy' }],
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/strategy-settings')).StrategySettingsRoute }),
              },
              {
                path: 'settings/notifications',
                handle: {
                  title: 'Notifications',
                  breadcrumb: () => [{ label: 'Settings' }, { label: 'Notifications' }],
                } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('./routes/notification-settings')).NotificationSettingsRoute,
                }),
              },
              {
                path: 'account',
                handle: {
                  title: 'Account',
                  breadcrumb: () => [{ label: 'Account' }, { label: 'Profile and security' }],
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/account')).AccountRoute }),
              },
              placeholder(
                'account/billing',
                'Billing',
                'Account',
                'SignalDeck charges nothing today: there are no invoices and no payment method on file. Your plan, invoices and payment method will be here.',
              ),
              {
                path: 'account/notifications',
                handle: {
                  title: 'Notifications',
                  breadcrumb: () => [{ label: 'Account' }, { label: 'Notifications' }],
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/notifications')).NotificationsRoute }),
              },
              placeholder(
                'account/upgrade',
                'Upgrade to Pro',
                'Account',
                'There is one plan today and everything in SignalDeck is in it. Paid plans are not on sale yet; when they are, they will be described here.',
              ),
              { path: '*', handle: { title: 'Page not found' } satisfies RouteHandle, element: <NotFoundRoute /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
