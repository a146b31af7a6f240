import { Badge } from 'dashboard-kit';
import type { StreamStatus } from '../../lib/live-stream';
import { useConnectionStatus } from '../../lib/live-stream-context';

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

/** The one connection indicator of the signed-in pages (in the header): Live, Reconnecting or Offline. */
export function ConnectionIndicator() {
  const shown = SHOWN[useConnectionStatus()];
  return (
    <span role="status" data-slot="connection-indicator">
      <Badge variant={shown.variant} title={shown.title}>
        {shown.label}
      </Badge>
    </span>
  );
}
