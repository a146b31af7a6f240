import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths } from '../../config/paths';
import { authState } from './store';

/** Sends a guest to the login page with the full original path (and query) as `redirect`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, loggedOut } = useSnapshot(authState);
  const location = useLocation();
  if (!isAuthenticated) {
    // A deliberate logout goes to plain /login (spec section 4); only a guest's visit keeps its path.
    if (loggedOut) return <Navigate to={paths.login} replace />;
    const redirect = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${paths.login}?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return children;
}
