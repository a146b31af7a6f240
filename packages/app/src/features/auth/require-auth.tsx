import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths } from '../../config/paths';
import { authState } from './store';

/** Sends a guest to the login page with the full original path (and query) as `redirect`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSnapshot(authState);
  const location = useLocation();
  if (!isAuthenticated) {
    const redirect = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${paths.login}?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return children;
}
