import { Button, EmptyState } from 'dashboard-kit';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';

interface NotFoundProps {
  title?: string;
  description?: string;
}

/** An unknown page, pair or interval: a clear message inside the shell and a way back. */
export function NotFound({
  title = 'Page not found',
  description = 'There is nothing at this address.',
}: NotFoundProps) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title={title}
        description={description}
        action={
          <Button asChild variant="outline">
            <Link to={paths.defaultAfterLogin}>Go to the BTC/USD chart</Link>
          </Button>
        }
      />
    </>
  );
}

export function NotFoundRoute() {
  return <NotFound />;
}
