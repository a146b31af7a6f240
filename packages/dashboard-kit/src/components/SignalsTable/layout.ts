import { tableMinWidth as minWidthOf, type ColumnWidths } from '../../table/layout';

/**
 * Geometry of the signals table. Rows have a fixed height so the virtualiser can place 100,000 of
 * them without measuring each; only expanded detail rows are measured.
 */
export { COMPACT_MEDIA_QUERY } from '../../table/layout';

/**
 * A row on wide screens: three lines of extra-small text beside a badge, so an outcome that wraps to a third line
 * (a reversal's "Executed at 89,242.12: long 0.01 → short 0.03" beside the badge at 1280 px) is read whole, not cut.
 */
export const SIGNAL_ROW_HEIGHT_PX = 52;

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

/** The inline padding of the table's cells and headers: 8 px, where other tables have 12 px, for nine columns. */
export const CELL_INSET_PX = 8;

/**
 * Column widths in CSS pixels, padding included: a fixed width, or (status) the space left over above a minimum.
 * All of them (984 px) fit the signals page beside an open sidebar at 1280 px (990 px), so the table does not
 * scroll sideways there; the status column then has 206 px, room for the badge and an outcome such as "Executed:
 * opened long 0.01 @ 87,829.73" whole on two lines, and a reversal's on three. Classes, not inline styles, so the
 * browser can reuse computed styles across rows.
 */
export const COLUMN_WIDTHS = {
  // The 32 px toggle and its padding.
  expand: { width: 48 },
  // 09:05:12 (today) or 11-23 09:05 over "2 min ago".
  time: { width: 104 },
  ticker: { width: 72 },
  // The longest action a webhook takes, exit_short, whole in its badge.
  action: { width: 96 },
  price: { width: 112 },
  // A quantity to the satoshi, whole: 12,345.12345678 (as the trades table writes it). A longer one is cut
  // at its end, whole in its tooltip.
  quantity: { width: 144 },
  // Its header's label and sort icon, whole.
  interval: { width: 80 },
  // On two lines: the alert's strategy over the strategy that received it ("Breakout 4h ·" over "Default") is
  // whole; a longer one is cut at the end of the second, whole in its tooltip and the row's details.
  strategy: { width: 128 },
  status: { minWidth: 200 },
} as const satisfies ColumnWidths;

export type ColumnKey = keyof typeof COLUMN_WIDTHS;

/** The narrowest the table gets with these columns shown; it scrolls sideways below that. */
export const tableMinWidth = (columnIds: readonly string[]): number => minWidthOf(COLUMN_WIDTHS, columnIds);
