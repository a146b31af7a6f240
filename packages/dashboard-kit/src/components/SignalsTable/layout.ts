import { tableMinWidth as minWidthOf, type ColumnWidths } from '../../table/layout';

/**
 * Geometry of the signals table. Rows have a fixed height so the virtualiser can place 100,000 of
 * them without measuring each; only expanded detail rows are measured.
 */
export { COMPACT_MEDIA_QUERY, ROW_HEIGHT_PX } from '../../table/layout';

/**
 * A signal's card on phone widths (below `COMPACT_MEDIA_QUERY`): status with its reason or outcome on up to
 * three lines, then ticker, action and price, then time and strategy.
 */
export const CARD_HEIGHT_PX = 128;
/** The card's status line: a badge's line and two more lines of extra-small text. */
export const CARD_STATUS_HEIGHT_PX = 56;
/** A first guess for an expanded row before it is measured. */
export const DETAIL_ESTIMATE_PX = 220;
/** How long a newly arrived row stays highlighted. */
export const FRESH_ROW_MS = 2_400;
/** More new rows than this at once is a page of data being loaded, not live alerts: none flash. */
export const FRESH_BATCH_MAX = 10;

/**
 * Column widths in CSS pixels: a fixed width, or (status) the space left over above a minimum. All of them
 * (988 px) fit the signals page beside an open sidebar at 1280 px (990 px), so the table does not scroll
 * sideways there and the status column keeps room for a reason on two lines.
 * Classes, not inline styles, so the browser can reuse computed styles across rows.
 */
export const COLUMN_WIDTHS = {
  expand: { width: 44 },
  // 09:05:12 (today) or 11-23 09:05 over "2 min ago".
  time: { width: 112 },
  ticker: { width: 80 },
  // The longest action a webhook takes, exit_short, whole in its badge.
  action: { width: 104 },
  price: { width: 120 },
  // A quantity to the satoshi, whole: 12,345.12345678 (as the trades table writes it). A longer one is cut
  // at its end, whole in its tooltip.
  quantity: { width: 152 },
  interval: { width: 72 },
  // Cut at its end, whole in its tooltip and the row's details.
  strategy: { width: 104 },
  status: { minWidth: 200 },
} as const satisfies ColumnWidths;

export type ColumnKey = keyof typeof COLUMN_WIDTHS;

/** The narrowest the table gets with these columns shown; it scrolls sideways below that. */
export const tableMinWidth = (columnIds: readonly string[]): number => minWidthOf(COLUMN_WIDTHS, columnIds);
