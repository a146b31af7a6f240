import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { documentTitle, type RouteHandle } from '../route-meta';

/** Keeps the browser title in step with the deepest route that declares one. */
export function RootLayout() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;

  useEffect(() => {
    document.title = documentTitle(title?.title);
  }, [title?.title]);

  return <Outlet />;
}
