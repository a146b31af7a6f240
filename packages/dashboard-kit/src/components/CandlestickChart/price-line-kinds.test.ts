// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { darkColors, lightColors } from '../../theme/palettes';
import { contrastRatio } from '../../test/contrast';
import { LAST_PRICE_TAG, PRICE_LINE_KINDS, priceTagColors, type ColorToken } from './price-line-kinds';
import type { PriceLineKind } from './types';

const THEMES = { dark: darkColors, light: lightColors };
const KINDS = Object.keys(PRICE_LINE_KINDS) as PriceLineKind[];
const OUTLINED = KINDS.filter((kind) => PRICE_LINE_KINDS[kind].tag === 'outlined');

describe.each(Object.entries(THEMES))('given the %s theme', (_name, colors) => {
  it.each(KINDS)('should write a %s line’s price on its tag with AA contrast for small text (4.5:1)', (kind) => {
    const { fill, text } = priceTagColors(kind);
    expect(contrastRatio(colors[text], colors[fill])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(OUTLINED)('should outline a %s line’s tag in a colour that stands out from the axis (3:1)', (kind) => {
    expect(contrastRatio(colors[priceTagColors(kind).border as ColorToken], colors.surface)).toBeGreaterThanOrEqual(3);
  });

  it('should write the last price on its tag with AA contrast, rising or falling', () => {
    expect(contrastRatio(colors[LAST_PRICE_TAG.text], colors[LAST_PRICE_TAG.up])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colors[LAST_PRICE_TAG.text], colors[LAST_PRICE_TAG.down])).toBeGreaterThanOrEqual(4.5);
  });

  // From a trader's review: the stop's tag and a falling last price's were the same red block on the axis.
  it('should draw the stop’s tag unlike a falling last price’s: outlined, on a fill far from its red', () => {
    expect(PRICE_LINE_KINDS.stop.tag).toBe('outlined');
    const stopFill = colors[priceTagColors('stop').fill];
    expect(contrastRatio(stopFill, colors[LAST_PRICE_TAG.down])).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(stopFill, colors[LAST_PRICE_TAG.up])).toBeGreaterThanOrEqual(3);
  });
});

describe('given the kinds of line', () => {
  it('should fill the entry’s tag, as its line is solid, and outline the dashed lines’ tags', () => {
    expect(
      Object.fromEntries(KINDS.map((kind) => [kind, [PRICE_LINE_KINDS[kind].dash, PRICE_LINE_KINDS[kind].tag]])),
    ).toEqual({
      entry: ['none', 'filled'],
      stop: ['6 3', 'outlined'],
      target: ['6 3', 'outlined'],
      custom: ['2 3', 'outlined'],
    });
  });
});
