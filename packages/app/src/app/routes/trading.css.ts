import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

/** A phone on its side: too short for the page header and the chart together. */
const PHONE_LANDSCAPE = '(orientation: landscape) and (max-height: 32rem)';

/** The chart takes every pixel below the page header, down to the bottom of the window. */
export const chart = style({
  flex: '1 1 0',
  display: 'flex',
  flexDirection: 'column',
  minHeight: '24rem',
  minWidth: 0,
  '@media': {
    // First thing seen: above the page header, as tall as the window under the app's bar.
    [PHONE_LANDSCAPE]: {
      order: -1,
      flex: 'none',
      minHeight: 0,
      height: `calc(100dvh - ${vars.size.headerHeight} - 2 * ${vars.space['4']})`,
    },
  },
});

// The page's column is at least the window's height under the app's bar, so the chart can fill the rest.
globalStyle(`*:has(> ${chart})`, {
  minHeight: `calc(100dvh - ${vars.size.headerHeight})`,
});
