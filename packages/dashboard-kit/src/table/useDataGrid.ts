import type { ColumnVisibilityState, SortingState } from '@tanstack/react-table';
import { useCallback, useId, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useControllableState } from '../hooks/useControllableState';
import type { TimeZoneMode } from '../time/time-zone';
import type { GridBodyContext } from './GridBody';
import { COMPACT_MEDIA_QUERY } from './layout';
import { useMediaQuery } from './useMediaQuery';

/**
 * The props every data grid takes alike: its name, the state of its data and of its columns, and
 * (ref, `className` and the rest) those of its root element.
 */
export interface DataGridBaseProps<TSorting, TVisibility> extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The table's accessible name. */
  label?: string;
  /** The first page is loading: skeleton rows stand in for the data. */
  loading?: boolean;
  /** Loading failed: shown in place of the rows, or above them when some are already loaded. */
  error?: Error | string | null;
  /** Offered as a Retry button next to the error. */
  onRetry?: () => void;
  /** More (older) rows can be loaded. */
  hasMore?: boolean;
  /** A further page is on its way. */
  loadingMore?: boolean;
  /** Called once per row count when the user scrolls near the end and `hasMore` is set. */
  onEndReached?: () => void;
  /** The selected row (for example the one behind a clicked chart marker): marked `aria-selected` and scrolled into view. */
  selectedId?: string | null;
  /** The sorted column (controlled). Empty keeps the order given. */
  sorting?: TSorting;
  defaultSorting?: TSorting;
  onSortingChange?: (sorting: TSorting) => void;
  /** Which columns show (controlled). Left out, phone widths start with fewer columns. */
  columnVisibility?: TVisibility;
  defaultColumnVisibility?: TVisibility;
  onColumnVisibilityChange?: (visibility: TVisibility) => void;
  /**
   * The columns the user showed or hid, to start with (for example kept from an earlier visit), over the starting
   * set; the columns it does not name still follow the component. Not with `columnVisibility`.
   */
  defaultColumnChoices?: TVisibility;
  /** Every column the user has shown or hid, each time they toggle one (not with `columnVisibility`). */
  onColumnChoicesChange?: (choices: TVisibility) => void;
  /** The zone times are shown in, named in the time columns' headers. */
  timeZone?: TimeZoneMode;
  /** Replaces the default empty message. */
  emptyState?: ReactNode;
}

/** The columns a table starts without when no visibility is given: on phones, and on wider screens. */
export interface HiddenColumns {
  compact: ColumnVisibilityState;
  wide?: ColumnVisibilityState;
}

/** Whether the screen is phone-width as the grid mounts (no window: wide). */
function compactAtStart(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia(COMPACT_MEDIA_QUERY).matches;
}

/**
 * Which columns show: the `columnVisibility` prop when given (controlled); else the starting set (the
 * `defaultColumnVisibility` the grid mounted with, or the component's hidden columns for the width it mounted at)
 * with the user's own choices over it. Only the columns the user toggled are their choices: the rest follow the
 * starting set as the component changes it (a table that learns it lists several strategies shows their column,
 * and hides it again for one), and a choice is undone only by `reset` (the Columns menu's "Reset columns", which
 * puts the starting set back and clears the choices). The choices start as `defaultChoices` (kept from an
 * earlier visit, say). Every change is reported through `onChange`, and the choices through `onChoicesChange`.
 * `choices` are the columns the user (or, controlled, the prop) decided.
 */
function useColumnVisibility(
  controlled: ColumnVisibilityState | undefined,
  defaultVisibility: ColumnVisibilityState | undefined,
  hidden: HiddenColumns,
  onChange: ((visibility: ColumnVisibilityState) => void) | undefined,
  defaultChoices: ColumnVisibilityState | undefined,
  onChoicesChange: ((choices: ColumnVisibilityState) => void) | undefined,
) {
  const [compact] = useState(compactAtStart);
  const [initialDefault] = useState(defaultVisibility);
  const [choices, setChoices] = useState<ColumnVisibilityState>(() => ({ ...defaultChoices }));
  const starting = initialDefault ?? (compact ? hidden.compact : (hidden.wide ?? {}));
  const shown = controlled ?? { ...starting, ...choices };
  // Always held from outside (the prop, or the starting set and the choices), so the starting set can follow
  // `hidden`; the columns a change toggles become the user's choices unless the prop decides.
  const [visibility, setVisibility] = useControllableState<ColumnVisibilityState>({
    prop: shown,
    defaultProp: starting,
    onChange: (next) => {
      if (controlled === undefined) {
        const toggled = changedColumns(shown, next);
        if (toggled.length > 0) {
          const chosen = { ...choices, ...Object.fromEntries(toggled.map((id) => [id, next[id] ?? true])) };
          setChoices(chosen);
          onChoicesChange?.(chosen);
        }
      }
      onChange?.(next);
    },
  });
  // Back to the table's own columns for this view: offered while the columns shown (the user's choices over them,
  // or the prop) differ from them. A choice that shows what the view shows anyway stays until one differs.
  const reset =
    changedColumns(shown, starting).length > 0
      ? () => {
          if (controlled === undefined) {
            setChoices({});
            onChoicesChange?.({});
          }
          onChange?.({ ...starting });
        }
      : undefined;
  return { visibility, setVisibility, choices: controlled ?? choices, reset };
}

