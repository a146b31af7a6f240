import { Button, EmptyState } from 'dashboard-kit';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import * as styles from '../../features/auth/components/auth-form.css';
import { documentTitle, titleOverride } from '../route-meta';

/** How often the server is asked whether it answers again, while a page's code could not be fetched. */
export const SERVER_POLL_MS = 2_000;

/** A page's code that could not be fetched: the server down or restarting, the network gone, or a deploy. */
export function isModuleLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|module script failed|Unable to preload CSS|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Whether the server answers, asked every SERVER_POLL_MS while `watch` is set: `unknown` until the first answer.
 * Once it has failed and then answers again, the page reloads (a failed module fetch is remembered by the
 * browser until then), so a trader who lost the server mid-click is brought back without doing anything.
 */
function useServerReachability(watch: boolean): 'unknown' | 'up' | 'down' {
  const [state, setState] = useState<'unknown' | 'up' | 'down'>('unknown');
  useEffect(() => {
    if (!watch) return;
    let wasDown = false;
    let stopped = false;
    const check = async () => {
      let up = false;
      try {
        up = (await fetch('/api/health', { cache: 'no-store' })).ok;
      } catch {
        up = false;
      }
      if (stopped) return;
      if (up && wasDown) window.location.reload();
      wasDown ||= !up;
      setState(up ? 'up' : 'down');
    };
    void check();
    const timer = window.setInterval(() => void check(), SERVER_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [watch]);
  return state;
}

const reload = () => window.location.reload();

/**
 * What a page that failed to render shows instead (the router's `errorElement`): a plain apology and a way on,
 * never the error's message or stack. Inside the shell (`inShell`) the sidebar and header stay. A page whose
 * code could not be fetched says whether the server answers, and reloads by itself once it does again; Try
 * again reloads the app, which also recovers from a chunk replaced by an upgrade.
 */
export function RouteErrorPage({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  const notLoaded = isModuleLoadError(error);
  const server = useServerReachability(notLoaded);
  const title = notLoaded ? 'This page could not be loaded' : 'Something went wrong';

  useEffect(() => {
    // Outside the shell this page replaces the root layout that keeps the title; inside, it overrides the route's.
    document.title = documentTitle(title);
    titleOverride.title = title;
    return () => {
      titleOverride.title = null;
    };
  }, [title]);

  const description = !notLoaded
    ? 'This page could not be shown. Try again, or go to the chart.'
    : server === 'down'
      ? 'The server cannot be reached. Reconnecting… the page loads as soon as it answers.'
      : 'Its code could not be fetched: the connection dropped, or SignalDeck was updated meanwhile. Try again.';

  const state = (
    <EmptyState
      title={title}
      description={<span role={server === 'down' ? 'status' : undefined}>{description}</span>}
      action={
        <>
          <Button onClick={reload}>Try again</Button>
          <Button asChild variant="outline">
            <a href={paths.defaultAfterLogin}>Go to the BTC/USD chart</a>
          </Button>
        </>
      }
    />
  );
  if (inShell) {
    return (
      <>
        <PageHeader title={title} />
        {state}
      </>
    );
  }
  return <main className={styles.page}>{state}</main>;
}
