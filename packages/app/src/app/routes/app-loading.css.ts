import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const loading = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '100vh',
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
});
