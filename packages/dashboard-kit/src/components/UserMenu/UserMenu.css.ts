import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { alignWithParent } from '../../theme/direction.css';
import { focusRing } from '../../theme/focus.css';
import { MOBILE_MEDIA_QUERY } from '../../theme/tokens';

const phone = `screen and ${MOBILE_MEDIA_QUERY}`;

export const trigger = style([
  focusRing,
  {
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: vars.space['2'],
    width: '100%',
    minWidth: 0,
    margin: 0,
    padding: vars.space['2'],
    border: 'none',
    borderRadius: vars.radius.md,
    background: 'transparent',
    color: 'inherit',
    font: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    transitionProperty: 'background-color, color',
    transitionDuration: vars.duration.fast,
    selectors: {
      '&:hover, &[data-state="open"]': {
        background: vars.color.accent,
        color: vars.color.accentForeground,
      },
      '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
    },
  },
]);

export const identity = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  flex: 1,
});

export const details = style({
  display: 'grid',
  flex: 1,
  minWidth: 0,
  lineHeight: vars.lineHeight.tight,
});

/** The user's name, in its own direction (`textDirection`): a right-to-left one is cut at its end, not its start. */
export const name = style([
  alignWithParent,
  {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.semibold,
  },
]);

export const email = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
});

export const chevron = style({
  marginInlineStart: 'auto',
  color: vars.color.mutedForeground,
});

export const content = style({
  minWidth: '14rem',
  '@media': {
    // On a phone the menu opens above the trigger and spans its full width.
    [phone]: {
      minWidth: 'var(--radix-dropdown-menu-trigger-width)',
      maxWidth: 'calc(100vw - 1rem)',
    },
  },
});

export const header = style({
  paddingBlock: vars.space['1'],
  paddingInline: vars.space['1'],
  color: vars.color.surfaceForeground,
  fontWeight: vars.fontWeight.regular,
});
