import { Button, EmptyState } from 'dashboard-kit';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';

interface NotFoundProps {
  title?: string;
  description?: string;
  /** The way back: the BTC/USD chart unless given (an unknown interval of a known pair goes to that pair). */
  back?: { to: string; label: string };
}

/** An unknown page, pair or interval: a clear message inside the shell and a way back. */
export function NotFound({
  title = 'Page not found',
  description = 'There is nothing at this address.',
  back = { to: paths.defaultAfterLogin, label: 'Go to the BTC/USD chart' },
}: NotFoundProps) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title={title}
        description={description}
        action={
          <Button asChild variant="outline">
            <Link to={back.to}>{back.label}</Link>
          </Button>
        }
      />
    </>
  );
}

export function NotFoundRoute() {
  return <NotFound />;
}
