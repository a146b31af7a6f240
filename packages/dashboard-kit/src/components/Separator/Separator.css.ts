import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const separator = style({
  flexShrink: 0,
  border: 'none',
  margin: 0,
  background: vars.color.border,
  selectors: {
    '&[data-orientation="horizontal"]': { width: '100%', height: '1px' },
    '&[data-orientation="vertical"]': { width: '1px', height: 'auto', alignSelf: 'stretch' },
  },
});
