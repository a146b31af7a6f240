import * as styles from './app-loading.css';

/**
 * What the router shows while the first page's code loads (its HydrateFallback): without one, react-router
 * renders nothing and warns in the console at every start.
 */
export function AppLoading() {
  return (
    <div role="status" className={styles.loading}>
      Loading SignalDeck…
    </div>
  );
}
