import type { vars } from '../../theme/contract.css';
import type { PriceLineKind } from './types';

/** A colour of the theme contract, by its name in `vars.color`. */
export type ColorToken = keyof typeof vars.color;

/** Width of an outlined tag's border. */
export const TAG_OUTLINE_PX = 1;

/**
 * A kind of price line, and how its tag on the axis is drawn: `filled` is a block of the line's colour (as the
 * last price's tag is), with the price in `onColor`; `outlined` is the surface with a border in the line's colour,
 * dashed as the line is, and the price in that colour.
 */
export type PriceLineKindStyle = {
  /** The line's colour, and its label's. */
  color: ColorToken;
  /** The line's dash (SVG `stroke-dasharray`); an outlined tag's border takes it too. */
  dash: string;
} & ({ tag: 'filled'; onColor: ColorToken } | { tag: 'outlined' });

/**
 * Each kind of price line: the entry solid, with a filled tag; the stop and the target dashed and their tags
 * outlined, so neither reads as the last price's filled tag beside it (a stop is red, as a falling last price is).
 */
export const PRICE_LINE_KINDS: Record<PriceLineKind, PriceLineKindStyle> = {
  entry: { color: 'primary', dash: 'none', tag: 'filled', onColor: 'primaryForeground' },
  stop: { color: 'danger', dash: '6 3', tag: 'outlined' },
  target: { color: 'success', dash: '6 3', tag: 'outlined' },
  custom: { color: 'mutedForeground', dash: '2 3', tag: 'outlined' },
};

/** The last price's tag: filled in the colour of the forming candle's direction, its price in the background's. */
export const LAST_PRICE_TAG = { up: 'up', down: 'down', text: 'background' } as const satisfies Record<
  string,
  ColorToken
>;

/** The colours a kind's tag is painted in: its fill, its border (none when filled) and its price. */
export function priceTagColors(kind: PriceLineKind): { fill: ColorToken; border: ColorToken | null; text: ColorToken } {
  const style = PRICE_LINE_KINDS[kind];
  return style.tag === 'filled'
    ? { fill: style.color, border: null, text: style.onColor }
    : { fill: 'surface', border: style.color, text: style.color };
}
