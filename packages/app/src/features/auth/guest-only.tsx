import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths, safeRedirect } from '../../config/paths';
import { authState } from './store';

/** The login page is for guests only: a signed-in user goes to `redirect`, or to `/`. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSnapshot(authState);
  const [params] = useSearchParams();
  if (isAuthenticated) return <Navigate to={safeRedirect(params.get('redirect'), paths.home)} replace />;
  return children;
}
