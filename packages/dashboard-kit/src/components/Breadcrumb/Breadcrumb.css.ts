import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/focus.css';
import { MOBILE_MEDIA_QUERY } from '../../theme/tokens';

export const breadcrumb = style({
  minWidth: 0,
});

/**
 * One line: steps before the current page that do not fit are cut with an ellipsis (their text stays whole for
 * assistive technology, and in a `title` the consumer gives the item); the current page is kept whole. A phone
 * sets the steps closer together, so "Trading > BTC/USD > 15m" fits beside a header's controls at 390 px.
 */
export const list = style({
  display: 'flex',
  flexWrap: 'nowrap',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
  // The chevron's own box keeps about 5 px clear on each side of it, so the steps still read apart.
  '@media': { [MOBILE_MEDIA_QUERY]: { gap: `calc(${vars.space['1']} / 2)` } },
});

/** Room kept inside a step's clipping box for its link's focus ring (2px wide, 2px off the text). */
const RING_ROOM = '4px';

export const item = style({
  flex: '0 1 auto',
  // A cut step keeps its first letter and the ellipsis ("T…"), so it still reads as a step.
  minWidth: `calc(1.75em + 2 * ${RING_ROOM})`,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  padding: RING_ROOM,
  margin: `-${RING_ROOM}`,
  selectors: {
    // The steps further from the page give way first: "Trading" is cut before "BTC/USD", which says more
    // about where the trader is. (Items and separators alternate: the parent step is the third from the end.)
    '&:nth-last-child(n+5)': { flexShrink: 1000 },
    // The current page stays whole while the steps before it are cut; it is cut only when it alone is wider
    // than the trail's room. Its ring room lies outside the trail (the negative margin): a page alone in the
    // trail was cut by that much ("Dashbo…").
    '&:last-child': { flexShrink: 0, maxWidth: `calc(100% + 2 * ${RING_ROOM})` },
  },
});

export const link = style([
  focusRing,
  {
    color: 'inherit',
    textDecoration: 'none',
    borderRadius: vars.radius.sm,
    transitionProperty: 'color',
    transitionDuration: vars.duration.fast,
    selectors: {
      '&:hover': { color: vars.color.foreground },
    },
  },
]);

export const page = style({
  color: vars.color.foreground,
  fontWeight: vars.fontWeight.medium,
});

export const separator = style({
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
});
