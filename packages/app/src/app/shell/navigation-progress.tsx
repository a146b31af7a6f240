import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import * as styles from './app-shell.css';

/** A switch quicker than this shows no bar: a flash of one reads as a flicker, not as progress. */
export const PROGRESS_DELAY_MS = 150;

/**
 * A thin bar along the header's foot while the router loads the next page (its code, on a slow network, can take
 * seconds; the page asked for stays up until then). It says what is happening where the eye already is, and is
 * announced once as "Loading page".
 */
export function NavigationProgress() {
  const loading = useNavigation().state !== 'idle';
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);

  if (!shown) return null;
  return <div role="progressbar" aria-label="Loading page" className={styles.navigationProgress} />;
}
