import { visuallyHidden } from '../theme/focus.css';
import { formatCount, formatDuration, formatMoney, formatPercent, formatRatio, isInfinite } from './performance';

/** How a metric's number is written. `signed*` put "+" before gains; `percent` takes percent units (9.79 = 9.79 %). */
export type MetricFormat = 'money' | 'signedMoney' | 'percent' | 'signedPercent' | 'ratio' | 'count' | 'duration';

/** The text of a metric, `"∞"` for an infinite ratio and `"—"` for a missing value. */
export function formatMetric(value: number | string | null | undefined, format: MetricFormat): string {
  if (isInfinite(value)) return '∞';
  const number = typeof value === 'string' ? Number(value) : value;
  if (number === null || number === undefined || Number.isNaN(number)) return '—';
  switch (format) {
    case 'money':
      return formatMoney(number);
    case 'signedMoney':
      return formatMoney(number, { signed: true });
    case 'percent':
      return formatPercent(number);
    case 'signedPercent':
      return formatPercent(number, { signed: true });
    case 'ratio':
      return formatRatio(number);
    case 'count':
      return formatCount(number);
    case 'duration':
      return formatDuration(number);
  }
}

/**
 * A metric's number as text. Infinity (a profit factor with no losses, sent as `"Infinity"`) is
 * drawn as "∞" and named "infinite" for screen readers; a missing value is "—", named "none".
 */
export function MetricNumber({ value, format }: { value: number | string | null | undefined; format: MetricFormat }) {
  if (isInfinite(value)) {
    return (
      <span role="img" aria-label="infinite" data-slot="metric-infinite">
        ∞
      </span>
    );
  }
  const text = formatMetric(value, format);
  if (text === '—') {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className={visuallyHidden}>none</span>
      </>
    );
  }
  return <>{text}</>;
}
