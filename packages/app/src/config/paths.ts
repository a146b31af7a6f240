/** Every path the app links to, in one place. */
export const DEFAULT_SYMBOL = 'BTC';
export const DEFAULT_INTERVAL = '1m';

export const paths = {
  login: '/login',
  /** Sends to /login in its registration mode (see RegisterRoute). */
  register: '/register',
  home: '/',
  /** A pair without an interval: it opens in the interval the trader last used for it (else DEFAULT_INTERVAL). */
  pair: (symbol: string) => `/trading/${encodeURIComponent(symbol)}`,
  trading: (symbol: string, interval: string = DEFAULT_INTERVAL) =>
    `/trading/${encodeURIComponent(symbol)}/${encodeURIComponent(interval)}`,
  /**
   * A signal on its chart: the pair opens at `at` (epoch ms, the signal's time) with the signal's marker
   * highlighted. The format is `/trading/{symbol}/{interval}?at=<ms>&signal=<id>`.
   */
  signalOnChart: (symbol: string, interval: string, at: number, signalId: string) =>
    `/trading/${encodeURIComponent(symbol)}/${encodeURIComponent(interval)}?at=${Math.round(at)}&signal=${encodeURIComponent(signalId)}`,
  defaultAfterLogin: `/trading/${DEFAULT_SYMBOL}/${DEFAULT_INTERVAL}`,
  signals: (ticker?: string) => (ticker ? `/signals?ticker=${encodeURIComponent(ticker)}` : '/signals'),
  performance: {
    overview: '/performance/overview',
    trades: '/performance/trades',
    analytics: '/performance/analytics',
  },
  settings: {
    strategy: '/settings/strategy',
    apiKeys: '/settings/api-keys',
    notifications: '/settings/notifications',
  },
  account: {
    upgrade: '/account/upgrade',
    profile: '/account',
    billing: '/account/billing',
    notifications: '/account/notifications',
  },
} as const;

/** Any origin will do: a redirect is resolved against it only to see whether it stays on it. */
const SAME_ORIGIN = 'https://signaldeck.invalid';

/**
 * Only same-app paths are followed after sign-in, so a crafted `?redirect=` cannot send a user to another
 * site. The value is read as the browser would read it (tabs and newlines dropped, backslashes as slashes,
 * `/\t/evil.example` being `//evil.example`) and kept only when it stays on this origin; what is returned is
 * that normalised path, never the raw value.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  // A path starting `//` would be read as another host the next time it is resolved.
  if (url.origin !== SAME_ORIGIN || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
