import { ThemeProvider, TooltipProvider } from 'dashboard-kit';
import type { ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { subscribeKey } from 'valtio/utils';
import { authState, clearAuth } from '../features/auth/store';
import { configureHttp, http } from '../lib/http';

configureHttp({ getToken: () => authState.token, onUnauthorized: clearAuth });

/** The SWR fetcher, set once: every key is an API path. */
function swrFetcher<T>(path: string): Promise<T> {
  return http.get<T>(path);
}

/** One cache for the app, emptied whenever the signed-in token changes so no data outlives its user. */
const swrCache: Cache = new Map();
subscribeKey(authState, 'token', () => (swrCache as Map<string, unknown>).clear());

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider defaultTheme="dark">
      <TooltipProvider delayDuration={300}>
        <SWRConfig value={{ fetcher: swrFetcher, provider: () => swrCache }}>{children}</SWRConfig>
      </TooltipProvider>
    </ThemeProvider>
  );
}
