import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { documentTitle, titleOverride, type RouteHandle } from '../route-meta';

/** Keeps the browser title in step with the deepest route that declares one (or a failed page's, see titleOverride). */
export function RootLayout() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;

  const override = useSnapshot(titleOverride).title;

  useEffect(() => {
    document.title = documentTitle(override ?? title?.title);
  }, [override, title?.title]);

  return <Outlet />;
}
