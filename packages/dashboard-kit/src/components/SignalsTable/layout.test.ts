import { describe, expect, it } from 'vitest';
import { EXPAND_COLUMN_ID } from './columns';
import { CELL_INSET_PX, COLUMN_WIDTHS, SIGNAL_ROW_HEIGHT_PX, tableMinWidth } from './layout';
import { SIGNAL_COLUMN_IDS } from './types';

/** What a 1280 px screen leaves the table beside an open sidebar (16rem, and the page's padding). */
const BESIDE_SIDEBAR_PX = 990;
/** The expand toggle (the kit's small control size). */
const TOGGLE_PX = 32;

describe('given every column shown, beside an open sidebar at 1280 px', () => {
  const all = [EXPAND_COLUMN_ID, ...SIGNAL_COLUMN_IDS];

  it('should fit without scrolling sideways', () => {
    expect(tableMinWidth(all)).toBeLessThanOrEqual(BESIDE_SIDEBAR_PX);
  });

  it('should leave the status column room for its badge and an outcome with its fill price on two lines', () => {
    const status = BESIDE_SIDEBAR_PX - tableMinWidth(all) + COLUMN_WIDTHS.status.minWidth;
    // Measured in Chromium with a wide sans-serif: the "accepted" badge and "Executed: opened" take 184 px of the
    // first line, "short 0.02 @ 89,484.52" 145 px of the second; with the padding, 200 px holds them.
    expect(status).toBeGreaterThanOrEqual(200);
  });

  it("should make a row tall enough for three lines of status, so a reversal's new side and size wrap whole", () => {
    // Measured in Chromium: the badges' line is 18 px high, each line of extra-small text under it 15 px; the
    // row's rule takes 1 px.
    expect(SIGNAL_ROW_HEIGHT_PX).toBeGreaterThanOrEqual(18 + 2 * 15 + 1);
  });

  it('should fit the expand toggle inside its padding, so nothing of it is cut', () => {
    expect(COLUMN_WIDTHS.expand.width - 2 * CELL_INSET_PX).toBeGreaterThanOrEqual(TOGGLE_PX);
  });
});
