/*
 * Text from a request that a message quotes back, or a name must show: kept apart from validation.ts (zod, Fastify)
 * so that the SQLite ingest thread's alert reader can use it too.
 */

/**
 * Characters that do not show as themselves, or change how what follows reads: controls, format characters
 * (text-direction overrides, zero-width ones, tags), line and paragraph separators, halves of characters, and every
 * character Unicode says to draw as nothing (Default_Ignorable_Code_Point: variation selectors, the combining
 * grapheme joiner, the blank Hangul fillers, Khmer's inherent vowels, Mongolian's free variation selectors...).
 */
const UNSHOWN = '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cs}\\p{Default_Ignorable_Code_Point}';
const UNSHOWN_CHARACTER = new RegExp(`[${UNSHOWN}]`, 'gu');
/** Besides those, a name of spaces, Braille blanks (U+2800) or combining marks with nothing to sit on shows nothing. */
const NOTHING_SHOWN = new RegExp(`^[${UNSHOWN}\\s\\u2800\\p{M}]*$`, 'u');

/**
 * Text from a request as a message quotes it back: those characters written as escapes (`\u202e`, `\u{e0001}`), so
 * a message never carries a bell, a right-to-left override or an invisible character to whoever reads it.
 */
export function escapeUnshown(text: string): string {
  return text.replace(UNSHOWN_CHARACTER, (char) => {
    const code = char.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * True for text with at least one character that shows (a name of zero-width spaces, Hangul fillers, Braille blanks or
 * lone accents has none).
 */
export const hasVisibleCharacters = (value: string) => !NOTHING_SHOWN.test(value);

/**
 * Text a message quotes back, at most `max` characters long: cut to whole characters with an ellipsis, never
 * through an escape JSON wrote in it (`\u000` of `\u0007`, the `\` of `\n`), then escaped as escapeUnshown does.
 */
export function shownShort(text: string, max = 40): string {
  const characters = Array.from(text);
  if (characters.length <= max) return escapeUnshown(text);
  const cut = characters
    .slice(0, max - 1)
    .join('')
    .replace(/(^|[^\\])((?:\\\\)*)\\(?:u[0-9a-fA-F]{0,3})?$/, '$1$2');
  return escapeUnshown(`${cut}…`);
}
