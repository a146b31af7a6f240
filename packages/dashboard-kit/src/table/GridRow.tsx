import { FlexRender, type Cell, type RowData, type TableFeatures } from '@tanstack/react-table';
import { clsx } from 'clsx';
import type { ComponentPropsWithoutRef, MouseEvent } from 'react';
import type { GridColumnMeta } from './DataGrid';
import * as grid from './table.css';

const INTERACTIVE_TARGET = 'button, a, input, select, textarea, [role="button"], [role="menuitem"]';

/** What every memoised row of a grid takes, whatever it shows. */
export interface GridRowProps<TRecord> {
  /** The row's DOM id, for the grid's `aria-activedescendant`. */
  id: string;
  ariaRowIndex: number;
  /** The row the grid's keyboard focus is on. */
  active: boolean;
  selected: boolean;
  /** Changes when columns are shown or hidden (or anything else every row draws), so a memoised row renders again. */
  visibleColumnKey: string;
  onActivate: ((record: TRecord) => void) | undefined;
  /** A pointer chose this row: the keyboard goes on from here. */
  onPoint: (rowId: string) => void;
}

/** What a body knows of all its rows, to give each row its `GridRowProps`. */
export interface GridRowContext<TRecord> {
  rowDomId: (rowId: string) => string;
  activeId: string | null;
  selectedId: string | null;
  visibleColumnKey: string;
  onActivate: ((record: TRecord) => void) | undefined;
  onPoint: (rowId: string) => void;
}

/** The props of the row with this id at this place in the list (the header is row 1). */
export function gridRowProps<TRecord>(
  context: GridRowContext<TRecord>,
  rowId: string,
  index: number,
): GridRowProps<TRecord> {
  return {
    id: context.rowDomId(rowId),
    ariaRowIndex: index + 2,
    active: rowId === context.activeId,
    selected: rowId === context.selectedId,
    visibleColumnKey: context.visibleColumnKey,
    onActivate: context.onActivate,
    onPoint: context.onPoint,
  };
}

type GridRowElementProps<TRecord> = GridRowProps<TRecord> &
  Omit<ComponentPropsWithoutRef<'tr'>, 'id' | 'onClick'> & {
    /** The table's row of a record (a TanStack row). */
    row: { id: string; original: TRecord };
    /** The row's `data-slot`. */
    slot: string;
  };

/**
 * A data row: selected, active and clickable as its props say. A click anywhere but on a control
 * in it chooses the row, and the keyboard goes on from there.
 */
export function GridRow<TRecord>({
  id,
  ariaRowIndex,
  active,
  selected,
  visibleColumnKey: _visibleColumnKey,
  onActivate,
  onPoint,
  row,
  slot,
  children,
  ...rest
}: GridRowElementProps<TRecord>) {
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    onPoint(row.id);
    if ((event.target as Element).closest(INTERACTIVE_TARGET)) return;
    onActivate?.(row.original);
  };
  return (
    <tr
      id={id}
      role="row"
      aria-rowindex={ariaRowIndex}
      aria-selected={selected}
      data-active={active || undefined}
      data-clickable={onActivate ? '' : undefined}
      data-slot={slot}
      data-row-id={row.id}
      onClick={onClick}
      {...rest}
    >
      {children}
    </tr>
  );
}

/**
 * A row's data cells, as the visible columns say, each aligned as its column is. `cardSlots` says
 * where each sits on a phone's card (`data-card`), for a table whose CSS places cells by it.
 */
export function GridCells<TFeatures extends TableFeatures, TData extends RowData>({
  cells,
  className,
  cardSlots,
}: {
  cells: readonly Cell<TFeatures, TData, unknown>[];
  className: string;
  cardSlots?: Readonly<Record<string, string>>;
}) {
  return cells.map((cell) => {
    const meta = cell.column.columnDef.meta as GridColumnMeta | undefined;
    return (
      <td
        key={cell.id}
        role="gridcell"
        className={clsx(className, grid.align[meta?.align ?? 'start'])}
        data-column={cell.column.id}
        data-card={cardSlots?.[cell.column.id]}
      >
        <FlexRender cell={cell} />
      </td>
    );
  });
}
