import { constructRow, makeObjectMap, tableMemo, type Row, type RowModel, type Table } from '@tanstack/react-table';

// Left open (`any`), as TanStack's own `coreRowModel` slot types its table: the model only uses
// the core row API that every feature set has.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyFeatures = any;
type AnyTable = Table<AnyFeatures, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */
type ReusableRow<TData extends object> = Row<AnyFeatures, TData> & { index: number; _displayIndexCache: number };

/**
 * The core row model (one table row per record: a signal, a trade) that reuses the row of every
 * record object it has built one for. TanStack's own model builds all rows again whenever the
 * data array changes: for a live signal prepended to 100,000 that is 100,000 new rows and their
 * garbage, here one. A reused row keeps its cached cell values, which stay right because records
 * are never mutated (a changed record is a new object, so it gets a new row). Unlike TanStack's model this one
 * triggers no auto-resets on data changes; the table turns them off anyway.
 */
export function createReusingCoreRowModel<TData extends object>() {
  return (table: AnyTable): (() => RowModel<AnyFeatures, TData>) => {
    const rowsByRecord = new WeakMap<TData, ReusableRow<TData>>();
    let previousData: readonly TData[] = [];
    let previousRows: readonly ReusableRow<TData>[] = [];
    return tableMemo({
      table,
      fnName: 'table.getCoreRowModel',
      memoDeps: () => [table.options.data],
      fn: () => {
        const data = table.options.data as readonly TData[];
        const rows: ReusableRow<TData>[] = new Array(data.length);
        // Live records arrive at the top and older pages at the bottom: with the shift that
        // matches, most rows are found by comparing with the previous array, not by a lookup.
        const added = data.length - previousData.length;
        const shift = added > 0 && data[added] === previousData[0] ? added : 0;
        for (let index = 0; index < data.length; index++) {
          const record = data[index] as TData;
          let row = previousData[index - shift] === record ? previousRows[index - shift] : rowsByRecord.get(record);
          if (row === undefined) {
            row = constructRow(table, table.getRowId(record, index), record, index, 0) as ReusableRow<TData>;
            rowsByRecord.set(record, row);
          } else if (row.index !== index) {
            row.index = index;
            row._displayIndexCache = -1;
          }
          rows[index] = row;
        }
        previousData = data;
        previousRows = rows;
        // Looked up only when a row is opened or found by id: built then, not on every change.
        let rowsById: Record<string, ReusableRow<TData>> | undefined;
        return {
          rows,
          flatRows: rows,
          get rowsById() {
            if (rowsById === undefined) {
              rowsById = makeObjectMap<ReusableRow<TData>>();
              for (const row of rows) rowsById[row.id] = row;
            }
            return rowsById;
          },
        };
      },
    });
  };
}
