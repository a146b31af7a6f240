import { tableMinWidth as minWidthOf, type ColumnWidths } from '../../table/layout';

/**
 * Geometry of the trades table. Rows have a fixed height so the virtualiser places 10,000+ trades
 * without measuring any. Below `COMPACT_MEDIA_QUERY` each trade is a card: its short cells two to
 * a line, its long ones (P&L, strategy, links) a line each below them.
 */
export { COMPACT_MEDIA_QUERY, ROW_HEIGHT_PX } from '../../table/layout';
/** A card's padding and the height of one of its lines. */
export const CARD_PADDING_PX = 16;
export const CARD_LINE_PX = 24;

/** Where a cell sits on a card: at the start or the end of a line it shares, or on a line of its own. */
export type CardSlot = 'start' | 'end' | 'wide';

/**
 * Cells too long to share a line on a phone (about 160 px each): the entry and the exit (a time and
 * a price), P&L with its percent and "unrealised", a strategy's name, and the links.
 */
const WIDE_CELLS = new Set(['opened', 'closed', 'pnl', 'strategy', 'links']);

/** Each shown cell's place on a card, and the card's height. */
export function cardLayout(cellIds: readonly string[]): { slots: Record<string, CardSlot>; height: number } {
  const slots: Record<string, CardSlot> = {};
  let shared = 0;
  let wide = 0;
  for (const id of cellIds) {
    if (WIDE_CELLS.has(id)) {
      slots[id] = 'wide';
      wide += 1;
    } else {
      slots[id] = shared % 2 === 0 ? 'start' : 'end';
      shared += 1;
    }
  }
  return { slots, height: CARD_PADDING_PX + (Math.ceil(shared / 2) + wide) * CARD_LINE_PX };
}

/** Column widths in CSS pixels; the P&L column takes what is left above its minimum. */
export const COLUMN_WIDTHS = {
  // A fill's time over its price: 2026-11-24 09:05 / 85,912.09.
  opened: { width: 144 },
  closed: { width: 144 },
  pair: { width: 64 },
  side: { width: 72 },
  // Eight decimals and the pair: 0.01960784 BTC.
  quantity: { width: 152 },
  fees: { width: 84 },
  // The amount over its percent: −$1,234.56 / −12.35% unrealised (the word on a line of its own when it has no room).
  pnl: { minWidth: 112 },
  exitReason: { width: 104 },
  duration: { width: 96 },
  // A name: at least 144 px, and a share of any room left (with P&L) on wider screens.
  strategy: { minWidth: 144 },
  // Three icon links.
  links: { width: 112 },
} as const satisfies ColumnWidths;

/** A row on wide screens: two lines (a fill's time over its price, P&L over its percent). */
export const TRADE_ROW_HEIGHT_PX = 52;

/** The narrowest the table gets with these columns shown; it scrolls sideways below that. */
export const tableMinWidth = (columnIds: readonly string[]): number => minWidthOf(COLUMN_WIDTHS, columnIds);
