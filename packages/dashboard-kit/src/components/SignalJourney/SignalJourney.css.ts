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

const PHONE = 'screen and (max-width: 40rem)';

/*
 * One grid for every step (each step a subgrid row), so labels, times and delays line up from step to step:
 * marker | label | time | delay, the delay next to its time rather than across the page. On a phone each step is
 * its own grid: label and delay, then the time on a line of its own. A last column takes the rest of the width,
 * for a step's note to wrap in.
 */
export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'auto max-content max-content minmax(4.5rem, max-content) minmax(0, 1fr)',
  justifyContent: 'start',
  columnGap: vars.space['3'],
  rowGap: vars.space['1'],
  '@media': {
    [PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const step = style({
  display: 'grid',
  gridColumn: '1 / -1',
  gridTemplateColumns: 'subgrid',
  alignItems: 'baseline',
  rowGap: vars.space['1'],
  minWidth: 0,
  '@media': {
    [PHONE]: { gridTemplateColumns: 'auto minmax(0, 1fr) auto', columnGap: vars.space['2'] },
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
  '@media': { [PHONE]: { gridColumn: '2 / -1', gridRow: 2 } },
});

export const delay = style({
  fontVariantNumeric: 'tabular-nums',
  justifySelf: 'end',
  whiteSpace: 'nowrap',
});

export const note = style({
  gridColumn: '2 / -1',
  // Sized by the columns, never sizing them: a long reason wraps instead of pushing the times aside.
  contain: 'inline-size',
  color: vars.color.mutedForeground,
  overflowWrap: 'anywhere',
});

export const extras = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const extra = style({ margin: 0, overflowWrap: 'anywhere' });

export const link = style({ color: vars.color.foreground, textDecoration: 'underline', borderRadius: vars.radius.sm });
