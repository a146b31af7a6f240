import { style } from '@vanilla-extract/css';

/**
 * For text in its own direction (a `dir` from `textDirection`): it lines up as the text around it does (left on a
 * left-to-right page, right on a right-to-left one) when it fits, instead of at its own start. It is still cut at
 * its own end when it does not. (`text-align: match-parent` would say this, but Chromium resolves it against the
 * text's own direction.)
 */
export const alignWithParent = style({
  // Where `:dir()` is not understood, at least not centred by a row header.
  textAlign: 'start',
  selectors: {
    ':dir(ltr) > &': { textAlign: 'left' },
    ':dir(rtl) > &': { textAlign: 'right' },
  },
});
