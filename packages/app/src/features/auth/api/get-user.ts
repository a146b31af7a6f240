import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { HttpError, http } from '../../../lib/http';
import { authState, beginUserRead, clearAuth } from '../store';
import type { User } from '@signaldeck/server/api-types';

/**
 * GET /api/user. The auth store is the one owner of the signed-in user: a fresh answer replaces
 * the stored user, which every reader takes from the store, unless a newer one (a saved profile)
 * was stored while it was on its way. A 401 clears auth; any other failure leaves the stored user
 * as it is (spec section 7).
 */
export async function fetchUser(signal?: AbortSignal): Promise<void> {
  const store = beginUserRead();
  const sentToken = authState.token;
  try {
    store(await http.get<User>('/api/user', { signal }));
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) clearAuth(sentToken);
  }
}

/** Refreshes the stored user from the server once per signed-in token (a new session, a reload). */
export function useRefreshUser(): void {
  const { token } = useSnapshot(authState);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void fetchUser(controller.signal);
    return () => controller.abort();
  }, [token]);
}
