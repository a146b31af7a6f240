import { Button, EmptyState } from 'dashboard-kit';
import { useEffect } from 'react';
import { paths } from '../../config/paths';
import * as styles from '../../features/auth/components/auth-form.css';
import { documentTitle } from '../route-meta';

/**
 * What a page that failed to render shows instead (the router's `errorElement`): a plain apology and a way on,
 * never the error's message or stack. The link reloads the app, which also recovers from a chunk that could not
 * be loaded after an upgrade.
 */
export function RouteErrorPage() {
  useEffect(() => {
    document.title = documentTitle('Something went wrong');
  }, []);

  return (
    <main className={styles.page}>
      <EmptyState
        title="Something went wrong"
        description="This page could not be shown. Try again, or go to the chart."
        action={
          <Button asChild variant="outline">
            <a href={paths.defaultAfterLogin}>Go to the BTC/USD chart</a>
          </Button>
        }
      />
    </main>
  );
}
