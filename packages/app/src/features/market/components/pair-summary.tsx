import { Button, Skeleton } from 'dashboard-kit';
import { formatChange, formatPrice, type PriceChange } from '../format';
import * as styles from './pair-summary.css';

interface PairSummaryProps {
  change: PriceChange | null;
  caption: string;
  /** Why the price could not be loaded: said, with a retry, instead of a skeleton that never ends. */
  error?: string | null;
  onRetry?: () => void;
}

/** Last price and change, coloured by direction; a skeleton until the first candles arrive. */
export function PairSummary({ change, caption, error, onRetry }: PairSummaryProps) {
  if (!change && error) {
    return (
      <div role="alert" className={styles.root}>
        <span className={styles.caption}>Couldn’t load the price: {error}</span>
        {onRetry && (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        )}
      </div>
    );
  }
  if (!change) return <Skeleton aria-label="Loading price" style={{ width: '12rem', height: '1.75rem' }} />;
  const direction = change.change > 0 ? 'up' : change.change < 0 ? 'down' : 'flat';
  return (
    <div className={styles.root}>
      <span className={styles.price} aria-label={`Last price ${formatPrice(change.last)} US dollars`}>
        ${formatPrice(change.last)}
      </span>
      <span className={styles.change[direction]}>{formatChange(change)}</span>
      <span className={styles.caption}>{caption}</span>
    </div>
  );
}
