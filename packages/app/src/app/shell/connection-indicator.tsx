import { Badge } from 'dashboard-kit';
import type { StreamStatus } from '../../lib/live-stream';
import { useConnectionStatus } from '../../lib/live-stream-context';
import * as styles from './connection-indicator.css';

const SHOWN: Record<StreamStatus, { label: string; variant: 'success' | 'warning' | 'danger'; title: string }> = {
  connecting: { label: 'Connecting…', variant: 'warning', title: 'Opening the live connection to SignalDeck.' },
  live: { label: 'Live', variant: 'success', title: 'Connected: new signals and prices appear as they arrive.' },
  reconnecting: {
    label: 'Reconnecting…',
    variant: 'warning',
    title: 'The connection broke; what is on screen may be out of date until it is back.',
  },
  offline: {
    label: 'Offline',
    variant: 'danger',
    title: 'SignalDeck cannot be reached; it keeps trying, and reloads what is shown once it is back.',
  },
};

/** The longest label: the badge keeps its width, so a change of state never moves the header. */
const WIDEST = Object.values(SHOWN).reduce((widest, { label }) => (label.length > widest.length ? label : widest), '');

/** The one connection indicator of the signed-in pages (in the header): Live, Reconnecting or Offline. */
export function ConnectionIndicator() {
  const shown = SHOWN[useConnectionStatus()];
  return (
    <span role="status" data-slot="connection-indicator">
      <Badge variant={shown.variant} title={shown.title} className={styles.badge} data-widest={WIDEST}>
        <span className={styles.label}>{shown.label}</span>
      </Badge>
    </span>
  );
}
