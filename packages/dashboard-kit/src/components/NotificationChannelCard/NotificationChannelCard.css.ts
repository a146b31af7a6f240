import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/focus.css';

export const card = style({
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['4'],
  minWidth: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.surfaceForeground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const titleBlock = style({
  display: 'grid',
  gap: '2px',
  minWidth: 0,
});

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const target = style({
  margin: 0,
  color: vars.color.mutedForeground,
  overflowWrap: 'anywhere',
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
});

export const term = style({
  color: vars.color.mutedForeground,
});

export const definition = style({
  margin: 0,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const events = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const switchRow = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const switchButton = style([
  focusRing,
  {
    position: 'relative',
    flexShrink: 0,
    width: '2.25rem',
    height: '1.25rem',
    padding: 0,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.full,
    background: vars.color.muted,
    cursor: 'pointer',
    selectors: {
      '&[aria-checked="true"]': { background: vars.color.primary, borderColor: vars.color.primary },
      '&::after': {
        content: '""',
        position: 'absolute',
        top: '1px',
        left: '1px',
        width: '1rem',
        height: '1rem',
        borderRadius: vars.radius.full,
        background: vars.color.background,
        transition: `transform ${vars.duration.fast}`,
      },
      '&[aria-checked="true"]::after': { transform: 'translateX(1rem)' },
      '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
]);

export const disabledNotice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid color-mix(in srgb, ${vars.color.danger} 50%, transparent)`,
  borderRadius: vars.radius.md,
  background: `color-mix(in srgb, ${vars.color.danger} 10%, transparent)`,
});

export const disabledText = style({
  flex: '1 1 12rem',
  margin: 0,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const ok = style({ color: `color-mix(in srgb, ${vars.color.success} 80%, ${vars.color.foreground})` });
export const failed = style({ color: `color-mix(in srgb, ${vars.color.danger} 80%, ${vars.color.foreground})` });
/** A failed attempt that will be tried again: not yet a failure, in the text colour. */
export const retrying = style({ color: vars.color.foreground });
