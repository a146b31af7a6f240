import * as styles from './app-loading.css';

/**
 * What the router shows while the first page's code loads (its HydrateFallback): without one, react-router
 * renders nothing and warns in the console at every start. It takes over from index.html's loading shell
 * (public/boot.css) with the same spinner and text in the same places, so a slow load shows one steady screen
 * until the page appears, not a spinner that vanishes and text that jumps.
 */
export function AppLoading() {
  return (
    <div role="status" className={styles.loading}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.text}>Loading SignalDeck…</span>
    </div>
  );
}
