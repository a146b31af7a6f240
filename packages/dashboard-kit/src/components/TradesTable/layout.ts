/**
 * Geometry shared by the styles and the virtualiser. Rows have a fixed height so the virtualiser
 * places 10,000+ trades without measuring any. Below `COMPACT_MEDIA_QUERY` each trade is a card,
 * its cells two to a line.
 */
export { COMPACT_MEDIA_QUERY, HEADER_HEIGHT_PX, ROW_HEIGHT_PX } from '../../table/layout';
/** Rows rendered beyond each edge of the viewport, so fast scrolling shows no blank gap. */
export const OVERSCAN_ROWS = 8;
/** `onEndReached` fires once the last rendered row is within this many rows of the end. */
export const END_REACHED_THRESHOLD_ROWS = 20;
export const SKELETON_ROWS = 8;
/** A card's padding and the height of one of its lines. */
export const CARD_PADDING_PX = 16;
export const CARD_LINE_PX = 24;

/** A card's height: one line per two cells shown. */
export function cardHeight(cellCount: number): number {
  return CARD_PADDING_PX + Math.ceil(cellCount / 2) * CARD_LINE_PX;
}

/** Column widths in CSS pixels; the P&L column takes what is left above its minimum. */
export const COLUMN_WIDTHS = {
  opened: { width: 160 },
  closed: { width: 160 },
  pair: { width: 96 },
  side: { width: 80 },
  quantity: { width: 104 },
  entryPrice: { width: 120 },
  exitPrice: { width: 120 },
  fees: { width: 96 },
  pnl: { minWidth: 200 },
  exitReason: { width: 120 },
  duration: { width: 112 },
  strategy: { width: 160 },
  links: { width: 136 },
} as const satisfies Record<string, { width: number } | { minWidth: number }>;

export type ColumnKey = keyof typeof COLUMN_WIDTHS;

/** The narrowest the table gets with these columns shown; it scrolls sideways below that. */
export function tableMinWidth(columnIds: readonly string[]): number {
  let total = 0;
  for (const id of columnIds) {
    const size: { width?: number; minWidth?: number } | undefined = COLUMN_WIDTHS[id as ColumnKey];
    total += size?.width ?? size?.minWidth ?? 0;
  }
  return total;
}
