import { Button, EmptyState } from 'dashboard-kit';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The empty state of the performance pages: what to do to see something here. */
export function NoTrades() {
  return (
    <EmptyState
      title="No trades yet"
      description="Send an alert to your strategy's URL and its paper trades appear here."
      action={
        <Button asChild variant="outline">
          <Link to={paths.settings.strategy}>Go to Settings › Strategy</Link>
        </Button>
      }
    />
  );
}
