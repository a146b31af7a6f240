import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { HttpError, errorMessage } from '../../../lib/http';
import { authState, clearAuth, setUser } from '../store';
import type { User } from '@signaldeck/server/api-types';

export const USER_KEY = '/api/user';

/**
 * GET /api/user while a token is held. A 401 clears auth; any other failure yields the error
 * message and no user (spec section 7).
 */
export function useUser(): { user: User | undefined; error: string | undefined; isLoading: boolean } {
  const { token } = useSnapshot(authState);
  const { data, error, isLoading } = useSWR<User>(token ? USER_KEY : null, {
    onSuccess: (user) => setUser(user),
    onError: (err: unknown) => {
      if (err instanceof HttpError && err.status === 401) clearAuth();
    },
    shouldRetryOnError: (err: unknown) => !(err instanceof HttpError && err.status < 500),
  });
  return { user: error ? undefined : data, error: error ? errorMessage(error) : undefined, isLoading };
}
