import { timeZoneLabel, type TimeZoneMode } from 'dashboard-kit';
import { setTimeZone, useTimeZone } from '../../features/preferences/time-zone';
import * as styles from './app-shell.css';

/** The one time-zone setting, in the header of every signed-in page: the chosen zone is always in view. */
export function TimeZoneSelect() {
  const mode = useTimeZone();
  const local = timeZoneLabel('local');
  return (
    <select
      className={styles.zoneSelect}
      aria-label="Time zone"
      title="Every time in SignalDeck is shown in this zone"
      value={mode}
      onChange={(event) => setTimeZone(event.target.value as TimeZoneMode)}
    >
      <option value="local">Local time ({local})</option>
      <option value="UTC">UTC</option>
    </select>
  );
}
