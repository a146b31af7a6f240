import { assignInlineVars } from '@vanilla-extract/dynamic';
import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { visuallyHidden } from '../../theme/focus.css';
import * as styles from './LatencyHistogram.css';

export interface LatencyBucket {
  /** The range in words: `under 1 s`, `1–2 s`, `1 min or more`. */
  label: string;
  count: number;
}

export interface LatencyHistogramProps extends Omit<ComponentPropsWithoutRef<'table'>, 'children'> {
  /** In order, shortest delays first. */
  buckets: readonly LatencyBucket[];
  /** The table's caption, read first by screen readers. */
  caption?: string;
  /** Shown instead of the bars when every bucket is empty. */
  emptyText?: string;
}

const alerts = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'alert' : 'alerts'}`;

/**
 * How long alerts took to arrive, as a histogram that is also a table: one row per delay range, its count in
 * words and a bar as long as its share of the fullest range. Screen readers read the table (range, count); the
 * bars are decoration. Colour carries nothing the numbers do not say.
 */
export const LatencyHistogram = forwardRef<HTMLTableElement, LatencyHistogramProps>(function LatencyHistogram(
  {
    buckets,
    caption = 'Delivery latency: alert time to receipt',
    emptyText = 'No alert gave its time yet.',
    className,
    ...rest
  },
  ref,
) {
  const fullest = Math.max(0, ...buckets.map((bucket) => bucket.count));
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <table ref={ref} data-slot="latency-histogram" className={clsx(styles.table, className)} {...rest}>
      <caption className={styles.caption}>
        {caption}
        {total > 0 ? ` (${alerts(total)})` : ''}
      </caption>
      <thead className={visuallyHidden}>
        <tr>
          <th scope="col">Delay</th>
          <th scope="col">Alerts</th>
        </tr>
      </thead>
      <tbody>
        {total === 0 ? (
          <tr>
            <td colSpan={2} className={styles.empty}>
              {emptyText}
            </td>
          </tr>
        ) : (
          buckets.map((bucket) => (
            <tr key={bucket.label} className={styles.row}>
              <th scope="row" className={styles.range}>
                {bucket.label}
              </th>
              <td className={styles.cell}>
                <span
                  className={styles.bar}
                  aria-hidden="true"
                  style={assignInlineVars({ [styles.share]: String(fullest === 0 ? 0 : bucket.count / fullest) })}
                />
                <span className={styles.count}>{bucket.count.toLocaleString('en-US')}</span>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
});