/** The columns two visibility maps show differently (a column left out is shown). */
function changedColumns(a: ColumnVisibilityState, b: ColumnVisibilityState): string[] {
  return Object.keys({ ...a, ...b }).filter((id) => (a[id] ?? true) !== (b[id] ?? true));
}

/**
 * What every data grid holds alike, from its props: their defaults, the sorted column and which
 * columns show (each controlled or not; phones start with fewer), whether the screen is
 * phone-width now (the layout follows the same query in CSS; this only decides what to mount and
 * how tall a row is), the scroller, DOM ids for the rows, and the selected and chosen row.
 */
export function useDataGrid<TSorting, TVisibility, TRecord>(
  props: DataGridBaseProps<TSorting, TVisibility>,
  options: {
    /** The accessible name when `label` is left out. */
    label: string;
    hidden: HiddenColumns;
    /** Chooses a row (click, Enter or Space); left out, rows are not clickable. */
    onActivate: ((record: TRecord) => void) | undefined;
  },
) {
  const {
    label = options.label,
    loading = false,
    error = null,
    onRetry,
    hasMore = false,
    loadingMore = false,
    onEndReached,
    selectedId = null,
    sorting,
    defaultSorting,
    onSortingChange,
    columnVisibility,
    defaultColumnVisibility,
    onColumnVisibilityChange,
    defaultColumnChoices,
    onColumnChoicesChange,
    timeZone = 'local',
    emptyState,
    ...rest
  } = props;
  const [sortingState, setSortingState] = useControllableState<SortingState>({
    prop: sorting as SortingState | undefined,
    defaultProp: (defaultSorting as SortingState | undefined) ?? [],
    onChange: onSortingChange as ((sorting: SortingState) => void) | undefined,
  });
  const {
    visibility: visibilityState,
    setVisibility: setVisibilityState,
    choices: visibilityChoices,
    reset: resetColumns,
  } = useColumnVisibility(
    columnVisibility as ColumnVisibilityState | undefined,
    defaultColumnVisibility as ColumnVisibilityState | undefined,
    options.hidden,
    onColumnVisibilityChange as ((visibility: ColumnVisibilityState) => void) | undefined,
    defaultColumnChoices as ColumnVisibilityState | undefined,
    onColumnChoicesChange as ((choices: ColumnVisibilityState) => void) | undefined,
  );
  const compact = useMediaQuery(COMPACT_MEDIA_QUERY);
  // State, not a ref: the body's virtualiser needs a render once the scroller exists.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const idPrefix = useId();
  const rowDomId = useCallback((rowId: string) => `${idPrefix}-row-${encodeURIComponent(rowId)}`, [idPrefix]);
  // The same function for the grid's life, so memoised rows do not render again for a new callback.
  const onActivateRef = useRef(options.onActivate);
  onActivateRef.current = options.onActivate;
  const activate = useCallback((record: TRecord) => onActivateRef.current?.(record), []);

  return {
    /** What the frame (`DataGrid`) takes from the props, and the rest of them for its root. */
    frame: {
      ...rest,
      label,
      loading,
      loadingMore,
      hasMore,
      error,
      onRetry,
      emptyState,
      compact,
      onScroller: setScroller,
      onResetColumns: resetColumns,
      sortedBy: sortingState[0],
      onSortChange: (id: string | null, desc: boolean) => setSortingState(id === null ? [] : [{ id, desc }]),
    },
    /** What the virtualised body takes from them. */
    body: {
      scroller,
      rowDomId,
      paging: { hasMore, loadingMore, onEndReached },
      selectedId,
      onActivate: options.onActivate ? activate : undefined,
    } satisfies GridBodyContext<TRecord>,
    selectedId,
    timeZone,
    sortingState,
    setSortingState,
    visibilityState,
    setVisibilityState,
    /** The columns the user chose to show or hide (controlled: every column the prop names). */
    visibilityChoices,
    compact,
    idPrefix,
  };
}
