import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const trigger = style({
  position: 'relative',
});

/** The unread count, over the bell's top right corner. */
export const count = style({
  position: 'absolute',
  top: '-2px',
  right: '-4px',
  minWidth: '1.125rem',
  height: '1.125rem',
  padding: '0 4px',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.dangerForeground,
  fontSize: '0.6875rem',
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  fontVariantNumeric: 'tabular-nums',
  pointerEvents: 'none',
});

/** Never wider than a phone leaves room for (the panel sits 8px from each edge). */
/**
 * The panel: its heading and its "Mark all as read" / "See all" stay in view, and only the items between scroll
 * when the window is short (at 1280x800, eight items pushed "See all" below the window's foot).
 */
export const content = style({
  width: '22rem',
  maxWidth: 'calc(100vw - 16px)',
  display: 'flex',
  flexDirection: 'column',
  overflowY: 'hidden',
});

export const items = style({
  minHeight: 0,
  flexShrink: 1,
  overflowY: 'auto',
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const item = style({
  alignItems: 'flex-start',
  textDecoration: 'none',
  color: 'inherit',
  paddingBlock: vars.space['2'],
});

export const dot = style({
  flexShrink: 0,
  width: '0.5rem',
  height: '0.5rem',
  marginTop: '0.375rem',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
});

/** Keeps read items' text in line with unread ones'. */
export const noDot = style([dot, { background: 'transparent' }]);

export const text = style({
  display: 'grid',
  gap: '2px',
  minWidth: 0,
});

export const title = style({
  overflowWrap: 'anywhere',
});

export const unreadTitle = style({
  fontWeight: vars.fontWeight.semibold,
});

export const time = style({
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
});

export const message = style({
  padding: `${vars.space['3']} ${vars.space['2']}`,
  color: vars.color.mutedForeground,
  textAlign: 'center',
});

export const errorMessage = style([message, { color: vars.color.danger }]);

export const footerItem = style({
  justifyContent: 'center',
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  color: 'inherit',
});

/** An amount in a title, never split across lines (see WholeAmounts). */
export const amount = style({
  whiteSpace: 'nowrap',
});
