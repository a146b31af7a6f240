import { Button, EmptyState } from 'dashboard-kit';
import { Link, useMatches } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../route-meta';

export interface PlaceholderHandle extends RouteHandle {
  summary: string;
}

/** A page that is planned but not built yet: it says what will be there instead of a dead link. */
export function PlaceholderRoute() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as PlaceholderHandle | undefined;
  const title = handle?.title ?? 'Coming soon';
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title={`${title} is on its way`}
        description={handle?.summary ?? 'This part of SignalDeck is not available yet.'}
        action={
          <Button asChild variant="outline">
            <Link to={paths.defaultAfterLogin}>Back to the BTC/USD chart</Link>
          </Button>
        }
      />
    </>
  );
}
