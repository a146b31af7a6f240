import { style } from '@vanilla-extract/css';
import { srOnlyRules } from '../../components/screen-reader.css';

/** Where the header has no room for words: the width at which the breadcrumb needs every pixel. */
const PHONE = '(max-width: 40rem)';

/**
 * The badge is as wide as its widest state, whatever it says now, so Live, Reconnecting… and Offline never
 * push the header's other controls: the label and an invisible copy of the widest one share one grid cell.
 * On a phone it is a coloured dot of one size (the state's colour; its words stay for screen readers and in the
 * title), so the breadcrumb keeps the current page whole.
 */
export const badge = style({
  display: 'inline-grid',
  justifyItems: 'center',
  selectors: {
    '&::after': {
      content: 'attr(data-widest)',
      gridArea: '1 / 1',
      height: 0,
      overflow: 'hidden',
      visibility: 'hidden',
    },
  },
  '@media': {
    [PHONE]: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '1.5rem',
      height: '1.5rem',
      padding: 0,
      selectors: {
        '&::after': { content: 'none' },
        '&::before': {
          content: '""',
          width: '0.5rem',
          height: '0.5rem',
          borderRadius: '50%',
          background: 'currentColor',
        },
      },
    },
  },
});

export const label = style({
  gridArea: '1 / 1',
  '@media': {
    [PHONE]: srOnlyRules,
  },
});
