import { useSyncExternalStore } from 'react';
import { MOBILE_MEDIA_QUERY } from '../theme/tokens';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return window.matchMedia(MOBILE_MEDIA_QUERY).matches;
}

/** The server cannot know the viewport; it renders the desktop markup, which CSS hides on phones. */
function getServerSnapshot(): boolean {
  return false;
}

/**
 * Whether the viewport is at or below the mobile breakpoint (768px). Use it only to decide what
 * to mount; sizes and visibility that depend on the viewport belong in CSS media queries.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
