import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const page = style({ display: 'grid', gap: vars.space['4'], minWidth: 0 });

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'flex-end',
});

export const section = style({ display: 'grid', gap: vars.space['2'], minWidth: 0 });

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const tradesTable = style({ height: 'min(70vh, 640px)', minHeight: '20rem' });

export const latency = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
});

globalStyle(`${latency} th, ${latency} td`, {
  textAlign: 'start',
  padding: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const muted = style({ margin: 0, color: vars.color.mutedForeground, fontSize: vars.fontSize.sm });
