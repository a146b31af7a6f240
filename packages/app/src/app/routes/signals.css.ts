import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

/** Exactly the viewport below the shell's header: the table, not the page, scrolls. */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  height: `calc(100dvh - ${vars.size.headerHeight} - 2 * ${vars.space['4']})`,
  minHeight: '22rem',
  minWidth: 0,
});

/** The table takes every pixel the page header leaves, and virtualises within it. */
export const table = style({
  flex: '1 1 0',
  minHeight: 0,
  height: 'auto',
});
