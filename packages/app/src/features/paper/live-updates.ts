import { RECONNECTED_EVENT } from '../../lib/live-stream';
import { useStreamEvent } from '../../lib/live-stream-context';
import { useRevalidatePaper } from './api/revalidate';

/**
 * Keeps every paper-account answer in the cache current: a `trade`, `position` or `outcome` event (or the
 * stream coming back after a break) refetches positions, metrics, the curve and breakdowns. Mounted once,
 * in the shell, so a page opened later finds fresh data too.
 */
export function usePaperLiveUpdates(): void {
  const revalidate = useRevalidatePaper();
  useStreamEvent('trade', revalidate.accounts);
  useStreamEvent('position', revalidate.accounts);
  useStreamEvent('outcome', revalidate.accounts);
  useStreamEvent(RECONNECTED_EVENT, () => {
    revalidate.accounts();
    revalidate.strategies();
  });
}
