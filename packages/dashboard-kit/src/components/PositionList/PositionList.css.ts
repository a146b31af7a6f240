import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { alignWithParent } from '../../theme/direction.css';
import * as grid from '../../table/table.css';
import { MOBILE_MEDIA_QUERY } from '../../theme/tokens';

const tinted = (color: string, percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`;

export const root = style([
  grid.plainRoot,
  {
    // Eight columns: 8 px each side (not 12) keeps "Close at market" on screen at 1280 px beside the sidebar. The
    // header cells and the cells both read it.
    vars: { [grid.cellInset]: vars.space['2'] },
    '@media': {
      // Cards on phones: the frame goes, each card brings its own.
      [MOBILE_MEDIA_QUERY]: { border: 0, background: 'transparent', overflowX: 'visible' },
    },
  },
]);

export const table = style([grid.plainTable, { '@media': { [MOBILE_MEDIA_QUERY]: { display: 'block' } } }]);

/** The header row on phones: read by screen readers over the cards, not shown. */
export const head = style({ '@media': { [MOBILE_MEDIA_QUERY]: grid.offScreen } });

export const body = style({
  '@media': { [MOBILE_MEDIA_QUERY]: { display: 'flex', flexDirection: 'column', gap: vars.space['3'] } },
});

export const row = style({
  '@media': {
    // A card per position: each value under its label, two to a line, the action across the bottom.
    [MOBILE_MEDIA_QUERY]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
      gap: `${vars.space['2']} ${vars.space['3']}`,
      padding: vars.space['3'],
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
      background: vars.color.surface,
    },
  },
});

export const cell = style({
  paddingBlock: vars.space['2'],
  paddingInline: grid.cellPaddingInline,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  whiteSpace: 'nowrap',
  selectors: {
    [`${row}:last-child > &`]: { borderBottom: 0 },
  },
  '@media': {
    [MOBILE_MEDIA_QUERY]: {
      display: 'flex',
      flexDirection: 'column',
      gap: '0.125rem',
      minWidth: 0,
      padding: 0,
      border: 0,
      whiteSpace: 'normal',
      selectors: {
        // The card's name (pair and side) spans the top, its action the bottom.
        '&[data-column="pair"], &[data-column="actions"]': { gridColumn: '1 / -1' },
        // Values read under a visible label on cards; the table header names them on wide screens.
        '&::before': {
          content: 'attr(data-label)',
          color: vars.color.mutedForeground,
          fontSize: vars.fontSize.xs,
        },
        '&[data-column="pair"]::before, &[data-column="actions"]::before': { content: 'none' },
      },
    },
  },
});

export const align = styleVariants({
  start: { textAlign: 'start' },
  end: {
    textAlign: 'end',
    '@media': { [MOBILE_MEDIA_QUERY]: { textAlign: 'start' } },
  },
});

export const pair = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
  unicodeBidi: 'isolate',
});

/** The strategy a position is of, under its pair (`showStrategy`): cut to the cell, whole in its title. */
export const strategy = style([
  // In its own direction (`textDirection`), so a right-to-left name is cut at its end; lined up with the pair above
  // it (a row header centres by default).
  alignWithParent,
  {
    display: 'block',
    maxWidth: '12rem',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontWeight: vars.fontWeight.regular,
    fontSize: vars.fontSize.xs,
    color: vars.color.mutedForeground,
    // A card's name line spans the card: the name takes all of it.
    '@media': { [MOBILE_MEDIA_QUERY]: { maxWidth: '100%' } },
  },
]);

export const pnl = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space['2'],
  fontVariantNumeric: 'tabular-nums',
});

/**
 * Stop and target: one line where the table has room, the target under the stop where it has not (1280 px beside
 * an open sidebar), so the column never pushes "Close at market" out of the card.
 */
export const exits = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  columnGap: '0.25em',
});

export const pnlPct = style({ fontSize: vars.fontSize.xs });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  '@media': { [MOBILE_MEDIA_QUERY]: { justifyContent: 'flex-start' } },
});

// The buttons keep their words on one line; the question beside them wraps instead.
globalStyle(`${actions} > button`, { flexShrink: 0, whiteSpace: 'nowrap' });

/** What the last "Close at market" did: a status line above the list that takes the focus. */
export const closedMessage = style({
  margin: 0,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.muted,
  color: vars.color.foreground,
  fontSize: vars.fontSize.sm,
});

export const confirmText = style({
  color: vars.color.foreground,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'normal',
});

export const actionError = style({
  flexBasis: '100%',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: `1px solid ${tinted(vars.color.danger, 50)}`,
  borderRadius: vars.radius.sm,
  background: tinted(vars.color.danger, 10),
  color: vars.color.foreground,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'normal',
  textAlign: 'start',
  overflowWrap: 'anywhere',
});

export const stateCell = style({
  padding: `${vars.space['8']} ${vars.space['4']}`,
  textAlign: 'center',
  whiteSpace: 'normal',
  '@media': { [MOBILE_MEDIA_QUERY]: { display: 'block', padding: vars.space['4'] } },
});

export const skeleton = style({ maxWidth: '6rem' });
