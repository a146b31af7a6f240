import { clsx } from 'clsx';
import { textDirection } from '../format/direction';
import { visuallyHidden } from '../theme/focus.css';
import * as grid from './table.css';

/** A value the record does not have: a dash to the eye, "none" to a screen reader. */
export function Missing() {
  return (
    <>
      <span aria-hidden="true" className={grid.muted}>
        —
      </span>
      <span className={visuallyHidden}>none</span>
    </>
  );
}

/** Text from the data, in its own direction (cut at its own end), whole in its tooltip when the cell cuts it. */
export function TextCell({ value, className }: { value: string | null | undefined; className?: string }) {
  if (value === undefined || value === null || value === '') return <Missing />;
  return (
    <span className={clsx(grid.ownDirection, className)} dir={textDirection(value)} title={value}>
      {value}
    </span>
  );
}

export function NumberCell({ value, format }: { value: number | undefined; format: (value: number) => string }) {
  if (value === undefined) return <Missing />;
  return <span className={grid.numeric}>{format(value)}</span>;
}
