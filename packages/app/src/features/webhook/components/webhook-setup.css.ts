import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const warning = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`,
  fontSize: vars.fontSize.sm,
});

export const warningTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm });

export const list = style({ margin: 0, paddingLeft: vars.space['4'], display: 'grid', gap: vars.space['1'] });

export const text = style({ margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const muted = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.mutedForeground });

export const link = style({ color: vars.color.primary, textDecoration: 'underline', fontSize: vars.fontSize.sm });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' });

export const panel = style({ display: 'grid', gap: vars.space['2'], justifyItems: 'start' });

export const result = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  width: '100%',
  boxSizing: 'border-box',
});

export const check = style({ display: 'flex', gap: vars.space['2'], alignItems: 'center' });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
