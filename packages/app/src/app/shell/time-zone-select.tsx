import { timeZoneLabel, useIsMobile, type TimeZoneMode } from 'dashboard-kit';
import { setTimeZone, useTimeZone } from '../../features/preferences/time-zone';
import * as styles from './app-shell.css';

/** The one time-zone setting, in the header of every signed-in page: the chosen zone is always in view. */
export function TimeZoneSelect() {
  const mode = useTimeZone();
  const local = timeZoneLabel('local');
  // A phone's header has room for a word, not for "Local time (Europe/Paris)": there the zone is in the title.
  const compact = useIsMobile();
  return (
    <select
      className={styles.zoneSelect}
      aria-label="Time zone"
      title={`Every time in SignalDeck is shown in this zone (local time is ${local})`}
      value={mode}
      onChange={(event) => setTimeZone(event.target.value as TimeZoneMode)}
    >
      <option value="local">{compact ? 'Local' : `Local time (${local})`}</option>
      <option value="UTC">UTC</option>
    </select>
  );
}
