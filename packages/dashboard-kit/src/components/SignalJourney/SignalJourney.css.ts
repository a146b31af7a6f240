import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const journey = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foreground,
});

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const step = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(6rem, max-content) 1fr auto',
  alignItems: 'baseline',
  columnGap: vars.space['2'],
  rowGap: vars.space['1'],
  minWidth: 0,
  '@media': {
    'screen and (max-width: 40rem)': { gridTemplateColumns: 'auto 1fr auto' },
  },
});

export const marker = recipe({
  base: {
    display: 'inline-block',
    width: '0.625rem',
    height: '0.625rem',
    borderRadius: vars.radius.full,
    border: `2px solid ${vars.color.border}`,
    alignSelf: 'center',
  },
  variants: {
    tone: {
      done: { background: vars.color.success, borderColor: vars.color.success },
      ignored: { background: vars.color.muted, borderColor: vars.color.mutedForeground },
      waiting: { background: 'transparent', borderColor: vars.color.warning },
    },
  },
});

export const label = style({ fontWeight: vars.fontWeight.medium });

export const time = style({
  color: vars.color.mutedForeground,
  fontVariantNumeric: 'tabular-nums',
  minWidth: 0,
  overflowWrap: 'anywhere',
  '@media': { 'screen and (max-width: 40rem)': { gridColumn: '2 / 3', gridRow: 2 } },
});

export const delay = style({
  fontVariantNumeric: 'tabular-nums',
  justifySelf: 'end',
  whiteSpace: 'nowrap',
});

export const note = style({
  gridColumn: '2 / -1',
  color: vars.color.mutedForeground,
  overflowWrap: 'anywhere',
});

export const extras = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const extra = style({ margin: 0, overflowWrap: 'anywhere' });

export const link = style({ color: vars.color.foreground, textDecoration: 'underline', borderRadius: vars.radius.sm });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
