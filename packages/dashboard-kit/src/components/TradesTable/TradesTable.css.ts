import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { table } from '../../table/table.css';
import { CARD_LINE_PX, CARD_PADDING_PX, COLUMN_WIDTHS, COMPACT_MEDIA_QUERY, ROW_HEIGHT_PX } from './layout';

export {
  align,
  banner,
  bannerText,
  body,
  cardsHiddenHeader,
  count,
  errorIcon,
  footerCell,
  headerCell,
  isolated,
  muted,
  numeric,
  root,
  scroller,
  skeleton,
  sortButton,
  sortIcon,
  spacer,
  spacerRow,
  stateCell,
  table,
  toolbar,
  toolbarActions,
} from '../../table/table.css';

const tinted = (color: string, percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`;
/** Gains and losses mixed with the text colour, so they read at AA on the surface in both themes. */
const toneColour = (color: string) => `color-mix(in srgb, ${color} 80%, ${vars.color.foreground})`;

/** A card's height on phones, set by the table from the number of cells shown (the virtualiser uses the same). */
export const cardHeight = createVar();

export const column = styleVariants(COLUMN_WIDTHS, (size) => ('width' in size ? { width: size.width } : {}));

export const row = style({
  height: ROW_HEIGHT_PX,
  selectors: {
    '&:hover': { background: tinted(vars.color.accent, 60) },
    '&[aria-selected="true"]': { background: vars.color.highlight },
    '&[data-clickable]': { cursor: 'pointer' },
    [`${table}:focus-visible &[data-active]`]: { outline: `2px solid ${vars.color.ring}`, outlineOffset: '-2px' },
  },
  '@media': {
    // A card per trade: its cells flow two to a line, the start column's left, the end column's right.
    [COMPACT_MEDIA_QUERY]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
      gridAutoRows: CARD_LINE_PX,
      height: cardHeight,
      alignItems: 'center',
      columnGap: vars.space['3'],
      padding: `${CARD_PADDING_PX / 2}px ${vars.space['3']}`,
      boxSizing: 'border-box',
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});

export const cell = style({
  height: ROW_HEIGHT_PX,
  paddingInline: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  verticalAlign: 'middle',
  boxSizing: 'border-box',
  selectors: {
    '[aria-selected="true"] > &:first-child': { boxShadow: `inset 3px 0 0 ${vars.color.ring}` },
  },
  '@media': {
    [COMPACT_MEDIA_QUERY]: {
      display: 'block',
      height: 'auto',
      padding: 0,
      border: 0,
      minWidth: 0,
      selectors: {
        '&:nth-child(even)': { textAlign: 'end' },
        '[aria-selected="true"] > &:first-child': { boxShadow: 'none' },
      },
    },
  },
});

export const pair = style({ fontWeight: vars.fontWeight.semibold });

export const tone = styleVariants({
  positive: { color: toneColour(vars.color.up) },
  negative: { color: toneColour(vars.color.down) },
  neutral: {},
});

export const pnl = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: vars.space['2'],
  maxWidth: '100%',
  fontVariantNumeric: 'tabular-nums',
});

export const pnlPct = style({ fontSize: vars.fontSize.xs });

export const unrealised = style({
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  fontStyle: 'italic',
});

export const links = style({
  display: 'inline-flex',
  gap: vars.space['3'],
});

export const link = style({
  color: vars.color.foreground,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  borderRadius: vars.radius.sm,
});
