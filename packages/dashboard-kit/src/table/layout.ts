/** Geometry shared by the data tables' styles and virtualisers. */
export const ROW_HEIGHT_PX = 40;
export const HEADER_HEIGHT_PX = 40;
/** Below this viewport width a table shows a card per row and starts with fewer columns. */
export const COMPACT_MEDIA_QUERY = '(max-width: 40rem)';
/** Rows rendered beyond each edge of the viewport, so fast scrolling shows no blank gap. */
export const OVERSCAN_ROWS = 8;
/** `onEndReached` fires once the last rendered row is within this many rows of the end. */
export const END_REACHED_THRESHOLD_ROWS = 20;
/** Skeleton rows shown while the first page loads. */
export const SKELETON_ROWS = 8;

/** Column widths in CSS pixels: a fixed width, or the space left over above a minimum. */
export type ColumnWidths = Readonly<Record<string, { width: number } | { minWidth: number }>>;

/** The narrowest a table gets with these columns shown; it scrolls sideways below that. */
export function tableMinWidth(widths: ColumnWidths, columnIds: readonly string[]): number {
  let total = 0;
  for (const id of columnIds) {
    const size: { width?: number; minWidth?: number } | undefined = widths[id];
    total += size?.width ?? size?.minWidth ?? 0;
  }
  return total;
}
