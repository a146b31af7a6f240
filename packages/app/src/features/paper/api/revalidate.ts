import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';

/** The keys of everything a paper account's change can alter: positions, trades, metrics, curve, breakdowns. */
const ACCOUNT_PATHS = ['/api/positions', '/api/trades', '/api/performance'];

export function isPaperAccountKey(key: unknown): boolean {
  return (
    typeof key === 'string' &&
    ACCOUNT_PATHS.some((path) => key === path || key.startsWith(`${path}?`) || key.startsWith(`${path}/`))
  );
}

/**
 * Refetches cached paper answers in the app's SWR cache: `accounts` everything an account change alters
 * (plain keys; paged lists listen for the same events themselves, as SWR's key filter skips infinite keys),
 * `strategies` the strategy list.
 */
export function useRevalidatePaper() {
  const { mutate } = useSWRConfig();
  const accounts = useCallback(() => void mutate(isPaperAccountKey), [mutate]);
  const strategies = useCallback(() => void mutate('/api/strategies'), [mutate]);
  return useMemo(() => ({ accounts, strategies }), [accounts, strategies]);
}
