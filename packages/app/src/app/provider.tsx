import { ThemeProvider, TooltipProvider } from 'dashboard-kit';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { authState, clearAuth } from '../features/auth/store';
import { configureHttp, http } from '../lib/http';

configureHttp({ getToken: () => authState.token, onUnauthorized: clearAuth });

/** SWR keys are a path, or `[path, ...discriminators]` so a key changes with the signed-in token. */
export function swrFetcher<T>(key: string | readonly [string, ...unknown[]]): Promise<T> {
  return http.get<T>(typeof key === 'string' ? key : key[0]);
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider defaultTheme="dark">
      <TooltipProvider delayDuration={300}>
        <SWRConfig value={{ fetcher: swrFetcher }}>{children}</SWRConfig>
      </TooltipProvider>
    </ThemeProvider>
  );
}
