import { useRef, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths, safeRedirect } from '../../config/paths';
import { authState } from './store';

/**
 * The login page is for guests only, and this is the one place that leaves it once a user is
 * signed in, so a sign-in navigates exactly once. A user who arrives signed in goes to `redirect`,
 * or to `/`; one who signs in here goes to `redirect`, or to the default chart (spec sections 2, 7).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSnapshot(authState);
  const [params] = useSearchParams();
  const arrivedSignedIn = useRef(isAuthenticated);
  if (isAuthenticated) {
    const fallback = arrivedSignedIn.current ? paths.home : paths.defaultAfterLogin;
    return <Navigate to={safeRedirect(params.get('redirect'), fallback)} replace />;
  }
  return children;
}
