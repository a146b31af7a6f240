import {
  columnVisibilityFeature,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
} from '@tanstack/react-table';
import { NumberCell, TextCell } from './cells';
import type { GridColumnMeta } from './DataGrid';

/**
 * The TanStack features every data grid has (with its own core row model and meta types beside
 * them): one sorted column, by number (`basic`) or text, and columns that show and hide.
 */
export const gridFeatures = {
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text },
  columnVisibilityFeature,
  columnMeta: {} as GridColumnMeta,
};

/** A column's id, its header and its label (in the header, its sort button and the Columns menu). */
export function named<Id extends string>(id: Id, label: string, align?: GridColumnMeta['align']) {
  return { id, header: label, meta: align === undefined ? { label } : { label, align } };
}

/** `null` becomes `undefined` so TanStack's `sortUndefined: 'last'` keeps blanks at the bottom. */
export const orUndefined = <T,>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/** A cell that shows its number as `format` writes it, or that there is none. */
export const numberCell = (format: (value: number) => string) => (context: { getValue: () => number | undefined }) => (
  <NumberCell value={context.getValue()} format={format} />
);

/** A cell that shows its text from the data, or that there is none. */
export const textCell = (className?: string) => (context: { getValue: () => string | null | undefined }) => (
  <TextCell value={context.getValue()} className={className} />
);
