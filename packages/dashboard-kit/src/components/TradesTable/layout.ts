import { tableMinWidth as minWidthOf, type ColumnWidths } from '../../table/layout';

/**
 * Geometry of the trades table. Rows have a fixed height so the virtualiser places 10,000+ trades
 * without measuring any. Below `COMPACT_MEDIA_QUERY` each trade is a card, its cells two to a line.
 */
export { COMPACT_MEDIA_QUERY, ROW_HEIGHT_PX } from '../../table/layout';
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
} as const satisfies ColumnWidths;

/** The narrowest the table gets with these columns shown; it scrolls sideways below that. */
export const tableMinWidth = (columnIds: readonly string[]): number => minWidthOf(COLUMN_WIDTHS, columnIds);
