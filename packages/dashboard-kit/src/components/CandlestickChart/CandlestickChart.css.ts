import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/focus.css';
import { LAST_PRICE_TAG, PRICE_LINE_KINDS, priceTagColors, TAG_OUTLINE_PX } from './price-line-kinds';
import type { PriceLineKind } from './types';

export const root = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  // Always the container's width: the plot measures itself, so content must not size the chart.
  width: '100%',
  minWidth: 0,
  overflow: 'hidden',
  background: vars.color.surface,
  color: vars.color.surfaceForeground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
});

export const header = style({
  // Never squeezed by the panes below: a wrapped header keeps its controls clear of the plot.
  flexShrink: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space['3'],
  rowGap: vars.space['1'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  minHeight: vars.size.controlSm,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.tight,
});

export const title = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  whiteSpace: 'nowrap',
});

export const badge = style({
  padding: `0 ${vars.space['1']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.muted,
  color: vars.color.mutedForeground,
  whiteSpace: 'nowrap',
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['2'],
  fontFamily: vars.font.mono,
  color: vars.color.mutedForeground,
  fontVariantNumeric: 'tabular-nums',
});

/** The key to the overlays' lines (OverlayLegend): a row of samples and names. */
export const overlayLegend = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.mutedForeground,
});

export const overlayLegendItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  whiteSpace: 'nowrap',
});

/** A short stretch of an overlay's line, drawn with the line's own class, so its colour and dash are the line's. */
export const overlaySample = style({
  width: '1rem',
  height: '0.375rem',
  flexShrink: 0,
  overflow: 'visible',
});

export const legendItem = style({
  whiteSpace: 'nowrap',
});

/** Legend values take the direction of the candle shown, set on the legend as `data-direction`. */
export const abbr = style({
  textDecoration: 'none',
  cursor: 'help',
});

export const legendValue = style({
  // A box, so the width it keeps (a min-width in `ch`, set as it is written) applies.
  display: 'inline-block',
  color: vars.color.foreground,
  selectors: {
    '[data-direction="up"] &': { color: vars.color.up },
    '[data-direction="down"] &': { color: vars.color.down },
  },
});

export const notice = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  color: vars.color.danger,
});

export const plot = style({
  position: 'relative',
  flex: '1 1 auto',
  // The candles keep at least this much of a short chart (a phone on its side); indicator panes below give way.
  minHeight: '35%',
});

export const surface = style([
  focusRing,
  {
    position: 'absolute',
    inset: 0,
    cursor: 'crosshair',
    // Vertical swipes still scroll the page; horizontal drags and pinches belong to the chart.
    touchAction: 'pan-y',
    userSelect: 'none',
    WebkitUserSelect: 'none',
    selectors: {
      '&:focus-visible': { outlineOffset: '-2px' },
      '&[data-dragging="true"]': { cursor: 'grabbing' },
    },
  },
]);

export const svg = style({
  display: 'block',
  overflow: 'hidden',
});

/** The axis lines and their tick marks. */
export const axisLines = style({
  fill: 'none',
  stroke: vars.color.border,
  strokeWidth: 1,
});

/** Grid lines: the border colour, faded behind the candles. */
export const gridLines = style({
  fill: 'none',
  stroke: `color-mix(in srgb, ${vars.color.border} 55%, transparent)`,
  strokeWidth: 1,
});

export const tickLabel = style({
  fill: vars.color.mutedForeground,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
});

export const lastPriceLine = style({
  strokeDasharray: '2 3',
  strokeWidth: 1,
  opacity: 0.8,
});

export const lastPriceTag = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  fill: vars.color[LAST_PRICE_TAG.text],
  stroke: 'none',
});

export const overlay = style({
  position: 'absolute',
  inset: 0,
  overflow: 'hidden',
  pointerEvents: 'none',
});

/**
 * The trade flags' layer: as the overlay, but a flag's tooltip may run past the plot's top or bottom edge (into the
 * chart's header or time axis) where the plot is too short for it, as on a phone with several fills on one pin. The
 * flags themselves are laid out inside the plot.
 */
export const tradesOverlay = style([overlay, { overflow: 'visible' }]);

export const crosshair = style({
  position: 'absolute',
  inset: 0,
  pointerEvents: 'none',
  // Sized by the plot, never by its lines and tags: moving them lays out and paints nothing outside it.
  contain: 'strict',
  selectors: {
    '&[data-state="hidden"]': { visibility: 'hidden' },
  },
});

const crosshairLine = style({
  position: 'absolute',
  top: 0,
  left: 0,
  borderColor: vars.color.mutedForeground,
  borderStyle: 'dashed',
  borderWidth: 0,
  opacity: 0.7,
  willChange: 'transform',
});

export const crosshairVertical = style([crosshairLine, { borderLeftWidth: '1px' }]);

export const crosshairHorizontal = style([crosshairLine, { borderTopWidth: '1px' }]);

export const crosshairTag = style({
  position: 'absolute',
  top: 0,
  left: 0,
  padding: `1px ${vars.space['1']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.foreground,
  color: vars.color.background,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  willChange: 'transform',
});

export const marker = recipe({
  base: [
    focusRing,
    {
      position: 'absolute',
      display: 'grid',
      placeItems: 'center',
      width: vars.space['4'],
      height: vars.space['4'],
      padding: 0,
      border: 0,
      borderRadius: vars.radius.sm,
      background: 'transparent',
      cursor: 'pointer',
      pointerEvents: 'auto',
      selectors: {
        // The signal a link opened the chart at: ringed, and raised over its neighbours.
        '&[aria-current="true"]': {
          zIndex: 1,
          boxShadow: `0 0 0 2px ${vars.color.surface}, 0 0 0 4px ${vars.color.primary}`,
        },
        '&[data-warning="true"]': {
          background: `color-mix(in srgb, ${vars.color.warning} 25%, transparent)`,
        },
      },
    },
  ],
  variants: {
    glyph: {
      'entry-long': { color: vars.color.up },
      'entry-short': { color: vars.color.down },
      exit: { color: vars.color.foreground },
    },
  },
});

export const markerGlyph = recipe({
  base: {
    width: vars.space['3'],
    height: vars.space['3'],
    background: 'currentColor',
  },
  variants: {
    glyph: {
      // Entries point the way of the position; an exit is a hollow diamond, unlike either.
      'entry-long': { clipPath: 'polygon(50% 0, 100% 100%, 0 100%)' },
      'entry-short': { clipPath: 'polygon(0 0, 100% 0, 50% 100%)' },
      exit: {
        width: '9px',
        height: '9px',
        background: 'transparent',
        border: '2px solid currentColor',
        transform: 'rotate(45deg)',
      },
    },
    placement: { below: {}, above: {} },
  },
});

/** The "!" of a flagged signal (priced far from the market, say). */
export const markerWarning = style({
  position: 'absolute',
  top: '-4px',
  right: '-4px',
  display: 'grid',
  placeItems: 'center',
  width: '10px',
  height: '10px',
  borderRadius: '50%',
  background: vars.color.warning,
  color: vars.color.warningForeground,
  fontSize: '8px',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
});

/** An arrow towards a price that lies off the scale. */
export const markerOffScale = style({
  position: 'absolute',
  left: '-6px',
  fontSize: '9px',
  lineHeight: 1,
  color: vars.color.mutedForeground,
});

/** A busy candle side's "+N": a button that names and opens the signals it holds. */
export const markerCount = style([
  focusRing,
  {
    position: 'absolute',
    display: 'grid',
    placeItems: 'center',
    padding: 0,
    border: 0,
    borderRadius: vars.radius.sm,
    background: vars.color.surface,
    fontFamily: vars.font.mono,
    fontSize: vars.fontSize.xs,
    lineHeight: 1,
    color: vars.color.mutedForeground,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    pointerEvents: 'auto',
    selectors: {
      '&:hover': { color: vars.color.foreground },
    },
  },
]);

export const tooltip = style({
  position: 'absolute',
  top: 0,
  left: 0,
  zIndex: vars.zIndex.tooltip,
  maxWidth: '16rem',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryForeground,
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
  pointerEvents: 'none',
});

export const tooltipTitle = style({
  fontWeight: vars.fontWeight.semibold,
});

/** "3 fills here", above the fills of a pin shared by several (TradeLayer). */
export const tooltipCount = style({
  marginBottom: vars.space['1'],
});

/** One fill of a tooltip; fills sharing a pin are set apart by a rule. */
export const tooltipFill = style({
  selectors: {
    '& + &': {
      marginTop: vars.space['1'],
      paddingTop: vars.space['1'],
      borderTop: `1px solid color-mix(in srgb, currentColor 30%, transparent)`,
    },
  },
});

export const goToLatest = style({
  position: 'absolute',
  zIndex: 1,
});

export const status = style({
  marginInlineStart: 'auto',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
});

/** A loading, empty or error state takes the plot's place. */
export const state = style({
  flex: '1 1 auto',
  margin: `0 ${vars.space['3']} ${vars.space['3']}`,
});

/** Candles and volume bars take their colour from `data-direction`: up when the close is not below the open. */
export const candle = style({
  fill: vars.color.up,
  stroke: vars.color.up,
  strokeWidth: 1,
  selectors: {
    '&[data-direction="down"]': { fill: vars.color.down, stroke: vars.color.down },
  },
});

export const volumeBar = style({
  fill: vars.color.up,
  opacity: 0.4,
  selectors: {
    '&[data-direction="down"]': { fill: vars.color.down },
  },
});

export const lastPrice = style({
  stroke: vars.color[LAST_PRICE_TAG.up],
  fill: vars.color[LAST_PRICE_TAG.up],
  selectors: {
    '&[data-direction="down"]': { stroke: vars.color[LAST_PRICE_TAG.down], fill: vars.color[LAST_PRICE_TAG.down] },
  },
});

const rotate = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spin = style({
  animation: `${rotate} 0.8s linear infinite`,
  '@media': {
    '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
  },
});

/** The time zone's name, under the price axis at the end of the time axis. */
export const zoneLabel = style({
  position: 'absolute',
  height: '24px',
  display: 'grid',
  placeItems: 'center',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.mutedForeground,
  // Readable over the lines and bars it sits on.
  background: `color-mix(in srgb, ${vars.color.surface} 85%, transparent)`,
  borderRadius: vars.radius.sm,
  padding: `0 ${vars.space['1']}`,
  zIndex: 1,
  pointerEvents: 'none',
});

/** A style per kind of price line, built from `PRICE_LINE_KINDS`. */
const byKind = <T>(pick: (kind: PriceLineKind) => T) =>
  Object.fromEntries(Object.keys(PRICE_LINE_KINDS).map((kind) => [kind, pick(kind as PriceLineKind)])) as Record<
    PriceLineKind,
    T
  >;

export const priceLine = recipe({
  base: { strokeWidth: 1, fill: 'none' },
  variants: {
    kind: byKind((kind) => ({
      stroke: vars.color[PRICE_LINE_KINDS[kind].color],
      strokeDasharray: PRICE_LINE_KINDS[kind].dash,
    })),
  },
});

/** The bend from a line to its tag stepped aside: solid, however the line is dashed, so it reads as one stroke. */
export const priceLineLeader = style({ strokeDasharray: 'none' });

/** A tag on the axis: filled in its line's colour, or outlined in it (dashed as its line), by kind. */
export const priceLineTag = recipe({
  base: { strokeWidth: TAG_OUTLINE_PX },
  variants: {
    kind: byKind((kind) => {
      const { fill, border } = priceTagColors(kind);
      return {
        fill: vars.color[fill],
        stroke: border ? vars.color[border] : 'none',
        strokeDasharray: PRICE_LINE_KINDS[kind].dash,
      };
    }),
  },
});

export const priceLineTagText = recipe({
  base: { fontFamily: vars.font.mono, fontSize: vars.fontSize.xs },
  variants: { kind: byKind((kind) => ({ fill: vars.color[priceTagColors(kind).text] })) },
});

/** The label on a line: the line's colour with a halo of the surface, so it reads over candles in either theme. */
export const priceLineLabel = recipe({
  base: {
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    stroke: vars.color.surface,
    strokeWidth: 3,
    strokeLinejoin: 'round',
    paintOrder: 'stroke',
  },
  variants: { kind: byKind((kind) => ({ fill: vars.color[PRICE_LINE_KINDS[kind].color] })) },
});

export const trade = recipe({
  base: [
    focusRing,
    {
      position: 'absolute',
      padding: 0,
      border: 0,
      borderRadius: vars.radius.sm,
      background: 'transparent',
      cursor: 'pointer',
      // The button spans its pin, its label and the line between them, a box that can cover a neighbour's label:
      // only the pin and the label take the pointer (a hover or click there still reaches this button).
      pointerEvents: 'none',
    },
  ],
  variants: { kind: { entry: {}, exit: {} } },
});

/** The dot at the fill's price: filled for an entry, hollow (a ring) for an exit. */
export const tradePin = style({
  position: 'absolute',
  display: 'grid',
  placeItems: 'center',
  width: '10px',
  height: '10px',
  boxSizing: 'border-box',
  borderRadius: '50%',
  border: `2px solid ${vars.color.up}`,
  background: vars.color.up,
  color: vars.color.background,
  fontSize: '8px',
  lineHeight: 1,
  pointerEvents: 'auto',
  selectors: {
    '&[data-side="short"]': { borderColor: vars.color.down, background: vars.color.down },
    '[data-kind="exit"] > &': { background: vars.color.surface, color: vars.color.foreground },
    // A finger's target: 20px around the 10px dot.
    '&::before': { content: '""', position: 'absolute', inset: '-5px', borderRadius: '50%' },
  },
});

/** The line joining a pin to its label moved up or down, under both, in the side's colour. */
export const tradeLeader = style({
  position: 'absolute',
  inset: 0,
  overflow: 'visible',
  pointerEvents: 'none',
  stroke: vars.color.up,
  strokeWidth: 1,
  selectors: {
    '&[data-side="short"]': { stroke: vars.color.down },
  },
});

/** The flag beside the pin: solid in the side's colour for an entry, outlined for an exit. */
export const tradeLabel = style({
  position: 'absolute',
  height: '18px',
  boxSizing: 'border-box',
  padding: `0 ${vars.space['1']}`,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.up}`,
  background: vars.color.up,
  color: vars.color.background,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: '16px',
  pointerEvents: 'auto',
  selectors: {
    '&[data-side="short"]': { borderColor: vars.color.down, background: vars.color.down },
    '[data-kind="exit"] > &': { background: vars.color.surface, color: vars.color.foreground },
  },
});

/** The Indicators menu's trigger in the chart header. */
export const indicatorsTrigger = style({
  alignSelf: 'center',
});

export const indicatorsMenu = style({
  minWidth: '15rem',
  maxHeight: 'var(--radix-dropdown-menu-content-available-height)',
  overflowY: 'auto',
});

/** A moving average's period choices, indented under it. */
export const periodItem = style({
  fontFamily: vars.font.mono,
  selectors: { '&[data-slot]': { paddingLeft: vars.space['8'] } },
});

/**
 * An indicator's line, coloured by which indicator it is. On the price, none takes the entry line's look (solid,
 * in the primary colour): SMA is drawn in the ring's blue, VWAP dashed.
 */
export const indicatorLine = style({
  fill: 'none',
  stroke: vars.color.primary,
  strokeWidth: 1.5,
  strokeLinejoin: 'round',
  selectors: {
    '&[data-indicator="sma"]': { stroke: vars.color.ring },
    '&[data-indicator="ema"]': { stroke: vars.color.warning },
    '&[data-indicator="vwap"]': { stroke: vars.color.foreground, strokeDasharray: '6 3', strokeWidth: 1 },
    '&[data-indicator="bb-middle"]': { stroke: vars.color.mutedForeground, strokeDasharray: '4 3', strokeWidth: 1 },
    '&[data-indicator="bb-upper"], &[data-indicator="bb-lower"]': {
      stroke: vars.color.mutedForeground,
      strokeWidth: 1,
    },
    '&[data-indicator="macd-signal"]': { stroke: vars.color.warning },
  },
});

export const indicatorHistogram = style({
  fill: vars.color.mutedForeground,
  opacity: 0.45,
});

/** A pane under the chart (RSI, MACD), on the candles' time scale. */
export const indicatorPane = style({
  position: 'relative',
  // Its asked-for height, shrinking on a short chart (a phone) down to a readable minimum; drawn at what it gets.
  flex: '0 1 auto',
  minHeight: '2.25rem',
  overflow: 'hidden',
  borderTop: `1px solid ${vars.color.border}`,
});

export const indicatorPaneLabel = style({
  position: 'absolute',
  top: vars.space['1'],
  left: vars.space['2'],
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.mutedForeground,
  // Readable over the lines and bars it sits on.
  background: `color-mix(in srgb, ${vars.color.surface} 85%, transparent)`,
  borderRadius: vars.radius.sm,
  padding: `0 ${vars.space['1']}`,
  zIndex: 1,
  pointerEvents: 'none',
});

/** A splitter between panes: a thin line that thickens on hover and focus; drag it or use the arrows. */
export const paneSeparator = style([
  focusRing,
  {
    position: 'absolute',
    left: 0,
    height: '9px',
    zIndex: 2,
    cursor: 'row-resize',
    touchAction: 'none',
    selectors: {
      '&::after': {
        content: '""',
        position: 'absolute',
        left: 0,
        right: 0,
        top: '4px',
        height: '1px',
        background: 'transparent',
      },
      '&:hover::after, &:focus-visible::after': { background: vars.color.ring, height: '2px', top: '3px' },
    },
  },
]);

/** An indicator pane's separator, on its top border. */
export const paneSeparatorTop = style({
  top: '-5px',
});

export const fullscreenButton = style({
  alignSelf: 'center',
  marginLeft: 'auto',
});

globalStyle(`${root}:fullscreen`, {
  height: '100vh !important',
  width: '100vw',
  borderRadius: 0,
  border: 'none',
});

/** The price axis as a drag handle for the price scale. */
export const priceAxisHandle = style([
  focusRing,
  {
    position: 'absolute',
    zIndex: 1,
    cursor: 'ns-resize',
    touchAction: 'none',
    selectors: { '&:focus-visible': { outlineOffset: '-2px' } },
  },
]);

export const scaleSwitch = style({
  display: 'inline-flex',
  alignSelf: 'center',
  gap: '2px',
});
