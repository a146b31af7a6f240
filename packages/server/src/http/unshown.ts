/*
 * Text from a request that a message quotes back, or a name must show: kept apart from validation.ts (zod, Fastify)
 * so that the SQLite ingest thread's alert reader can use it too.
 */

/**
 * Characters that do not show as themselves, or change how what follows reads: controls, format characters
 * (text-direction overrides, zero-width ones, tags), line and paragraph separators, halves of characters, variation
 * selectors, the combining grapheme joiner and the blank Hangul fillers.
 */
const UNSHOWN =
  '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cs}\\u034F\\u115F\\u1160\\u3164\\uFFA0\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}';
// eslint-disable-next-line no-misleading-character-class -- each combining character is matched alone, on purpose
const UNSHOWN_CHARACTER = new RegExp(`[${UNSHOWN}]`, 'gu');
// eslint-disable-next-line no-misleading-character-class -- as above
const NOTHING_SHOWN = new RegExp(`^[${UNSHOWN}\\s]*$`, 'u');

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

/** True for text with at least one character that shows (a name of zero-width spaces or Hangul fillers has none). */
export const hasVisibleCharacters = (value: string) => !NOTHING_SHOWN.test(value);
