import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  height: vars.size.headerHeight,
  padding: `0 ${vars.space['4']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.background,
});

export const headerDivider = style({
  width: '1px',
  height: '1rem',
  background: vars.color.border,
});

export const content = style({
  flex: 1,
  minWidth: 0,
  padding: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.md,
  color: vars.color.sidebarForeground,
  textDecoration: 'none',
  minWidth: 0,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
});

export const footerRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  flexWrap: 'wrap',
});

export const chevron = style({
  marginLeft: 'auto',
  transition: `transform ${vars.duration.fast}`,
  selectors: {
    '[aria-expanded="true"] > &': { transform: 'rotate(90deg)' },
  },
});
