import { Link, useSearchParams } from 'react-router-dom';
import * as styles from '../../../components/segmented-nav.css';

interface TickerFilterProps {
  tickers: readonly string[];
  current: string | null;
}

/** Filters the list by ticker through the URL (`?ticker=`), so the view can be shared and reloaded. */
export function TickerFilter({ tickers, current }: TickerFilterProps) {
  const [params] = useSearchParams();
  const hrefFor = (ticker: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('selected');
    if (ticker) next.set('ticker', ticker);
    else next.delete('ticker');
    const query = next.toString();
    return query ? `/signals?${query}` : '/signals';
  };
  return (
    <nav aria-label="Filter signals by ticker">
      <ul className={styles.list}>
        {[null, ...tickers].map((ticker) => (
          <li key={ticker ?? 'all'}>
            <Link className={styles.link} to={hrefFor(ticker)} aria-current={ticker === current ? 'page' : undefined}>
              {ticker ?? 'All'}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
