import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import * as styles from '../../../components/segmented-nav.css';

interface IntervalSwitcherProps {
  symbol: string;
  interval: string;
  intervals: readonly string[];
}

/** The pair's intervals as links to /trading/{symbol}/{interval}; the current one is marked. */
export function IntervalSwitcher({ symbol, interval, intervals }: IntervalSwitcherProps) {
  return (
    <nav aria-label="Chart interval">
      <ul className={styles.list}>
        {intervals.map((value) => (
          <li key={value}>
            <Link
              className={styles.link}
              to={paths.trading(symbol, value)}
              aria-current={value === interval ? 'page' : undefined}
            >
              {value}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
